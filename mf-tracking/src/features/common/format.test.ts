import { ageParts, cityClock, occupancyOf, secondsOfCityDay, serviceTime, timelinessKey, walkingFromMeters } from './format';

describe('tracking formatting', () => {
  it('shows service-day seconds on a 24-hour clock, past midnight too', () => {
    expect(serviceTime(0)).toBe('00:00');
    expect(serviceTime(6 * 3600 + 5 * 60 + 59)).toBe('06:05');
    expect(serviceTime(90000)).toBe('01:00');
  });
  it('shows epoch times in city time', () => {
    expect(cityClock(Date.UTC(2026, 0, 1, 0, 0))).toBe('05:30');
    expect(secondsOfCityDay(Date.UTC(2026, 0, 1, 0, 0))).toBe(5.5 * 3600);
  });
  it("labels the schema's timeliness codes from the catalog", () => {
    expect((['ARRIVING_EARLY', 'ON_TIME', 'RUNNING_BEHIND', 'DELAYED'] as const).map(timelinessKey)).toEqual([
      'timeliness.early',
      'timeliness.onTime',
      'timeliness.behind',
      'timeliness.delayed',
    ]);
  });
  it('takes the server occupancy, else the spec thresholds', () => {
    expect(occupancyOf('SEATS', 1)).toBe('seats');
    expect([2, 3, 9, 10].map((l) => occupancyOf(null, l))).toEqual(['overcrowded', 'standing', 'standing', 'seats']);
  });
  it('walking distance follows spec §9', () => {
    expect(walkingFromMeters(40)).toBe('1 min');
    expect(walkingFromMeters(500)).toBe('8 min');
    expect(walkingFromMeters(1500)).toBe('1.5 km');
    // in the rider's language: never "5 min पैदल"
    expect(walkingFromMeters(333, 'hi')).toBe('5 मिनट');
  });
  it('splits a position age into seconds or minutes', () => {
    expect(ageParts(20.4)).toEqual({ unit: 's', value: 20 });
    expect(ageParts(125)).toEqual({ unit: 'min', value: 2 });
  });
});
