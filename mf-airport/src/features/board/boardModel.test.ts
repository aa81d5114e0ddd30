import { boardRows, isBoardConfig, isTimings } from './boardModel';

const config = {
  city: 'mumbai',
  product: 'express',
  terminalId: 'T1',
  place: 'Arrival Hall',
  counter: 'Airport Express Counter',
  routeStopPairs: [
    { routeId: 'R1', stopId: 'S1', destination: 'Kharghar' },
    { routeId: 'R2', stopId: 'S1', destination: 'Thane' },
  ],
};
const now = 1_700_000_000_000;

describe('boardRows', () => {
  it('shows one row per pair with the time until its next bus', () => {
    const timings = {
      data: [
        { routeId: 'R1', stopId: 'S1', timings: [now - 60_000, now + 65 * 60_000 + 1] },
        { routeId: 'R2', stopId: 'S1', timings: [now + 9 * 60_000] },
      ],
    };
    expect(boardRows(config, timings, now)).toEqual([
      { key: 'R1:S1', destination: 'Kharghar', nextBus: '1 hr 5 min', departsAt: '4:48 AM' },
      { key: 'R2:S1', destination: 'Thane', nextBus: '9 min', departsAt: '3:52 AM' },
    ]);
  });
  it('shows Not Available without timings for a pair', () => {
    expect(boardRows(config, null, now).map((r) => [r.nextBus, r.departsAt])).toEqual([
      ['Not Available', null],
      ['Not Available', null],
    ]);
    expect(boardRows(config, { data: [{ routeId: 'R1', stopId: 'OTHER', timings: [now + 60_000] }] }, now)[0].nextBus).toBe('Not Available');
  });
});

describe('shape checks', () => {
  it('accept the documented shapes and refuse others', () => {
    expect(isBoardConfig(config)).toBe(true);
    expect(isBoardConfig({ city: 'x' })).toBe(false);
    expect(isTimings({ data: [] })).toBe(true);
    expect(isTimings({ data: [{ routeId: 'R1' }] })).toBe(false);
    expect(isTimings(null)).toBe(false);
  });
});
