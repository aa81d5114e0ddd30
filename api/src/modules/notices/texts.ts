import { formatPaise } from '@sawari/domain';

/**
 * What a rider is told about an outcome, in their language. Every kind has English and Hindi; a rider whose language
 * has no text for a kind here (mr, ml, ta, kn: the payment kinds and a trip cancelled have all six) gets English. Times are India time.
 * Never a raw code: a payment's failure reason is said in words (paymentFailureWords).
 */
export type NoticeLanguage = 'en' | 'hi' | 'mr' | 'ml' | 'ta' | 'kn';
export const NOTICE_LANGUAGES: readonly NoticeLanguage[] = ['en', 'hi', 'mr', 'ml', 'ta', 'kn'];

export type Notice =
  /** disruption: the operator's reason (WEATHER, TRAFFIC, BREAKDOWN); null or absent (notices made before): none said. */
  | { kind: 'tripCancelled'; line: string; departure: number; refundPaise: number; disruption?: string | null }
  | { kind: 'tripMoved'; line: string; departure: number }
  | { kind: 'vehicleChanged'; line: string; departure: number; vehicleNo: string }
  | { kind: 'refundSent'; amountPaise: number }
  | { kind: 'refundSettled'; amountPaise: number }
  | { kind: 'bookingConfirmed'; line: string; departure: number; seats: number }
  | { kind: 'slotChanged'; line: string; departure: number }
  | { kind: 'verificationApproved'; pass: string; payablePaise: number }
  | { kind: 'verificationRejected'; pass: string; reason: string }
  | { kind: 'cardLoadWritten'; amountPaise: number; last4: string }
  /** A paid order's product was issued (label: the seller's "General pass, 30 days"). */
  | { kind: 'paymentReceived'; label: string; amountPaise: number }
  /** A free order's product was issued (freeWith: the offer's title). */
  | { kind: 'productReady'; label: string; freeWith: string | null }
  /** A payment failed or lapsed (reason: the gateway's or payments' failureReason code, said in words). */
  | { kind: 'paymentFailed'; label: string; reason: string | null };

export type NoticeKind = Notice['kind'];

const when = (lang: NoticeLanguage, ms: number) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-IN' : `${lang}-IN-u-nu-latn`, {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(ms);

type Texts = { [K in NoticeKind]: (n: Extract<Notice, { kind: K }>) => string };

/**
 * Why the operator cancelled a trip, in words made to follow "because of" in each language (mf-premium's
 * `disruption.*` say the same); a reason without words, or none: null (the sentence then names no reason).
 */
export const DISRUPTION_WORDS: Record<NoticeLanguage, Record<'WEATHER' | 'TRAFFIC' | 'BREAKDOWN', string>> = {
  en: { WEATHER: 'bad weather', TRAFFIC: 'traffic', BREAKDOWN: 'a bus breakdown' },
  hi: { WEATHER: 'खराब मौसम', TRAFFIC: 'ट्रैफ़िक', BREAKDOWN: 'बस खराब होने' },
  mr: { WEATHER: 'खराब हवामान', TRAFFIC: 'वाहतूक कोंडी', BREAKDOWN: 'बस बिघाड' },
  ta: { WEATHER: 'மோசமான வானிலை', TRAFFIC: 'போக்குவரத்து நெரிசல்', BREAKDOWN: 'பேருந்து பழுது' },
  kn: { WEATHER: 'ಕೆಟ್ಟ ಹವಾಮಾನ', TRAFFIC: 'ಸಂಚಾರ ದಟ್ಟಣೆ', BREAKDOWN: 'ಬಸ್ ಕೆಟ್ಟುಹೋದದ್ದು' },
  ml: { WEATHER: 'മോശം കാലാവസ്ഥ', TRAFFIC: 'ഗതാഗതക്കുരുക്ക്', BREAKDOWN: 'ബസ് തകരാർ' },
};
const disruptionWords = (lang: NoticeLanguage, d: string | null | undefined): string | null => {
  const words = DISRUPTION_WORDS[lang] as Record<string, string>;
  return d && Object.prototype.hasOwnProperty.call(words, d) ? words[d] : null;
};

