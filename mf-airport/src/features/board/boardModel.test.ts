import { isBoardConfig, isTimings } from './boardModel';

const config = {
  city: 'mumbai',
  product: 'express',
  terminalId: 'T1',
  place: 'Arrival Hall',
  counter: 'Airport Express Counter',
  routeStopPairs: [{ routeId: 'R1', stopId: 'S1', destination: 'Kharghar' }],
};

describe('shape checks', () => {
  it('accept the documented shapes and refuse others', () => {
    expect(isBoardConfig(config)).toBe(true);
    expect(isBoardConfig({ city: 'x' })).toBe(false);
    expect(isTimings({ data: [] })).toBe(true);
    expect(isTimings({ data: [{ routeId: 'R1' }] })).toBe(false);
    expect(isTimings(null)).toBe(false);
  });
});
