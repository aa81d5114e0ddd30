// What an API error means to a rider, by its code: the API's `message` is written for developers (`Field
// "bookingId" in the path: must be…`) and is never shown. Pure (no React), so the shell, every remote and the tests
// share it; riderError() answers texts in the rider's language (English, Hindi, Marathi, Malayalam, Tamil, Kannada).

/** The few things a failed request can mean to a rider; each has its own words and its own way on. */
export type RiderErrorKind = 'notFound' | 'badLink' | 'signIn' | 'offline' | 'busy' | 'notAllowed' | 'generic';

/** The fields of an ApiRequestError (or anything thrown) this mapper reads. */
export type ErrorLike = { status?: number; code?: string } | null | undefined;

const NOT_FOUND_CODES = new Set(['NOT_FOUND', 'USER_DOES_NOT_EXIST', 'ORDER_KIND_UNKNOWN', 'CARD_UNKNOWN', 'NO_TRANSIT_DATA']);
const BAD_LINK_CODES = new Set(['VALIDATION_FAILED', 'BAD_USER_INPUT', 'UNKNOWN_ROUTE_STOP', 'CATEGORY_NOT_FOUND', 'FARE_NOT_FOUND', 'NUL_CHARACTER']);
const SIGN_IN_CODES = new Set(['UNAUTHENTICATED', 'TOKEN_EXPIRED', 'REFRESH_INVALID', 'REFRESH_REUSED', 'USER_MISMATCH']);
const BUSY_CODES = new Set(['RATE_LIMITED', 'NOT_AVAILABLE', 'PLANNER_BUSY', 'PLANNER_TIMEOUT', 'SERVER_UNREACHABLE', 'OFFER_UNAVAILABLE']);
const NOT_ALLOWED_CODES = new Set(['PASSES_NOT_ENABLED', 'RESERVATIONS_NOT_ENABLED', 'TICKETS_NOT_ENABLED']);

/** The kind of a failed request, from its code first and its HTTP status second. */
export function riderErrorKind(error: ErrorLike): RiderErrorKind {
  const code = error?.code ?? '';
  const status = error?.status ?? 0;
  if (code === 'NETWORK_ERROR' || (status === 0 && code === '')) return 'offline';
  if (NOT_FOUND_CODES.has(code) || code.endsWith('_NOT_FOUND')) return 'notFound';
  if (BAD_LINK_CODES.has(code)) return 'badLink';
  if (SIGN_IN_CODES.has(code)) return 'signIn';
  if (BUSY_CODES.has(code)) return 'busy';
  if (NOT_ALLOWED_CODES.has(code)) return 'notAllowed';
  if (status === 404) return 'notFound';
  if (status === 400 || status === 422) return 'badLink';
  if (status === 401) return 'signIn';
  if (status === 429 || status === 503 || status === 502 || status === 504) return 'busy';
  if (status === 403) return 'notAllowed';
  return 'generic';
}

export type RiderErrorTexts = { title: string; message: string; home: string; retry: string };

type Catalog = Record<RiderErrorKind, { title: string; message: string }> & { home: string; retry: string };