/** A trip the operator cancelled, in each language: why (when known), the refund in full, and the way on. */
const TRIP_CANCELLED: Record<NoticeLanguage, (n: Extract<Notice, { kind: 'tripCancelled' }>) => string> = {
  en: (n) => {
    const why = disruptionWords('en', n.disruption);
    const trip = `${n.line} trip of ${when('en', n.departure)}`;
    return `Sawari: ${why ? `your ${trip} was cancelled because of ${why}.` : `the operator cancelled your ${trip}.`}${
      n.refundPaise > 0 ? ` ${formatPaise(n.refundPaise)} will be refunded in full to how you paid.` : ''
    } You can book another slot in the app.`;
  },
  hi: (n) => {
    const why = disruptionWords('hi', n.disruption);
    const trip = `${when('hi', n.departure)} की आपकी ${n.line} यात्रा`;
    return `Sawari: ${why ? `${trip} ${why} के कारण रद्द कर दी गई।` : `ऑपरेटर ने ${trip} रद्द कर दी।`}${
      n.refundPaise > 0 ? ` ${formatPaise(n.refundPaise)} पूरे उसी तरीके से वापस किए जाएंगे जिससे आपने भुगतान किया।` : ''
    } आप ऐप में दूसरा स्लॉट बुक कर सकते हैं।`;
  },
  mr: (n) => {
    const why = disruptionWords('mr', n.disruption);
    const trip = `${when('mr', n.departure)} ची तुमची ${n.line} फेरी`;
    return `Sawari: ${why ? `${trip} ${why} मुळे रद्द झाली.` : `ऑपरेटरने ${trip} रद्द केली.`}${
      n.refundPaise > 0 ? ` ${formatPaise(n.refundPaise)} पूर्ण, तुम्ही ज्या प्रकारे पैसे भरले त्याच प्रकारे परत केले जातील.` : ''
    } तुम्ही ॲपमध्ये दुसरा स्लॉट बुक करू शकता.`;
  },
  ta: (n) => {
    const why = disruptionWords('ta', n.disruption);
    const trip = `${when('ta', n.departure)} அன்று உங்கள் ${n.line} பயணம்`;
    return `Sawari: ${why ? `${trip} ${why} காரணமாக ரத்து செய்யப்பட்டது.` : `${trip} இயக்குநரால் ரத்து செய்யப்பட்டது.`}${
      n.refundPaise > 0 ? ` ${formatPaise(n.refundPaise)} முழுமையாக, நீங்கள் செலுத்திய வழியிலேயே திருப்பித் தரப்படும்.` : ''
    } செயலியில் வேறு நேரத்தை முன்பதிவு செய்யலாம்.`;
  },
  kn: (n) => {
    const why = disruptionWords('kn', n.disruption);
    const trip = `${when('kn', n.departure)} ರ ನಿಮ್ಮ ${n.line} ಪ್ರಯಾಣವನ್ನು`;
    return `Sawari: ${why ? `${trip} ${why} ಕಾರಣದಿಂದ ರದ್ದುಗೊಳಿಸಲಾಗಿದೆ.` : `${trip} ಆಪರೇಟರ್ ರದ್ದುಗೊಳಿಸಿದ್ದಾರೆ.`}${
      n.refundPaise > 0 ? ` ${formatPaise(n.refundPaise)} ಪೂರ್ಣವಾಗಿ, ನೀವು ಪಾವತಿಸಿದ ವಿಧಾನಕ್ಕೇ ವಾಪಸ್ ನೀಡಲಾಗುವುದು.` : ''
    } ಆ್ಯಪ್‌ನಲ್ಲಿ ಇನ್ನೊಂದು ಸ್ಲಾಟ್ ಬುಕ್ ಮಾಡಬಹುದು.`;
  },
  ml: (n) => {
    const why = disruptionWords('ml', n.disruption);
    const trip = `${when('ml', n.departure)} ലെ നിങ്ങളുടെ ${n.line} യാത്ര`;
    return `Sawari: ${why ? `${trip} ${why} കാരണം റദ്ദാക്കി.` : `${trip} ഓപ്പറേറ്റർ റദ്ദാക്കി.`}${
      n.refundPaise > 0 ? ` ${formatPaise(n.refundPaise)} മുഴുവനായി, നിങ്ങൾ പണമടച്ച രീതിയിലേക്ക് തിരികെ നൽകും.` : ''
    } ആപ്പിൽ മറ്റൊരു സ്ലോട്ട് ബുക്ക് ചെയ്യാം.`;
  },
};

