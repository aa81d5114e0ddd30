import { arrivalOrder, arrivalStatus, clockText, freshness, LIVE_FRESH_MS } from './live-status';

const NOW = Date.parse('2026-03-10T08:00:00+05:30');
const base = { scheduledTime: NOW + 10 * 60_000, vNo: null, tS: null, eta: null, passedAt: null };

describe('freshness: live only while at most 90 s old', () => {
  it('is live at 0, 89 and 90 s, last seen 1 min ago at 91 s, 5 min ago at 5 min', () => {
    expect(LIVE_FRESH_MS).toBe(90_000);
    expect(freshness(NOW, NOW)).toEqual({ kind: 'live', ageSeconds: 0 });
    expect(freshness(NOW - 89_000, NOW)).toEqual({ kind: 'live', ageSeconds: 89 });
    expect(freshness(NOW - 90_000, NOW)).toEqual({ kind: 'live', ageSeconds: 90 });
    expect(freshness(NOW - 91_000, NOW)).toEqual({ kind: 'lastSeen', minutes: 1 });
    expect(freshness(NOW - 5 * 60_000, NOW)).toEqual({ kind: 'lastSeen', minutes: 5 });
  });
  it('treats a timestamp from the future (clock skew) as fresh', () => {
    expect(freshness(NOW + 5_000, NOW)).toEqual({ kind: 'live', ageSeconds: 0 });
  });
});

describe('arrivalStatus', () => {
  it('never says "passed 0 min ago": under a minute it just left', () => {
    expect(arrivalStatus({ ...base, passedAt: NOW - 59_000 }, NOW)).toEqual({ kind: 'justLeft' });
    expect(arrivalStatus({ ...base, passedAt: NOW - 60_000 }, NOW)).toEqual({ kind: 'passed', minutesAgo: 1 });
  });
  it('calls an ETA live only from data at most 90 s old; older but usable (≤ 15 min) is estimated, with its age', () => {
    expect(arrivalStatus({ ...base, vNo: 'X', tS: NOW - 90_000, eta: 300 }, NOW)).toEqual({ kind: 'live', minutes: 4 });
    expect(arrivalStatus({ ...base, vNo: 'X', tS: NOW - 5 * 60_000, eta: 600 }, NOW)).toEqual({ kind: 'estimated', minutes: 5, lastSeenMinutes: 5 });
    expect(arrivalStatus({ ...base, vNo: 'X', tS: NOW - 15 * 60_000, eta: 1200 }, NOW)).toEqual({ kind: 'estimated', minutes: 5, lastSeenMinutes: 15 });
  });
  it('falls back to the scheduled time for data older than 15 min, an unknown ETA (-1), or no vehicle', () => {
    expect(arrivalStatus({ ...base, vNo: 'X', tS: NOW - 15 * 60_000 - 1, eta: 1200 }, NOW)).toEqual({ kind: 'scheduled', at: base.scheduledTime });
    expect(arrivalStatus({ ...base, vNo: 'X', tS: NOW, eta: -1 }, NOW)).toEqual({ kind: 'scheduled', at: base.scheduledTime });
    expect(arrivalStatus(base, NOW)).toEqual({ kind: 'scheduled', at: base.scheduledTime });
  });
  it('orders buses that left first, then by the time told', () => {
    const list = [
      arrivalStatus({ ...base, scheduledTime: NOW + 20 * 60_000 }, NOW),
      arrivalStatus({ ...base, vNo: 'X', tS: NOW, eta: 120 }, NOW),
      arrivalStatus({ ...base, passedAt: NOW - 3 * 60_000 }, NOW),
      arrivalStatus({ ...base, passedAt: NOW - 10_000 }, NOW),
    ];
    expect(list.sort((a, b) => arrivalOrder(a, NOW) - arrivalOrder(b, NOW)).map((s) => s.kind)).toEqual(['passed', 'justLeft', 'live', 'scheduled']);
  });
});

describe('clockText: one clock format per language', () => {
  const evening = Date.parse('2026-03-10T21:05:00+05:30');
  const morning = Date.parse('2026-03-10T00:30:00+05:30');
  it('writes English as the boards do: 12-hour with AM/PM, city time', () => {
    expect(clockText(evening, 'en')).toBe('9:05 PM');
    expect(clockText(morning, 'en')).toBe('12:30 AM');
    expect(clockText(evening, 'en-IN')).toBe('9:05 PM');
  });
  it("writes the Indian languages on their own locale's 12-hour clock", () => {
    for (const lang of ['hi', 'mr', 'kn', 'ta', 'ml']) {
      const text = clockText(evening, lang);
      expect(text).toMatch(/9:05/);
      expect(text).not.toMatch(/21:05/);
    }
  });
});
