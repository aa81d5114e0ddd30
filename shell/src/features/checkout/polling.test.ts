import { isSlow, pollDelayMs, pollRetryDelayMs, POLL_MAX_CASH_MS, POLL_MAX_MS, POLL_QUICK_COUNT, POLL_SLOW_AFTER_MS, timeLeft } from './polling';

describe('polling schedule', () => {
  it('every 2 s for the first five polls, then backing off by 1.5× to 10 s', () => {
    const delays = Array.from({ length: 12 }, (_, n) => pollDelayMs(n));
    expect(delays).toEqual([2000, 2000, 2000, 2000, 2000, 3000, 4500, 6750, 10000, 10000, 10000, 10000]);
    expect(pollDelayMs(POLL_QUICK_COUNT - 1)).toBe(2000);
    expect(pollDelayMs(POLL_QUICK_COUNT)).toBe(3000);
    expect(pollDelayMs(1000)).toBe(POLL_MAX_MS);
  });
  it('cash at the counter backs off to 30 s', () => {
    expect(pollDelayMs(0, { cash: true })).toBe(2000);
    expect(pollDelayMs(8, { cash: true })).toBe(10125);
    expect(pollDelayMs(100, { cash: true })).toBe(POLL_MAX_CASH_MS);
  });
  it('a payment settled 30 s in is seen settled within one 10 s poll of settling', () => {
    let t = 0;
    let n = 0;
    while (t < 30_000) t += pollDelayMs(n++);
    expect(t - 30_000).toBeLessThan(POLL_MAX_MS);
    expect(n).toBeLessThanOrEqual(10);
  });
  it('offline polls wait at least 5 s; slow after a minute', () => {
    expect(pollRetryDelayMs(0)).toBe(5000);
    expect(pollRetryDelayMs(20)).toBe(POLL_MAX_MS);
    expect(isSlow(0, POLL_SLOW_AFTER_MS - 1)).toBe(false);
    expect(isSlow(0, POLL_SLOW_AFTER_MS)).toBe(true);
  });
});

describe('time left of a pending payment', () => {
  it('minutes and seconds, rounded up; zero once past; null without a deadline', () => {
    expect(timeLeft(10 * 60_000, 0)).toEqual({ ms: 600_000, minutes: 10, seconds: 0 });
    expect(timeLeft(272_400, 0)).toEqual({ ms: 272_400, minutes: 4, seconds: 33 });
    expect(timeLeft(1000, 999)).toEqual({ ms: 1, minutes: 0, seconds: 1 });
    expect(timeLeft(1000, 5000)).toEqual({ ms: 0, minutes: 0, seconds: 0 });
    expect(timeLeft(null, 0)).toBeNull();
    expect(timeLeft(undefined, 0)).toBeNull();
  });
});