const EN: Texts = {
  tripCancelled: TRIP_CANCELLED.en,
  tripMoved: (n) => `Sawari: the operator moved your ${n.line} seat to the trip of ${when('en', n.departure)}. Your new ticket is in the app.`,
  vehicleChanged: (n) => `Sawari: your ${n.line} trip of ${when('en', n.departure)} now runs with bus ${n.vehicleNo}.`,
  refundSent: (n) => `Sawari: a refund of ${formatPaise(n.amountPaise)} is on its way to how you paid. Banks take up to 7 working days.`,
  refundSettled: (n) => `Sawari: your refund of ${formatPaise(n.amountPaise)} has been sent back to how you paid.`,
  bookingConfirmed: (n) =>
    `Sawari: your ${n.line} booking is confirmed: ${n.seats} ${n.seats === 1 ? 'seat' : 'seats'} on ${when('en', n.departure)}. Your ticket is in the app.`,
  slotChanged: (n) => `Sawari: your ${n.line} booking now departs ${when('en', n.departure)}. Your new ticket is in the app.`,
  verificationApproved: (n) =>
    `Sawari: your documents for the ${n.pass} were approved. ${n.payablePaise > 0 ? `Pay ${formatPaise(n.payablePaise)} in the app to get your pass.` : 'Your pass is being issued.'}`,
  verificationRejected: (n) => `Sawari: your documents for the ${n.pass} were not approved: ${n.reason} Open the app to send them again.`,
  cardLoadWritten: (n) => `Sawari: ${formatPaise(n.amountPaise)} was added to your card ending ${n.last4} at a bus validator.`,
  paymentReceived: (n) => `Sawari: payment of ${formatPaise(n.amountPaise)} received for ${n.label}. It is ready in Your tickets and passes.`,
  productReady: (n) => `Sawari: ${n.label} is ready in Your tickets and passes${n.freeWith ? ` (free with ${n.freeWith})` : ''}.`,
  paymentFailed: (n) =>
    `Sawari: your payment for ${n.label} did not go through: ${paymentFailureWords('en', n.reason)}. No ticket or pass was issued; you can pay again in the app.`,
};

const HI: Texts = {
  tripCancelled: TRIP_CANCELLED.hi,
  tripMoved: (n) => `Sawari: ऑपरेटर ने आपकी ${n.line} सीट ${when('hi', n.departure)} की यात्रा में बदल दी। आपका नया टिकट ऐप में है।`,
  vehicleChanged: (n) => `Sawari: ${when('hi', n.departure)} की आपकी ${n.line} यात्रा अब बस ${n.vehicleNo} से चलेगी।`,
  refundSent: (n) => `Sawari: ${formatPaise(n.amountPaise)} का रिफंड उसी तरीके से भेजा जा रहा है जिससे आपने भुगतान किया। बैंक 7 कार्य दिवस तक लेते हैं।`,
  refundSettled: (n) => `Sawari: आपका ${formatPaise(n.amountPaise)} का रिफंड उसी तरीके से वापस भेज दिया गया है जिससे आपने भुगतान किया।`,
  bookingConfirmed: (n) => `Sawari: आपकी ${n.line} बुकिंग पक्की है: ${when('hi', n.departure)} को ${n.seats} सीट। आपका टिकट ऐप में है।`,
  slotChanged: (n) => `Sawari: आपकी ${n.line} बुकिंग अब ${when('hi', n.departure)} को चलेगी। आपका नया टिकट ऐप में है।`,
  verificationApproved: (n) =>
    `Sawari: ${n.pass} के लिए आपके दस्तावेज़ स्वीकृत हो गए। ${n.payablePaise > 0 ? `पास पाने के लिए ऐप में ${formatPaise(n.payablePaise)} का भुगतान करें।` : 'आपका पास जारी किया जा रहा है।'}`,
  verificationRejected: (n) => `Sawari: ${n.pass} के लिए आपके दस्तावेज़ स्वीकृत नहीं हुए: ${n.reason} उन्हें फिर से भेजने के लिए ऐप खोलें।`,
  cardLoadWritten: (n) => `Sawari: बस वैलिडेटर पर ${n.last4} पर ख़त्म होने वाले आपके कार्ड में ${formatPaise(n.amountPaise)} जोड़े गए।`,
  paymentReceived: (n) => `Sawari: ${n.label} के लिए ${formatPaise(n.amountPaise)} का भुगतान मिल गया। यह "आपके टिकट और पास" में तैयार है।`,
  productReady: (n) => `Sawari: ${n.label} "आपके टिकट और पास" में तैयार है${n.freeWith ? ` (${n.freeWith} के साथ मुफ़्त)` : ''}।`,
  paymentFailed: (n) =>
    `Sawari: ${n.label} के लिए आपका भुगतान नहीं हो पाया: ${paymentFailureWords('hi', n.reason)}। कोई टिकट या पास जारी नहीं हुआ; आप ऐप में फिर से भुगतान कर सकते हैं।`,
};

type PaymentKind = 'paymentReceived' | 'productReady' | 'paymentFailed' | 'tripCancelled';
type PaymentTexts = { [K in PaymentKind]: (n: Extract<Notice, { kind: K }>) => string };

