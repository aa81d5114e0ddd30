import {
  timeliness,
  occupancyLevel,
  usableEtas,
  formatWalkingDistance,
  durationParts,
  walkingParts,
  haversineKm,
  plannerWalk,
  plannerWalkRadius,
  plannerWalkSettings,
  stopNameKey,
} from './transit';

describe('timeliness (delay = actual - scheduled, seconds)', () => {
  it.each([
    [-301, 'Arriving Early'],
    [-300, 'On Time'],
    [0, 'On Time'],
    [299, 'On Time'],
    [300, 'Running behind'],
    [359, 'Running behind'],
    [360, 'Delayed'],
    [3600, 'Delayed'],
  ])('%i s → %s', (delay, label) => expect(timeliness(delay)).toBe(label));
});

describe('occupancy', () => {
  it.each([
    [0, 'overcrowded'],
    [2, 'overcrowded'],
    [3, 'standing'],
    [9, 'standing'],
    [10, 'seats'],
    [40, 'seats'],
  ])('%i → %s', (v, level) => expect(occupancyLevel(v)).toBe(level));
});

describe('usable ETAs', () => {
  const now = 1_800_000_000_000;
  it('keeps entries no older than 15 min, drops -1, soonest first', () => {
    const e = [
      { vNo: 'old', tS: now - 15 * 60_000 - 1, eta: 60 },
      { vNo: 'edge', tS: now - 15 * 60_000, eta: 300 },
      { vNo: 'unknown', tS: now, eta: -1 },
      { vNo: 'soon', tS: now - 1000, eta: 120 },
    ];
    expect(usableEtas(e, now).map((x) => x.vNo)).toEqual(['soon', 'edge']);
  });
});

describe('walking distance at 4 km/h', () => {
  it.each([
    [0, '1 min'],
    [0.0666, '1 min'], // 0.999 min
    [0.0667, '1 min'], // 1.0005 min rounds to 1
    [0.5, '8 min'],
    [0.9999, '15 min'],
    [1.0, '1.0 km'], // exactly 15 min
    [2.345, '2.3 km'],
  ])('%f km → %s', (km, s) => expect(formatWalkingDistance(km)).toBe(s));
  it('as parts for every language: minutes, or km to one decimal', () => {
    expect(walkingParts(0.5)).toEqual({ unit: 'min', minutes: 8 });
    expect(walkingParts(0)).toEqual({ unit: 'min', minutes: 1 });
    expect(walkingParts(2.345)).toEqual({ unit: 'km', km: 2.3 });
  });
  it('uses the 6371 km Earth radius', () => {
    // One degree of latitude is 6371 * pi / 180 km.
    expect(haversineKm(10, 76, 11, 76)).toBeCloseTo((6371 * Math.PI) / 180, 6);
    expect(haversineKm(9.98, 76.28, 9.98, 76.28)).toBe(0);
  });
});

describe('planner walking', () => {
  it('defaults: 1.3 detour at 4 km/h, 1 km of walking, same-named stops within 300 m', () => {
    expect(plannerWalkSettings(undefined)).toEqual({ speedKmh: 4, detourFactor: 1.3, maxMeters: 1000, samePlaceMeters: 300 });
    // 500 m straight is 650 m walked: 9.75 min at 4 km/h, 585 s.
    expect(plannerWalk(500)).toEqual({ meters: 650, seconds: 585 });
    expect(plannerWalk(0)).toEqual({ meters: 0, seconds: 0 });
    // 1 km of walking reaches stops 769 m away in a straight line.
    expect(Math.round(plannerWalkRadius())).toBe(769);
  });

  it("takes a city's settings within bounds, and the default for anything else", () => {
    const s = plannerWalkSettings({ speedKmh: 4.5, detourFactor: 1.2, maxMeters: 800, samePlaceMeters: 150 });
    expect(s).toEqual({ speedKmh: 4.5, detourFactor: 1.2, maxMeters: 800, samePlaceMeters: 150 });
    expect(plannerWalk(1000, s).seconds).toBe(960);
    expect(plannerWalkSettings({ speedKmh: 1.9, detourFactor: 2.01, maxMeters: 99, samePlaceMeters: -1 })).toEqual(plannerWalkSettings(null));
    expect(plannerWalkSettings({ speedKmh: 7, detourFactor: 1, maxMeters: 3000, samePlaceMeters: 0 })).toEqual({
      speedKmh: 7,
      detourFactor: 1,
      maxMeters: 3000,
      samePlaceMeters: 0,
    });
    expect(plannerWalkSettings({ speedKmh: '5', maxMeters: Number.NaN }).speedKmh).toBe(4);
  });

  it('compares stop names ignoring case, accents, punctuation and spacing', () => {
    expect(stopNameKey('Vyttila')).toBe(stopNameKey(' VYTTILA '));
    expect(stopNameKey('M.G. Road')).toBe(stopNameKey('m g road'));
    expect(stopNameKey('Café')).toBe(stopNameKey('cafe'));
    expect(stopNameKey('Vyttila Hub')).not.toBe(stopNameKey('Vyttila'));
    expect(stopNameKey(null)).toBe('');
  });
});

describe('durations in hours and minutes', () => {
  it.each([
    [155, { hours: 2, minutes: 35 }],
    [60, { hours: 1, minutes: 0 }],
    [59.6, { hours: 1, minutes: 0 }],
    [45, { hours: 0, minutes: 45 }],
    [0, { hours: 0, minutes: 0 }],
    [-3, { hours: 0, minutes: 0 }],
  ])('%f min → %o', (m, parts) => expect(durationParts(m)).toEqual(parts));
});
