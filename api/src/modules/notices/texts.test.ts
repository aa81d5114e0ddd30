import { readFileSync } from 'node:fs';
import { GATEWAY_FAILURE_REASONS } from '../payments';
import { join } from 'node:path';
import { NOTICE_LANGUAGES, noticeText, paymentFailureWords, type Notice, type NoticeLanguage } from './texts';

// Every kind of outcome has an English and a Hindi text; languages without texts fall back to English.
const DEVANAGARI = /[\u0900-\u097F]/;
const at = Date.parse('2026-11-23T20:00:00+05:30');
const every: Notice[] = [
  { kind: 'tripCancelled', line: 'P1', departure: at, refundPaise: 16000, disruption: 'BREAKDOWN' },
  { kind: 'tripCancelled', line: 'P1', departure: at, refundPaise: 0, disruption: null },
  { kind: 'tripMoved', line: 'P1', departure: at },
  { kind: 'vehicleChanged', line: 'P1', departure: at, vehicleNo: 'MH01 AB 1234' },
  { kind: 'refundSent', amountPaise: 16000 },
  { kind: 'refundSettled', amountPaise: 16000 },
  { kind: 'bookingConfirmed', line: 'P1', departure: at, seats: 2 },
  { kind: 'slotChanged', line: 'P1', departure: at },
  { kind: 'verificationApproved', pass: 'Student pass', payablePaise: 40000 },
  { kind: 'verificationApproved', pass: 'Student pass', payablePaise: 0 },
  { kind: 'verificationRejected', pass: 'Student pass', reason: 'Unreadable.' },
  { kind: 'cardLoadWritten', amountPaise: 20000, last4: '1234' },
];

describe('notice texts', () => {
  it.each(every.map((n) => [n.kind, n] as const))('%s: English, Hindi, and English for a language without texts', (_k, n) => {
    const en = noticeText('en', n);
    const hi = noticeText('hi', n);
    expect(en).toMatch(/^Sawari: /);
    expect(en).not.toMatch(DEVANAGARI);
    expect(hi).toMatch(/^Sawari: /);
    expect(hi).toMatch(DEVANAGARI);
    // a trip cancelled is said in all six languages (below); the other trip kinds are still English there
    if (n.kind !== 'tripCancelled') expect(noticeText('ml', n)).toBe(en);
    expect(noticeText(null, n)).toBe(en);
  });
  it('money with en-IN grouping, India time, a refund named only when there is one', () => {
    expect(noticeText('en', { kind: 'refundSent', amountPaise: 123456 })).toContain('₹1,234.56');
    expect(noticeText('en', every[0])).toMatch(/8:00\s?pm/i);
    expect(noticeText('en', every[0])).toContain('₹160');
    expect(noticeText('en', every[1])).not.toContain('₹');
  });
});

// Issue 35 item 13: "did not go through (CARD_DECLINED)" reached riders by SMS and on Home. Payment notices are in
// all six languages, and every failure code the gateway or payments can give has words in each (read from their
// sources, so a new code without words fails here); an unknown code gets the general words, never itself.
describe('payment notices: words, not codes, in the rider’s language', () => {
  const root = join(__dirname, '../../../..');
  const source = ['api/src/modules/payments/gateway.ts', 'api/src/modules/payments/service.ts'].map((f) => readFileSync(join(root, f), 'utf8')).join('\n');
  const codes = [
    ...new Set([
      ...[...source.matchAll(/reason: '([A-Z_]+)'/g)].map((m) => m[1]),
      ...[...source.matchAll(/failureReason: '([A-Z_]+)'/g)].map((m) => m[1]),
      ...[...source.matchAll(/export const ISSUE_REFUSED = '([A-Z_]+)'/g)].map((m) => m[1]),
      ...[...source.matchAll(/paid \? null : '([A-Z_]+)'/g)].map((m) => m[1]),
      ...[...source.matchAll(/expired \? '([A-Z_]+)' : '([A-Z_]+)'\)/g)].flatMap((m) => [m[1], m[2]]),
      ...GATEWAY_FAILURE_REASONS,
    ]),
  ].filter((c) => c !== 'REFUND_REJECTED'); // a refund's outcome, never a payment's
  const SCRIPTS: Record<NoticeLanguage, RegExp> = {
    en: /^[\x20-\x7E₹]+$/,
    hi: /[\u0900-\u097F]/,
    mr: /[\u0900-\u097F]/,
    ta: /[\u0B80-\u0BFF]/,
    kn: /[\u0C80-\u0CFF]/,
    ml: /[\u0D00-\u0D7F]/,
  };
  const CODE = /\b[A-Z]{2,}_[A-Z_]+\b/;

  it('reads the codes from the gateway and payments', () => {
    expect(codes).toEqual(
      expect.arrayContaining([
        'CARD_DECLINED',
        'AUTHENTICATION_FAILED',
        'PAYMENT_TIMED_OUT',
        'GATEWAY_UNAVAILABLE',
        'NOT_PAID_AT_COUNTER',
        'ORDER_CHANGED_REFUNDED',
      ]),
    );
  });

  it.each(NOTICE_LANGUAGES.map((l) => [l]))('%s: every failure code in words, an unknown one in general words; received and ready too', (lang) => {
    for (const reason of [...codes, 'SOMETHING_NEW', null]) {
      const text = noticeText(lang, { kind: 'paymentFailed', label: 'General pass, 30 days', reason });
      expect(text).toMatch(/^Sawari: /);
      expect(text).toContain('General pass, 30 days');
      expect(text).not.toMatch(CODE);
      expect(text).toMatch(SCRIPTS[lang]);
      if (reason && reason !== 'SOMETHING_NEW') expect(paymentFailureWords(lang, reason)).not.toBe(paymentFailureWords(lang, null));
    }
    expect(paymentFailureWords(lang, 'constructor')).toBe(paymentFailureWords(lang, null));
    const received = noticeText(lang, { kind: 'paymentReceived', label: 'Ticket', amountPaise: 123456 });
    expect(received).toContain('₹1,234.56');
    expect(received).toMatch(SCRIPTS[lang]);
    const ready = noticeText(lang, { kind: 'productReady', label: 'Ticket', freeWith: 'Welcome pass' });
    expect(ready).toContain('Welcome pass');
    expect(ready).toMatch(SCRIPTS[lang]);
  });

  it('English: "did not go through: your bank declined the card."', () => {
    expect(noticeText('en', { kind: 'paymentFailed', label: 'General pass, 30 days', reason: 'CARD_DECLINED' })).toBe(
      'Sawari: your payment for General pass, 30 days did not go through: your bank declined the card. No ticket or pass was issued; you can pay again in the app.',
    );
    expect(noticeText('hi', { kind: 'paymentFailed', label: 'General pass, 30 days', reason: 'CARD_DECLINED' })).toContain('आपके बैंक ने कार्ड अस्वीकार कर दिया');
  });
});