/** The payment kinds and a trip cancelled in the four languages whose other kinds are still English. */
const MORE: Record<'mr' | 'ml' | 'ta' | 'kn', PaymentTexts> = {
  mr: {
    tripCancelled: TRIP_CANCELLED.mr,
    paymentReceived: (n) => `Sawari: ${n.label} साठी ${formatPaise(n.amountPaise)} चे पेमेंट मिळाले. ते "तुमची तिकिटे आणि पास" मध्ये तयार आहे.`,
    productReady: (n) => `Sawari: ${n.label} "तुमची तिकिटे आणि पास" मध्ये तयार आहे${n.freeWith ? ` (${n.freeWith} सह मोफत)` : ''}.`,
    paymentFailed: (n) =>
      `Sawari: ${n.label} साठी तुमचे पेमेंट झाले नाही: ${paymentFailureWords('mr', n.reason)}. कोणतेही तिकीट किंवा पास दिलेला नाही; तुम्ही ॲपमध्ये पुन्हा पैसे भरू शकता.`,
  },
  ta: {
    tripCancelled: TRIP_CANCELLED.ta,
    paymentReceived: (n) => `Sawari: ${formatPaise(n.amountPaise)} கட்டணம் பெறப்பட்டது (${n.label}). இது "உங்கள் டிக்கெட்டுகள் மற்றும் பாஸ்கள்" பகுதியில் தயாராக உள்ளது.`,
    productReady: (n) => `Sawari: ${n.label} "உங்கள் டிக்கெட்டுகள் மற்றும் பாஸ்கள்" பகுதியில் தயாராக உள்ளது${n.freeWith ? ` (${n.freeWith} மூலம் இலவசம்)` : ''}.`,
    paymentFailed: (n) =>
      `Sawari: உங்கள் கட்டணம் (${n.label}) செலுத்தப்படவில்லை: ${paymentFailureWords('ta', n.reason)}. டிக்கெட் அல்லது பாஸ் எதுவும் வழங்கப்படவில்லை; செயலியில் மீண்டும் செலுத்தலாம்.`,
  },
  kn: {
    tripCancelled: TRIP_CANCELLED.kn,
    paymentReceived: (n) => `Sawari: ${formatPaise(n.amountPaise)} ಪಾವತಿ ಸ್ವೀಕರಿಸಲಾಗಿದೆ (${n.label}). ಇದು "ನಿಮ್ಮ ಟಿಕೆಟ್‌ಗಳು ಮತ್ತು ಪಾಸ್‌ಗಳು" ವಿಭಾಗದಲ್ಲಿ ಸಿದ್ಧವಾಗಿದೆ.`,
    productReady: (n) => `Sawari: ${n.label} "ನಿಮ್ಮ ಟಿಕೆಟ್‌ಗಳು ಮತ್ತು ಪಾಸ್‌ಗಳು" ವಿಭಾಗದಲ್ಲಿ ಸಿದ್ಧವಾಗಿದೆ${n.freeWith ? ` (${n.freeWith} ಮೂಲಕ ಉಚಿತ)` : ''}.`,
    paymentFailed: (n) => `Sawari: ನಿಮ್ಮ ಪಾವತಿ (${n.label}) ಆಗಲಿಲ್ಲ: ${paymentFailureWords('kn', n.reason)}. ಯಾವುದೇ ಟಿಕೆಟ್ ಅಥವಾ ಪಾಸ್ ನೀಡಲಾಗಿಲ್ಲ; ಆ್ಯಪ್‌ನಲ್ಲಿ ಮತ್ತೆ ಪಾವತಿಸಬಹುದು.`,
  },
  ml: {
    tripCancelled: TRIP_CANCELLED.ml,
    paymentReceived: (n) => `Sawari: ${formatPaise(n.amountPaise)} പേയ്‌മെന്റ് ലഭിച്ചു (${n.label}). ഇത് "നിങ്ങളുടെ ടിക്കറ്റുകളും പാസുകളും" എന്നതിൽ തയ്യാറാണ്.`,
    productReady: (n) => `Sawari: ${n.label} "നിങ്ങളുടെ ടിക്കറ്റുകളും പാസുകളും" എന്നതിൽ തയ്യാറാണ്${n.freeWith ? ` (${n.freeWith} വഴി സൗജന്യം)` : ''}.`,
    paymentFailed: (n) =>
      `Sawari: നിങ്ങളുടെ പേയ്‌മെന്റ് (${n.label}) നടന്നില്ല: ${paymentFailureWords('ml', n.reason)}. ടിക്കറ്റോ പാസോ നൽകിയിട്ടില്ല; ആപ്പിൽ വീണ്ടും പണമടയ്ക്കാം.`,
  },
};

/**
 * A payment's failure reason (the sandbox gateway's codes, docs/payments.md, and payments' own GATEWAY_NO_CHARGE and
 * ORDER_CHANGED_REFUNDED) in words, in each language; an unknown code or none: "it could not be completed". The
 * checkout says the same in longer words (shell checkout failureReasons.ts).
 */
