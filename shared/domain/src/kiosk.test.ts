import { KIOSK_RETRY_MAX_MS, KIOSK_VERSION_CHECK_MS, kioskRetryDelayMs, kioskVersionCheckMs, nextQuietMoment } from './kiosk';

describe('kioskRetryDelayMs', () => {
  const mid = () => 0.5;
  it('doubles from 2 s and stops at the 60 s cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map((a) => kioskRetryDelayMs(a, mid))).toEqual([2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
  });
  it('jitters by at most 20 % and never exceeds the cap', () => {
    expect(kioskRetryDelayMs(0, () => 0)).toBe(1600);
    expect(kioskRetryDelayMs(0, () => 0.999999)).toBe(2400);
    expect(kioskRetryDelayMs(5, () => 0.999999)).toBe(KIOSK_RETRY_MAX_MS);
    expect(kioskRetryDelayMs(4, () => 0.999999)).toBe(38400);
  });
  it('treats odd attempts as the first', () => {
    expect(kioskRetryDelayMs(-3, mid)).toBe(2000);
    expect(kioskRetryDelayMs(1.7, mid)).toBe(4000);
  });
});

describe('nextQuietMoment', () => {
  const minute = Date.parse('2026-11-21T10:06:00+05:30');
  it('is 2 s after a minute boundary', () => {
    expect(nextQuietMoment(minute + 30_000)).toBe(minute + 62_000);
    expect(nextQuietMoment(minute)).toBe(minute + 2_000);
  });
  it('waits for the following minute when that moment is less than 1 s away', () => {
    expect(nextQuietMoment(minute + 60_999)).toBe(minute + 62_000);
    expect(nextQuietMoment(minute + 61_001)).toBe(minute + 122_000);
  });
});

describe('kioskVersionCheckMs', () => {
  it('is 15 minutes unless the test-only parameter says otherwise', () => {
    expect(KIOSK_VERSION_CHECK_MS).toBe(900_000);
    expect(kioskVersionCheckMs('')).toBe(900_000);
    expect(kioskVersionCheckMs('?version-check-s=5')).toBe(5000);
    expect(kioskVersionCheckMs('?a=1&version-check-s=30')).toBe(30_000);
  });
  it('never checks more often than every 2 s and ignores malformed values', () => {
    expect(kioskVersionCheckMs('?version-check-s=0')).toBe(2000);
    expect(kioskVersionCheckMs('?version-check-s=1')).toBe(2000);
    expect(kioskVersionCheckMs('?version-check-s=-5')).toBe(900_000);
    expect(kioskVersionCheckMs('?version-check-s=abc')).toBe(900_000);
    expect(kioskVersionCheckMs('?version-check-s=1e9')).toBe(900_000);
  });
});
