import { nextPollDelay, POLL_BASE_MS, POLL_MAX_MS } from './polling';

describe('nextPollDelay', () => {
  it('polls every 15 s while calls succeed', () => {
    expect(nextPollDelay(0)).toBe(POLL_BASE_MS);
    expect(POLL_BASE_MS).toBe(15_000);
  });
  it('doubles after each failure in a row, up to 2 min', () => {
    expect([1, 2, 3, 4, 10, 100].map((n) => nextPollDelay(n))).toEqual([30_000, 60_000, 120_000, POLL_MAX_MS, POLL_MAX_MS, POLL_MAX_MS]);
  });
});