// Issue 35 item 13: "cancelled a bus breakdown", with no rebooking offered. A trip the operator cancelled is told as a
// sentence with its reason ("… was cancelled because of a bus breakdown"), the refund, and the way on (another slot),
// in each of the six languages; a cancel without a reason still reads whole.
describe('a trip the operator cancelled: why, the refund, and booking another slot', () => {
  const SCRIPTS: Record<NoticeLanguage, RegExp> = {
    en: /^[\x20-\x7E₹]+$/,
    hi: /[\u0900-\u097F]/,
    mr: /[\u0900-\u097F]/,
    ta: /[\u0B80-\u0BFF]/,
    kn: /[\u0C80-\u0CFF]/,
    ml: /[\u0D00-\u0D7F]/,
  };
  const trip = (disruption: string | null, refundPaise = 16000): Notice => ({ kind: 'tripCancelled', line: 'P1', departure: at, refundPaise, disruption });
  it('English: the reason in a sentence, the refund in full, another slot', () => {
    expect(noticeText('en', trip('BREAKDOWN'))).toMatch(
      /^Sawari: your P1 trip of 23 Nov 2026, 8:00\s?(pm|PM) was cancelled because of a bus breakdown\. ₹160 will be refunded in full to how you paid\. You can book another slot in the app\.$/,
    );
    expect(noticeText('en', trip('WEATHER'))).toContain('was cancelled because of bad weather.');
    expect(noticeText('en', trip('TRAFFIC'))).toContain('was cancelled because of traffic.');
    expect(noticeText('en', trip(null, 0))).toMatch(/^Sawari: the operator cancelled your P1 trip of .*\. You can book another slot in the app\.$/);
    expect(noticeText('en', trip('BREAKDOWN'))).not.toMatch(/cancelled a bus breakdown/);
  });
  it('Hindi: बस खराब होने के कारण रद्द, the refund and another slot', () => {
    const hi = noticeText('hi', trip('BREAKDOWN'));
    expect(hi).toContain('बस खराब होने के कारण रद्द कर दी गई');
    expect(hi).toContain('₹160');
    expect(hi).toContain('दूसरा स्लॉट बुक');
  });
  it.each(NOTICE_LANGUAGES.map((l) => [l]))('%s: in the language, every reason, never a code', (lang) => {
    const texts = ['WEATHER', 'TRAFFIC', 'BREAKDOWN', 'SOMETHING_NEW', null].map((d) => noticeText(lang, trip(d)));
    for (const text of texts) {
      expect(text).toMatch(/^Sawari: /);
      expect(text).toMatch(SCRIPTS[lang]);
      expect(text).toContain('P1');
      expect(text).toContain('₹160');
      expect(text).not.toMatch(/[A-Z]{2,}_[A-Z_]+|BREAKDOWN|WEATHER|TRAFFIC/);
    }
    expect(new Set(texts.slice(0, 3)).size).toBe(3);
  });
});
