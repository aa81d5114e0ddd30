import { ApiRequestError } from '@sawari/runtime';
import { OUTCOME_GIVE_UP_MS, outcomePollDelayMs, pollOrder } from './order-outcome';

describe('outcomePollDelayMs', () => {
  it('asks every second five times, then backs off by 1.5 up to 10 s', () => {
    expect([0, 1, 2, 3, 4].map(outcomePollDelayMs)).toEqual([1000, 1000, 1000, 1000, 1000]);
    expect(outcomePollDelayMs(5)).toBe(1500);
    expect(outcomePollDelayMs(6)).toBe(2250);
    expect(outcomePollDelayMs(9)).toBe(7594);
    expect(outcomePollDelayMs(10)).toBe(10_000);
    expect(outcomePollDelayMs(100)).toBe(10_000);
  });
});

describe('pollOrder', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  const flush = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('polls until the order is settled, reporting each answer', async () => {
    const answers = ['PENDING', 'PENDING', 'SUCCESS'];
    const load = jest.fn(async () => ({ status: answers.shift() as string }));
    const updates: object[] = [];
    pollOrder(
      { load, isSettled: (o) => o.status === 'SUCCESS' },
      (u) => updates.push(u),
      () => Date.now(),
    );
    await flush();
    expect(updates).toEqual([{ order: { status: 'PENDING' }, error: null }]);
    jest.advanceTimersByTime(999);
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    await flush();
    jest.advanceTimersByTime(1000);
    await flush();
    expect(load).toHaveBeenCalledTimes(3);
    expect(updates.at(-1)).toEqual({ order: { status: 'SUCCESS' }, error: null, done: true, gaveUp: false });
    jest.advanceTimersByTime(60_000);
    await flush();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('keeps polling through a passing error, stops on a final one', async () => {
    const errors = [new ApiRequestError(0, 'OFFLINE', 'offline'), new ApiRequestError(404, 'ORDER_NOT_FOUND', 'gone')];
    const load = jest.fn(async () => {
      throw errors.shift();
    });
    const updates: { error?: ApiRequestError | null; done?: boolean }[] = [];
    pollOrder({ load, isSettled: () => false, isFinalError: (e) => e.status === 404 }, (u) => updates.push(u));
    await flush();
    expect(updates[0].error?.code).toBe('OFFLINE');
    expect(updates[0].done).toBeUndefined();
    jest.advanceTimersByTime(1000);
    await flush();
    expect(updates[1]).toMatchObject({ done: true, gaveUp: false });
    expect(updates[1].error?.code).toBe('ORDER_NOT_FOUND');
    jest.advanceTimersByTime(60_000);
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up after OUTCOME_GIVE_UP_MS of an order that never settles', async () => {
    let clock = 0;
    const load = jest.fn(async () => ({ status: 'PENDING' }));
    const updates: { gaveUp?: boolean }[] = [];
    pollOrder(
      { load, isSettled: () => false },
      (u) => updates.push(u),
      () => clock,
    );
    for (let i = 0; i < 200 && !updates.some((u) => u.gaveUp); i++) {
      await flush();
      clock += outcomePollDelayMs(i);
      jest.advanceTimersByTime(outcomePollDelayMs(i));
    }
    await flush();
    expect(updates.at(-1)).toEqual({ done: true, gaveUp: true });
    expect(clock).toBeGreaterThanOrEqual(OUTCOME_GIVE_UP_MS);
    expect(load.mock.calls.length).toBeLessThan(25);
  });

  it('stops at once when the screen goes away', async () => {
    const load = jest.fn(async () => ({ status: 'PENDING' }));
    const updates: object[] = [];
    const stop = pollOrder({ load, isSettled: () => false }, (u) => updates.push(u));
    stop();
    await flush();
    jest.advanceTimersByTime(60_000);
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(updates).toEqual([]);
  });
});
