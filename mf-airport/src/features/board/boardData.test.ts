// Where a board starts (docs/airport-timings.md "Where the board starts"), with its cache and API calls faked.
import type { CachedBoard } from './boardCache';
import { startBoardData, type BoardState } from './boardData';

const kept = new Map<string, CachedBoard>();
jest.mock('./boardCache', () => ({
  readCachedBoard: jest.fn(async () => kept.get('board')),
  writeCachedBoard: jest.fn(async (_p: string, _t: string, value: CachedBoard) => void kept.set('board', value)),
}));
const fetchTimings = jest.fn();
jest.mock('./boardApi', () => ({ fetchBoardConfig: jest.fn(), fetchTimings: (...args: unknown[]) => fetchTimings(...args) }));

const config = {
  city: 'mumbai',
  product: 'express',
  terminalId: 'T1',
  place: 'Arrival Hall',
  counter: 'Airport Express Counter',
  routeStopPairs: [{ routeId: 'R1', stopId: 'S1', destination: 'Kharghar' }],
};
const timingsAt = (ms: number) => ({ data: [{ routeId: 'R1', stopId: 'S1', timings: [ms] }] });
const NOW = Date.UTC(2026, 10, 21, 4, 36, 30);

describe('startBoardData', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: NOW });
    kept.clear();
    fetchTimings.mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.useRealTimers());

  it('page data older than one refresh (a clock that disagrees): the timings are asked for at once', async () => {
    const page: CachedBoard = { config, timings: timingsAt(NOW + 3_600_000), updatedAt: NOW - 60 * 60_000 };
    fetchTimings.mockRejectedValue(Object.assign(new Error('down'), { status: 0 }));
    const states: BoardState[] = [];
    const stop = startBoardData('express', 'T1', page, (s) => states.push(s));
    await jest.advanceTimersByTimeAsync(0);
    expect(fetchTimings).toHaveBeenCalledTimes(1);
    const ready = states.filter((s): s is Extract<BoardState, { status: 'ready' }> => s.status === 'ready');
    // The page's rows stay, with their age, while the board retries.
    expect(ready.map((s) => [s.updatedAt, s.failing])).toEqual([
      [NOW - 60 * 60_000, false],
      [NOW - 60 * 60_000, true],
    ]);
    stop();
  });

  it('fresh page data: no call before the regular refresh, 30 s after the server answered', async () => {
    const page: CachedBoard = { config, timings: timingsAt(NOW + 3_600_000), updatedAt: NOW - 10_000 };
    fetchTimings.mockResolvedValue(timingsAt(NOW + 3_600_000));
    const stop = startBoardData('express', 'T1', page, () => undefined);
    await jest.advanceTimersByTimeAsync(19_999);
    expect(fetchTimings).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(fetchTimings).toHaveBeenCalledTimes(1);
    stop();
  });
});
