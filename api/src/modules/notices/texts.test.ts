import { noticeText, type Notice } from './texts';

// Every kind of outcome has an English and a Hindi text; languages without texts fall back to English.
const DEVANAGARI = /[\u0900-\u097F]/;
const at = Date.parse('2026-11-23T20:00:00+05:30');
const every: Notice[] = [
  { kind: 'tripCancelled', line: 'P1', departure: at, refundPaise: 16000 },
  { kind: 'tripCancelled', line: 'P1', departure: at, refundPaise: 0 },
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
    expect(noticeText('ml', n)).toBe(en);
    expect(noticeText(null, n)).toBe(en);
  });
  it('money with en-IN grouping, India time, a refund named only when there is one', () => {
    expect(noticeText('en', { kind: 'refundSent', amountPaise: 123456 })).toContain('₹1,234.56');
    expect(noticeText('en', every[0])).toMatch(/8:00\s?pm/i);
    expect(noticeText('en', every[0])).toContain('₹160');
    expect(noticeText('en', every[1])).not.toContain('₹');
  });
});