const TEXTS: Record<string, Catalog> = {
  en: {
    notFound: { title: 'We could not find this', message: 'It may have been removed, or the link is not right. Your tickets and passes are in your wallet.' },
    badLink: { title: 'This link is not complete', message: 'Part of the address is missing or wrong. Start again from the home page.' },
    signIn: { title: 'Please sign in again', message: 'Your session has ended. Sign in to continue.' },
    offline: { title: 'You seem to be offline', message: 'Seems like you are offline. Please check your internet connection and try again' },
    busy: { title: 'Sawari is busy right now', message: 'Please try again in a minute.' },
    notAllowed: { title: 'Not available in this city', message: 'This service is not offered in your city yet.' },
    generic: { title: 'Could not load this', message: 'We could not complete this just now. Please try again.' },
    home: 'Go to the home page',
    retry: 'Try again',
  },
  hi: {
    notFound: { title: 'यह नहीं मिला', message: 'शायद इसे हटा दिया गया है या लिंक सही नहीं है। आपके टिकट और पास आपके वॉलेट में हैं।' },
    badLink: { title: 'यह लिंक अधूरा है', message: 'पते का कोई हिस्सा छूटा है या गलत है। होम पेज से फिर शुरू करें।' },
    signIn: { title: 'कृपया फिर से साइन इन करें', message: 'आपका सत्र समाप्त हो गया है। आगे बढ़ने के लिए साइन इन करें।' },
    offline: { title: 'आप ऑफ़लाइन लगते हैं', message: 'लगता है आप ऑफ़लाइन हैं। कृपया अपना इंटरनेट कनेक्शन जाँचें और फिर से कोशिश करें' },
    busy: { title: 'सवारी अभी व्यस्त है', message: 'कृपया एक मिनट बाद फिर से कोशिश करें।' },
    notAllowed: { title: 'इस शहर में उपलब्ध नहीं', message: 'यह सेवा अभी आपके शहर में नहीं है।' },
    generic: { title: 'यह लोड नहीं हो सका', message: 'अभी यह पूरा नहीं हो सका। कृपया फिर से कोशिश करें।' },
    home: 'होम पेज पर जाएँ',
    retry: 'फिर से कोशिश करें',
  },
  mr: {
    notFound: { title: 'हे सापडले नाही', message: 'कदाचित ते काढले गेले आहे किंवा लिंक बरोबर नाही. तुमची तिकिटे आणि पास तुमच्या वॉलेटमध्ये आहेत.' },
    badLink: { title: 'ही लिंक अपूर्ण आहे', message: 'पत्त्याचा काही भाग नाही किंवा चुकीचा आहे. मुख्य पानापासून पुन्हा सुरू करा.' },
    signIn: { title: 'कृपया पुन्हा साइन इन करा', message: 'तुमचे सत्र संपले आहे. पुढे जाण्यासाठी साइन इन करा.' },
    offline: { title: 'तुम्ही ऑफलाइन आहात असे दिसते', message: 'कृपया तुमचे इंटरनेट कनेक्शन तपासा आणि पुन्हा प्रयत्न करा' },
    busy: { title: 'सवारी सध्या व्यस्त आहे', message: 'कृपया एका मिनिटाने पुन्हा प्रयत्न करा.' },
    notAllowed: { title: 'या शहरात उपलब्ध नाही', message: 'ही सेवा अजून तुमच्या शहरात नाही.' },
    generic: { title: 'हे लोड होऊ शकले नाही', message: 'आत्ता हे पूर्ण होऊ शकले नाही. कृपया पुन्हा प्रयत्न करा.' },
    home: 'मुख्य पानावर जा',
    retry: 'पुन्हा प्रयत्न करा',
  },
  ml: {
    notFound: { title: 'ഇത് കണ്ടെത്താനായില്ല', message: 'ഇത് നീക്കം ചെയ്തിരിക്കാം, അല്ലെങ്കിൽ ലിങ്ക് ശരിയല്ല. നിങ്ങളുടെ ടിക്കറ്റുകളും പാസുകളും വാലറ്റിലുണ്ട്.' },
    badLink: { title: 'ഈ ലിങ്ക് പൂർണ്ണമല്ല', message: 'വിലാസത്തിന്റെ ഒരു ഭാഗം ഇല്ല അല്ലെങ്കിൽ തെറ്റാണ്. ഹോം പേജിൽ നിന്ന് വീണ്ടും തുടങ്ങുക.' },
    signIn: { title: 'വീണ്ടും സൈൻ ഇൻ ചെയ്യുക', message: 'നിങ്ങളുടെ സെഷൻ അവസാനിച്ചു. തുടരാൻ സൈൻ ഇൻ ചെയ്യുക.' },
    offline: { title: 'നിങ്ങൾ ഓഫ്‌ലൈനാണെന്ന് തോന്നുന്നു', message: 'ഇന്റർനെറ്റ് കണക്ഷൻ പരിശോധിച്ച് വീണ്ടും ശ്രമിക്കുക' },
    busy: { title: 'സവാരി ഇപ്പോൾ തിരക്കിലാണ്', message: 'ഒരു മിനിറ്റിനു ശേഷം വീണ്ടും ശ്രമിക്കുക.' },
    notAllowed: { title: 'ഈ നഗരത്തിൽ ലഭ്യമല്ല', message: 'ഈ സേവനം ഇതുവരെ നിങ്ങളുടെ നഗരത്തിൽ ഇല്ല.' },
    generic: { title: 'ഇത് ലോഡ് ചെയ്യാനായില്ല', message: 'ഇപ്പോൾ ഇത് പൂർത്തിയാക്കാനായില്ല. വീണ്ടും ശ്രമിക്കുക.' },
    home: 'ഹോം പേജിലേക്ക് പോകുക',
    retry: 'വീണ്ടും ശ്രമിക്കുക',
  },
  ta: {
    notFound: { title: 'இதைக் கண்டுபிடிக்க முடியவில்லை', message: 'இது நீக்கப்பட்டிருக்கலாம், அல்லது இணைப்பு சரியில்லை. உங்கள் டிக்கெட்டுகளும் பாஸ்களும் வாலட்டில் உள்ளன.' },
    badLink: { title: 'இந்த இணைப்பு முழுமையாக இல்லை', message: 'முகவரியின் ஒரு பகுதி இல்லை அல்லது தவறு. முகப்புப் பக்கத்திலிருந்து மீண்டும் தொடங்குங்கள்.' },
    signIn: { title: 'மீண்டும் உள்நுழையவும்', message: 'உங்கள் அமர்வு முடிந்தது. தொடர உள்நுழையவும்.' },
    offline: { title: 'நீங்கள் ஆஃப்லைனில் இருப்பதாகத் தெரிகிறது', message: 'இணைய இணைப்பைச் சரிபார்த்து மீண்டும் முயற்சிக்கவும்' },
    busy: { title: 'சவாரி இப்போது பரபரப்பாக உள்ளது', message: 'ஒரு நிமிடம் கழித்து மீண்டும் முயற்சிக்கவும்.' },
    notAllowed: { title: 'இந்த நகரத்தில் கிடைக்கவில்லை', message: 'இந்தச் சேவை இன்னும் உங்கள் நகரத்தில் இல்லை.' },
    generic: { title: 'இதை ஏற்ற முடியவில்லை', message: 'இப்போது இதை முடிக்க முடியவில்லை. மீண்டும் முயற்சிக்கவும்.' },
    home: 'முகப்புப் பக்கத்திற்குச் செல்லவும்',
    retry: 'மீண்டும் முயற்சிக்கவும்',
  },
  kn: {
    notFound: { title: 'ಇದು ಸಿಗಲಿಲ್ಲ', message: 'ಇದನ್ನು ತೆಗೆದುಹಾಕಿರಬಹುದು, ಅಥವಾ ಲಿಂಕ್ ಸರಿಯಿಲ್ಲ. ನಿಮ್ಮ ಟಿಕೆಟ್‌ಗಳು ಮತ್ತು ಪಾಸ್‌ಗಳು ವಾಲೆಟ್‌ನಲ್ಲಿವೆ.' },
    badLink: { title: 'ಈ ಲಿಂಕ್ ಅಪೂರ್ಣವಾಗಿದೆ', message: 'ವಿಳಾಸದ ಒಂದು ಭಾಗ ಇಲ್ಲ ಅಥವಾ ತಪ್ಪಾಗಿದೆ. ಮುಖಪುಟದಿಂದ ಮತ್ತೆ ಪ್ರಾರಂಭಿಸಿ.' },
    signIn: { title: 'ದಯವಿಟ್ಟು ಮತ್ತೆ ಸೈನ್ ಇನ್ ಮಾಡಿ', message: 'ನಿಮ್ಮ ಸೆಷನ್ ಮುಗಿದಿದೆ. ಮುಂದುವರಿಸಲು ಸೈನ್ ಇನ್ ಮಾಡಿ.' },
    offline: { title: 'ನೀವು ಆಫ್‌ಲೈನ್‌ನಲ್ಲಿರುವಂತಿದೆ', message: 'ಇಂಟರ್ನೆಟ್ ಸಂಪರ್ಕ ಪರಿಶೀಲಿಸಿ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ' },
    busy: { title: 'ಸವಾರಿ ಈಗ ಕಾರ್ಯನಿರತವಾಗಿದೆ', message: 'ಒಂದು ನಿಮಿಷದ ನಂತರ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.' },
    notAllowed: { title: 'ಈ ನಗರದಲ್ಲಿ ಲಭ್ಯವಿಲ್ಲ', message: 'ಈ ಸೇವೆ ಇನ್ನೂ ನಿಮ್ಮ ನಗರದಲ್ಲಿ ಇಲ್ಲ.' },
    generic: { title: 'ಇದನ್ನು ಲೋಡ್ ಮಾಡಲಾಗಲಿಲ್ಲ', message: 'ಈಗ ಇದನ್ನು ಪೂರ್ಣಗೊಳಿಸಲಾಗಲಿಲ್ಲ. ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.' },
    home: 'ಮುಖಪುಟಕ್ಕೆ ಹೋಗಿ',
    retry: 'ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ',
  },
};

/** The languages the mapper has words for (the app's six). */
export const RIDER_ERROR_LANGUAGES = Object.keys(TEXTS);

/** The rider's words for a failed request in `lang` (a locale such as 'hi' or 'hi-IN'; English when unknown). */
export function riderError(error: ErrorLike, lang: string): RiderErrorTexts & { kind: RiderErrorKind } {
  const catalog = TEXTS[lang.slice(0, 2)] ?? TEXTS.en;
  const kind = riderErrorKind(error);
  return { kind, ...catalog[kind], home: catalog.home, retry: catalog.retry };
}

/** One line for a form or a snackbar: the rider's message for `error` (never the API's developer text). */
export const riderErrorMessage = (error: ErrorLike, lang: string): string => riderError(error, lang).message;

/** Words the app shows that a rider should never see (tests use it). */
export const DEVELOPER_TEXT_PATTERNS: readonly RegExp[] = [/Field "\w+"/, /in the (path|body|query)/i, /\b[A-Z]{3,}(_[A-Z]+)+\b/];