export const PAYMENT_FAILURE_WORDS: Record<NoticeLanguage, Record<string, string>> = {
  en: {
    CARD_DECLINED: 'your bank declined the card',
    INSUFFICIENT_FUNDS: 'there was not enough money in the account',
    EXPIRED_CARD: 'the card has expired',
    AUTHENTICATION_FAILED: 'your bank could not verify it (OTP or PIN)',
    UPI_DECLINED: 'it was declined in your UPI app',
    UPI_REQUEST_EXPIRED: 'the UPI request expired before it was approved',
    BANK_DECLINED: 'your bank declined it',
    BANK_NOT_SUPPORTED: 'this bank does not take netbanking payments here yet',
    INSUFFICIENT_WALLET_BALANCE: 'the wallet balance was too low',
    NOT_PAID_AT_COUNTER: 'the cash was not paid at the counter in time',
    GATEWAY_NO_CHARGE: 'it could not be completed, and nothing was charged',
    ORDER_CHANGED_REFUNDED: 'the order changed while it was being paid, so the money is being refunded',
    CARD_EXPIRED: 'the card has expired',
    PAYMENT_TIMED_OUT: 'the UPI request expired before it was approved',
    PAYMENT_FAILED: 'your bank declined it',
    GATEWAY_UNAVAILABLE: 'it could not be completed, and nothing was charged',
    GATEWAY_NO_ORDER: 'it could not be completed, and nothing was charged',
    CHECKOUT_EXPIRED: 'it could not be completed, and nothing was charged',
    PAYMENT_CANCELLED: 'you left the payment page before paying, and nothing was charged',
    other: 'it could not be completed',
  },
  hi: {
    CARD_DECLINED: 'आपके बैंक ने कार्ड अस्वीकार कर दिया',
    INSUFFICIENT_FUNDS: 'खाते में पर्याप्त पैसे नहीं थे',
    EXPIRED_CARD: 'कार्ड की अवधि समाप्त हो चुकी है',
    AUTHENTICATION_FAILED: 'आपका बैंक भुगतान सत्यापित नहीं कर सका (OTP या PIN)',
    UPI_DECLINED: 'आपके UPI ऐप में भुगतान अस्वीकार हुआ',
    UPI_REQUEST_EXPIRED: 'UPI अनुरोध स्वीकृति से पहले समाप्त हो गया',
    BANK_DECLINED: 'आपके बैंक ने भुगतान अस्वीकार कर दिया',
    BANK_NOT_SUPPORTED: 'यह बैंक अभी यहाँ नेटबैंकिंग भुगतान नहीं लेता',
    INSUFFICIENT_WALLET_BALANCE: 'वॉलेट में पर्याप्त बैलेंस नहीं था',
    NOT_PAID_AT_COUNTER: 'काउंटर पर समय पर नकद भुगतान नहीं हुआ',
    GATEWAY_NO_CHARGE: 'भुगतान पूरा नहीं हो सका, और कोई पैसा नहीं कटा',
    ORDER_CHANGED_REFUNDED: 'भुगतान के दौरान ऑर्डर बदल गया, इसलिए पैसे वापस किए जा रहे हैं',
    CARD_EXPIRED: 'कार्ड की अवधि समाप्त हो चुकी है',
    PAYMENT_TIMED_OUT: 'UPI अनुरोध स्वीकृति से पहले समाप्त हो गया',
    PAYMENT_FAILED: 'आपके बैंक ने भुगतान अस्वीकार कर दिया',
    GATEWAY_UNAVAILABLE: 'भुगतान पूरा नहीं हो सका, और कोई पैसा नहीं कटा',
    GATEWAY_NO_ORDER: 'भुगतान पूरा नहीं हो सका, और कोई पैसा नहीं कटा',
    CHECKOUT_EXPIRED: 'भुगतान पूरा नहीं हो सका, और कोई पैसा नहीं कटा',
    PAYMENT_CANCELLED: 'आपने भुगतान से पहले भुगतान पेज छोड़ दिया, कोई पैसा नहीं कटा',
    other: 'भुगतान पूरा नहीं हो सका',
  },
  mr: {
    CARD_DECLINED: 'तुमच्या बँकेने कार्ड नाकारले',
    INSUFFICIENT_FUNDS: 'खात्यात पुरेसे पैसे नव्हते',
    EXPIRED_CARD: 'कार्डची मुदत संपली आहे',
    AUTHENTICATION_FAILED: 'तुमची बँक पेमेंटची पडताळणी करू शकली नाही (OTP किंवा PIN)',
    UPI_DECLINED: 'तुमच्या UPI ॲपमध्ये पेमेंट नाकारले गेले',
    UPI_REQUEST_EXPIRED: 'मंजुरीपूर्वी UPI विनंतीची मुदत संपली',
    BANK_DECLINED: 'तुमच्या बँकेने पेमेंट नाकारले',
    BANK_NOT_SUPPORTED: 'ही बँक इथे अजून नेटबँकिंग पेमेंट घेत नाही',
    INSUFFICIENT_WALLET_BALANCE: 'वॉलेटमध्ये पुरेशी शिल्लक नव्हती',
    NOT_PAID_AT_COUNTER: 'काउंटरवर वेळेत रोख पैसे भरले गेले नाहीत',
    GATEWAY_NO_CHARGE: 'पेमेंट पूर्ण होऊ शकले नाही, आणि कोणतेही पैसे कापले गेले नाहीत',
    ORDER_CHANGED_REFUNDED: 'पेमेंट सुरू असताना ऑर्डर बदलली, म्हणून पैसे परत केले जात आहेत',
    CARD_EXPIRED: 'कार्डची मुदत संपली आहे',
    PAYMENT_TIMED_OUT: 'मंजुरीपूर्वी UPI विनंतीची मुदत संपली',
    PAYMENT_FAILED: 'तुमच्या बँकेने पेमेंट नाकारले',
    GATEWAY_UNAVAILABLE: 'पेमेंट पूर्ण होऊ शकले नाही, आणि कोणतेही पैसे कापले गेले नाहीत',
    GATEWAY_NO_ORDER: 'पेमेंट पूर्ण होऊ शकले नाही, आणि कोणतेही पैसे कापले गेले नाहीत',
    CHECKOUT_EXPIRED: 'पेमेंट पूर्ण होऊ शकले नाही, आणि कोणतेही पैसे कापले गेले नाहीत',
    PAYMENT_CANCELLED: 'पैसे भरण्यापूर्वी तुम्ही पेमेंट पेज सोडले, कोणतेही पैसे कापले गेले नाहीत',
    other: 'पेमेंट पूर्ण होऊ शकले नाही',
  },
  ta: {
    CARD_DECLINED: 'உங்கள் வங்கி கார்டை நிராகரித்தது',
    INSUFFICIENT_FUNDS: 'கணக்கில் போதுமான பணம் இல்லை',
    EXPIRED_CARD: 'கார்டின் காலாவதி முடிந்துவிட்டது',
    AUTHENTICATION_FAILED: 'உங்கள் வங்கியால் கட்டணத்தைச் சரிபார்க்க முடியவில்லை (OTP அல்லது PIN)',
    UPI_DECLINED: 'உங்கள் UPI செயலியில் கட்டணம் நிராகரிக்கப்பட்டது',
    UPI_REQUEST_EXPIRED: 'ஒப்புதல் அளிக்கும் முன் UPI கோரிக்கை காலாவதியானது',
    BANK_DECLINED: 'உங்கள் வங்கி கட்டணத்தை நிராகரித்தது',
    BANK_NOT_SUPPORTED: 'இந்த வங்கி இங்கே இன்னும் நெட்பேங்கிங் கட்டணத்தை ஏற்கவில்லை',
    INSUFFICIENT_WALLET_BALANCE: 'வாலட்டில் போதுமான இருப்பு இல்லை',
    NOT_PAID_AT_COUNTER: 'கவுண்டரில் நேரத்திற்குள் பணம் செலுத்தப்படவில்லை',
    GATEWAY_NO_CHARGE: 'கட்டணத்தை முடிக்க முடியவில்லை, உங்களிடம் பணம் எடுக்கப்படவில்லை',
    ORDER_CHANGED_REFUNDED: 'கட்டணம் செலுத்தும்போது ஆர்டர் மாறியது, எனவே பணம் திருப்பி அனுப்பப்படுகிறது',
    CARD_EXPIRED: 'கார்டின் காலாவதி முடிந்துவிட்டது',
    PAYMENT_TIMED_OUT: 'ஒப்புதல் அளிக்கும் முன் UPI கோரிக்கை காலாவதியானது',
    PAYMENT_FAILED: 'உங்கள் வங்கி கட்டணத்தை நிராகரித்தது',
    GATEWAY_UNAVAILABLE: 'கட்டணத்தை முடிக்க முடியவில்லை, உங்களிடம் பணம் எடுக்கப்படவில்லை',
    GATEWAY_NO_ORDER: 'கட்டணத்தை முடிக்க முடியவில்லை, உங்களிடம் பணம் எடுக்கப்படவில்லை',
    CHECKOUT_EXPIRED: 'கட்டணத்தை முடிக்க முடியவில்லை, உங்களிடம் பணம் எடுக்கப்படவில்லை',
    PAYMENT_CANCELLED: 'பணம் செலுத்தும் முன் நீங்கள் கட்டணப் பக்கத்தை விட்டு வெளியேறினீர்கள், பணம் எடுக்கப்படவில்லை',
    other: 'கட்டணத்தை முடிக்க முடியவில்லை',
  },
  kn: {
    CARD_DECLINED: 'ನಿಮ್ಮ ಬ್ಯಾಂಕ್ ಕಾರ್ಡ್ ಅನ್ನು ನಿರಾಕರಿಸಿತು',
    INSUFFICIENT_FUNDS: 'ಖಾತೆಯಲ್ಲಿ ಸಾಕಷ್ಟು ಹಣ ಇರಲಿಲ್ಲ',
    EXPIRED_CARD: 'ಕಾರ್ಡ್‌ನ ಅವಧಿ ಮುಗಿದಿದೆ',
    AUTHENTICATION_FAILED: 'ನಿಮ್ಮ ಬ್ಯಾಂಕ್ ಪಾವತಿಯನ್ನು ಪರಿಶೀಲಿಸಲು ಆಗಲಿಲ್ಲ (OTP ಅಥವಾ PIN)',
    UPI_DECLINED: 'ನಿಮ್ಮ UPI ಆ್ಯಪ್‌ನಲ್ಲಿ ಪಾವತಿ ನಿರಾಕರಿಸಲಾಯಿತು',
    UPI_REQUEST_EXPIRED: 'ಅನುಮೋದನೆಗೆ ಮೊದಲೇ UPI ವಿನಂತಿಯ ಅವಧಿ ಮುಗಿಯಿತು',
    BANK_DECLINED: 'ನಿಮ್ಮ ಬ್ಯಾಂಕ್ ಪಾವತಿಯನ್ನು ನಿರಾಕರಿಸಿತು',
    BANK_NOT_SUPPORTED: 'ಈ ಬ್ಯಾಂಕ್ ಇಲ್ಲಿ ಇನ್ನೂ ನೆಟ್‌ಬ್ಯಾಂಕಿಂಗ್ ಪಾವತಿ ಸ್ವೀಕರಿಸುವುದಿಲ್ಲ',
    INSUFFICIENT_WALLET_BALANCE: 'ವಾಲೆಟ್‌ನಲ್ಲಿ ಸಾಕಷ್ಟು ಬ್ಯಾಲೆನ್ಸ್ ಇರಲಿಲ್ಲ',
    NOT_PAID_AT_COUNTER: 'ಕೌಂಟರ್‌ನಲ್ಲಿ ಸಮಯಕ್ಕೆ ನಗದು ಪಾವತಿಸಲಿಲ್ಲ',
    GATEWAY_NO_CHARGE: 'ಪಾವತಿ ಪೂರ್ಣಗೊಳ್ಳಲಿಲ್ಲ, ನಿಮ್ಮಿಂದ ಹಣ ಕಡಿತವಾಗಿಲ್ಲ',
    ORDER_CHANGED_REFUNDED: 'ಪಾವತಿಯ ವೇಳೆ ಆರ್ಡರ್ ಬದಲಾಯಿತು, ಆದ್ದರಿಂದ ಹಣವನ್ನು ಹಿಂತಿರುಗಿಸಲಾಗುತ್ತಿದೆ',
    CARD_EXPIRED: 'ಕಾರ್ಡ್‌ನ ಅವಧಿ ಮುಗಿದಿದೆ',
    PAYMENT_TIMED_OUT: 'ಅನುಮೋದನೆಗೆ ಮೊದಲೇ UPI ವಿನಂತಿಯ ಅವಧಿ ಮುಗಿಯಿತು',
    PAYMENT_FAILED: 'ನಿಮ್ಮ ಬ್ಯಾಂಕ್ ಪಾವತಿಯನ್ನು ನಿರಾಕರಿಸಿತು',
    GATEWAY_UNAVAILABLE: 'ಪಾವತಿ ಪೂರ್ಣಗೊಳ್ಳಲಿಲ್ಲ, ನಿಮ್ಮಿಂದ ಹಣ ಕಡಿತವಾಗಿಲ್ಲ',
    GATEWAY_NO_ORDER: 'ಪಾವತಿ ಪೂರ್ಣಗೊಳ್ಳಲಿಲ್ಲ, ನಿಮ್ಮಿಂದ ಹಣ ಕಡಿತವಾಗಿಲ್ಲ',
    CHECKOUT_EXPIRED: 'ಪಾವತಿ ಪೂರ್ಣಗೊಳ್ಳಲಿಲ್ಲ, ನಿಮ್ಮಿಂದ ಹಣ ಕಡಿತವಾಗಿಲ್ಲ',
    PAYMENT_CANCELLED: 'ಪಾವತಿಸುವ ಮೊದಲು ನೀವು ಪಾವತಿ ಪುಟವನ್ನು ಬಿಟ್ಟಿರಿ, ಹಣ ಕಡಿತವಾಗಿಲ್ಲ',
    other: 'ಪಾವತಿ ಪೂರ್ಣಗೊಳ್ಳಲಿಲ್ಲ',
  },
  ml: {
    CARD_DECLINED: 'നിങ്ങളുടെ ബാങ്ക് കാർഡ് നിരസിച്ചു',
    INSUFFICIENT_FUNDS: 'അക്കൗണ്ടിൽ ആവശ്യത്തിന് പണമില്ലായിരുന്നു',
    EXPIRED_CARD: 'കാർഡിന്റെ കാലാവധി കഴിഞ്ഞു',
    AUTHENTICATION_FAILED: 'നിങ്ങളുടെ ബാങ്കിന് പേയ്‌മെന്റ് സ്ഥിരീകരിക്കാനായില്ല (OTP അല്ലെങ്കിൽ PIN)',
    UPI_DECLINED: 'നിങ്ങളുടെ UPI ആപ്പിൽ പേയ്‌മെന്റ് നിരസിക്കപ്പെട്ടു',
    UPI_REQUEST_EXPIRED: 'അംഗീകരിക്കുന്നതിന് മുമ്പ് UPI അഭ്യർത്ഥനയുടെ സമയം കഴിഞ്ഞു',
    BANK_DECLINED: 'നിങ്ങളുടെ ബാങ്ക് പേയ്‌മെന്റ് നിരസിച്ചു',
    BANK_NOT_SUPPORTED: 'ഈ ബാങ്ക് ഇവിടെ ഇതുവരെ നെറ്റ്ബാങ്കിംഗ് പേയ്‌മെന്റ് സ്വീകരിക്കുന്നില്ല',
    INSUFFICIENT_WALLET_BALANCE: 'വാലറ്റിൽ ആവശ്യത്തിന് ബാലൻസ് ഇല്ലായിരുന്നു',
    NOT_PAID_AT_COUNTER: 'കൗണ്ടറിൽ സമയത്തിന് പണം അടച്ചില്ല',
    GATEWAY_NO_CHARGE: 'പേയ്‌മെന്റ് പൂർത്തിയായില്ല, നിങ്ങളിൽ നിന്ന് പണം ഈടാക്കിയിട്ടില്ല',
    ORDER_CHANGED_REFUNDED: 'പേയ്‌മെന്റിനിടെ ഓർഡർ മാറി, അതിനാൽ പണം തിരികെ നൽകുന്നു',
    CARD_EXPIRED: 'കാർഡിന്റെ കാലാവധി കഴിഞ്ഞു',
    PAYMENT_TIMED_OUT: 'അംഗീകരിക്കുന്നതിന് മുമ്പ് UPI അഭ്യർത്ഥനയുടെ സമയം കഴിഞ്ഞു',
    PAYMENT_FAILED: 'നിങ്ങളുടെ ബാങ്ക് പേയ്‌മെന്റ് നിരസിച്ചു',
    GATEWAY_UNAVAILABLE: 'പേയ്‌മെന്റ് പൂർത്തിയായില്ല, നിങ്ങളിൽ നിന്ന് പണം ഈടാക്കിയിട്ടില്ല',
    GATEWAY_NO_ORDER: 'പേയ്‌മെന്റ് പൂർത്തിയായില്ല, നിങ്ങളിൽ നിന്ന് പണം ഈടാക്കിയിട്ടില്ല',
    CHECKOUT_EXPIRED: 'പേയ്‌മെന്റ് പൂർത്തിയായില്ല, നിങ്ങളിൽ നിന്ന് പണം ഈടാക്കിയിട്ടില്ല',
    PAYMENT_CANCELLED: 'പണം അടയ്ക്കുന്നതിന് മുമ്പ് നിങ്ങൾ പേയ്‌മെന്റ് പേജ് വിട്ടു, പണം ഈടാക്കിയിട്ടില്ല',
    other: 'പേയ്‌മെന്റ് പൂർത്തിയായില്ല',
  },
};

/** A failure reason code in the rider's words ("other" for null or a code without words: never the code itself). */
export function paymentFailureWords(lang: NoticeLanguage, reason: string | null | undefined): string {
  const words = PAYMENT_FAILURE_WORDS[lang];
  return reason && Object.prototype.hasOwnProperty.call(words, reason) ? words[reason] : words.other;
}

export function isNoticeLanguage(v: unknown): v is NoticeLanguage {
  return typeof v === 'string' && (NOTICE_LANGUAGES as readonly string[]).includes(v);
}

/** The text of a notice in a language (English where the language has no texts). */
export function noticeText(lang: NoticeLanguage | null | undefined, n: Notice): string {
  const more = lang && lang !== 'en' && lang !== 'hi' ? (MORE[lang] as Partial<Record<NoticeKind, (x: Notice) => string>>)[n.kind] : undefined;
  if (more) return more(n);
  const texts = lang === 'hi' ? HI : EN;
  return (texts[n.kind] as (x: Notice) => string)(n);
}
