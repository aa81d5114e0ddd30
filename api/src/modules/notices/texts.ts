import { formatPaise } from '@sawari/domain';

/**
 * What a rider is told about an outcome, in their language. Every kind has English and Hindi; a rider whose language
 * has no text here (mr, ml, ta, kn) gets English. Times are India time.
 */
export type NoticeLanguage = 'en' | 'hi' | 'mr' | 'ml' | 'ta' | 'kn';
export const NOTICE_LANGUAGES: readonly NoticeLanguage[] = ['en', 'hi', 'mr', 'ml', 'ta', 'kn'];

export type Notice =
  | { kind: 'tripCancelled'; line: string; departure: number; refundPaise: number }
  | { kind: 'tripMoved'; line: string; departure: number }
  | { kind: 'vehicleChanged'; line: string; departure: number; vehicleNo: string }
  | { kind: 'refundSent'; amountPaise: number }
  | { kind: 'refundSettled'; amountPaise: number }
  | { kind: 'bookingConfirmed'; line: string; departure: number; seats: number }
  | { kind: 'slotChanged'; line: string; departure: number }
  | { kind: 'verificationApproved'; pass: string; payablePaise: number }
  | { kind: 'verificationRejected'; pass: string; reason: string }
  | { kind: 'cardLoadWritten'; amountPaise: number; last4: string };

export type NoticeKind = Notice['kind'];

const when = (lang: 'en' | 'hi', ms: number) =>
  new Intl.DateTimeFormat(lang === 'hi' ? 'hi-IN' : 'en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(ms);

type Texts = { [K in NoticeKind]: (n: Extract<Notice, { kind: K }>) => string };

const EN: Texts = {
  tripCancelled: (n) =>
    `Sawari: the operator cancelled your ${n.line} trip of ${when('en', n.departure)}.${n.refundPaise > 0 ? ` ${formatPaise(n.refundPaise)} will be refunded to how you paid.` : ''}`,
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
};

const HI: Texts = {
  tripCancelled: (n) =>
    `Sawari: ऑपरेटर ने ${when('hi', n.departure)} की आपकी ${n.line} यात्रा रद्द कर दी।${n.refundPaise > 0 ? ` ${formatPaise(n.refundPaise)} उसी तरीके से वापस किए जाएंगे जिससे आपने भुगतान किया।` : ''}`,
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
};

export function isNoticeLanguage(v: unknown): v is NoticeLanguage {
  return typeof v === 'string' && (NOTICE_LANGUAGES as readonly string[]).includes(v);
}

/** The text of a notice in a language (English where the language has no texts). */
export function noticeText(lang: NoticeLanguage | null | undefined, n: Notice): string {
  const texts = lang === 'hi' ? HI : EN;
  return (texts[n.kind] as (x: Notice) => string)(n);
}
