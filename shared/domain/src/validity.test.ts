import {
  isPaidStatus,
  countdown,
  countdownWords,
  formatCityDate,
  formatCityDateTime,
  formatCityDateTimeYear,
  formatCityTime,
  isoCityDateToMs,
  lastValidInstant,
  passValidUntil,
  passValidityState,
} from './validity';

// 22 Dec 2026 00:00 in Kolkata is 21 Dec 18:30 UTC.
const midnight = (iso: string) => Date.parse(`${iso}T00:00:00+05:30`);
const START = midnight('2026-11-23');
const END = midnight('2026-12-23'); // exclusive: the pass covers 23 Nov .. 22 Dec
const MIN = 60_000;

describe('a pass valid until (item 1): one day everywhere, Asia/Kolkata', () => {
  it('a pass ending at the midnight that starts 23 Dec is valid until 22 Dec, 11:59 PM', () => {
    expect(passValidUntil(END)).toBe('22 Dec, 11:59 PM');
    expect(formatCityDate(lastValidInstant(END))).toBe('22 Dec 2026');
  });
  it('the day boundary is city time, not UTC: 18:29:59 UTC is still 22 Dec, 18:30 UTC is 23 Dec', () => {
    expect(formatCityDate(Date.UTC(2026, 11, 22, 18, 29, 59))).toBe('22 Dec 2026');
    expect(formatCityDate(Date.UTC(2026, 11, 22, 18, 30, 0))).toBe('23 Dec 2026');
  });
  it('states at the boundaries: start day, last minute, the exclusive end', () => {
    const p = { startTime: START, expiryTime: END };
    expect(passValidityState(p, START - 1)).toBe('notYetValid');
    expect(passValidityState(p, START)).toBe('valid');
    expect(passValidityState(p, END - MIN - 1)).toBe('valid');
    // spec §4: a pass is expired when the whole minutes to expiry are 0 or less (so 59 s left is expired)
    expect(passValidityState(p, END - MIN + 1)).toBe('expired');
    expect(passValidityState(p, END)).toBe('expired');
  });
  it('a pass starting later today (a start instant after now on the same city day) is valid, not "not valid yet" (item 3)', () => {
    const noonStart = Date.parse('2026-11-23T12:00:00+05:30');
    expect(passValidityState({ startTime: noonStart, expiryTime: END }, Date.parse('2026-11-23T09:00:00+05:30'))).toBe('valid');
    expect(passValidityState({ startTime: noonStart, expiryTime: END }, Date.parse('2026-11-22T23:59:59+05:30'))).toBe('notYetValid');
  });
  it('unknown times are valid (nothing to say otherwise)', () => {
    expect(passValidityState({ startTime: null, expiryTime: null }, START)).toBe('valid');
  });
});

describe('city dates and times (item 3: never 2026-11-23)', () => {
  it('DD MMM YYYY and h:mm AM/PM with Latin digits in Indian languages', () => {
    const t = Date.parse('2026-11-23T09:05:00+05:30');
    expect(formatCityDate(t)).toBe('23 Nov 2026');
    expect(formatCityTime(t)).toBe('9:05 AM');
    expect(formatCityDateTime(t)).toBe('23 Nov, 9:05 AM');
    expect(formatCityDateTimeYear(t)).toBe('23 Nov 2026, 9:05 AM');
    expect(formatCityDate(t, 'hi')).toMatch(/^23 \S+ 2026$/);
    expect(formatCityDate(t, 'ml')).not.toMatch(/[\u0D66-\u0D6F]/);
  });
  it('an ISO city date reads as that day', () => {
    expect(formatCityDate(isoCityDateToMs('2026-11-23')!)).toBe('23 Nov 2026');
    expect(isoCityDateToMs('23-11-2026')).toBeNull();
  });
});

describe('countdown in a rider’s terms (item 2)', () => {
  it.each([
    [0, 'none', '0 s'],
    [-5, 'none', '0 s'],
    [1, 'seconds', '1 s'],
    [59_999, 'seconds', '60 s'],
    [MIN, 'minutes', '1 min'],
    [12 * MIN + 59_999, 'minutes', '12 min'],
    [15 * MIN, 'minutes', '15 min'],
    [60 * MIN - 1, 'minutes', '59 min'],
    [60 * MIN, 'hours', '1 h'],
    [5 * 60 * MIN + 20 * MIN, 'hours', '5 h 20 min'],
    [48 * 60 * MIN - 1, 'hours', '47 h 59 min'],
    [48 * 60 * MIN, 'days', '2 days'],
    [713 * 60 * MIN + 58 * MIN + 49_000, 'days', '29 days'],
  ])('%d ms left → %s (%s)', (left, unit, words) => {
    const c = countdown(left);
    expect(c.unit).toBe(unit);
    expect(countdownWords(c)).toBe(words);
  });
});

describe('paid or to pay (item 3: "To pay" never on a paid order)', () => {
  it.each(['SUCCESS', 'UNUSED', 'USED', 'EXPIRED'])('%s is paid', (s) => expect(isPaidStatus(s)).toBe(true));
  it.each(['PENDING', 'PAYMENT_FAILED', 'PAYMENT_PROCESSING', 'UNVERIFIED', 'VERIFIED', 'REJECTED'])('%s is still to pay', (s) =>
    expect(isPaidStatus(s)).toBe(false),
  );
});
