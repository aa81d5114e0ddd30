import { timeZoneOffsetMs } from './city-time';
import { serviceDay, serviceDaysOverlapping, parseGtfsTime, expandFrequency, localDate } from './service-day';

const TZ = 'Asia/Kolkata';

describe('serviceDay', () => {
  it('starts at local midnight in India (UTC 18:30 the day before)', () => {
    const d = serviceDay('20261121', TZ);
    expect(new Date(d.startMs).toISOString()).toBe('2026-11-20T18:30:00.000Z');
    expect(d.weekday).toBe(6); // Saturday
  });
  it('is noon minus 12 h on a DST change day (GTFS rule)', () => {
    expect(new Date(serviceDay('20260329', 'Europe/Berlin').startMs).toISOString()).toBe('2026-03-28T22:00:00.000Z');
  });
});

describe('localDate and timeZoneOffsetMs', () => {
  it('reads the Indian calendar date around midnight', () => {
    expect(localDate(Date.parse('2026-11-20T18:29:59Z'), TZ)).toBe('20261120');
    expect(localDate(Date.parse('2026-11-20T18:30:00Z'), TZ)).toBe('20261121');
  });
  it('knows India is UTC+05:30', () => {
    expect(timeZoneOffsetMs(Date.parse('2026-06-01T00:00:00Z'), TZ)).toBe(19_800_000);
  });
});

describe('serviceDaysOverlapping', () => {
  const dates = (from: string, to: string, maxSecs?: number) => serviceDaysOverlapping(Date.parse(from), Date.parse(to), TZ, maxSecs).map((d) => d.date);
  it('includes the previous service day for trips after 24:00:00', () => {
    expect(dates('2026-11-21T10:00:00+05:30', '2026-11-21T22:00:00+05:30')).toEqual(['20261120', '20261121']);
  });
  it('covers a window that crosses midnight', () => {
    expect(dates('2026-11-21T20:00:00+05:30', '2026-11-22T08:00:00+05:30')).toEqual(['20261120', '20261121', '20261122']);
  });
  it('leaves out the previous day when its service cannot reach the window', () => {
    expect(dates('2026-11-21T10:00:00+05:30', '2026-11-21T11:00:00+05:30', 24 * 3600)).toEqual(['20261121']);
  });
  it('starts a day at its first millisecond; the day before still reaches it with a 24:00:00 time', () => {
    expect(dates('2026-11-22T00:00:00+05:30', '2026-11-22T00:00:00+05:30', 24 * 3600)).toEqual(['20261121', '20261122']);
    expect(dates('2026-11-22T00:00:00.001+05:30', '2026-11-22T00:00:01+05:30', 24 * 3600)).toEqual(['20261122']);
  });
});

describe('parseGtfsTime', () => {
  it('reads hours past 24', () => {
    expect(parseGtfsTime('06:30:00')).toBe(23_400);
    expect(parseGtfsTime('6:30:00')).toBe(23_400);
    expect(parseGtfsTime('24:00:00')).toBe(86_400);
    expect(parseGtfsTime('25:10:05')).toBe(90_605);
    expect(parseGtfsTime(' 00:00:00 ')).toBe(0);
  });
  it('refuses malformed values', () => {
    for (const v of ['', '06:30', '06:60:00', '06:30:60', 'ab:cd:ef', '-1:00:00']) expect(parseGtfsTime(v)).toBeNull();
  });
});

describe('expandFrequency', () => {
  it('runs from start while before end (end excluded)', () => {
    expect(expandFrequency(23_400, 27_000, 1800)).toEqual([23_400, 25_200]);
    expect(expandFrequency(23_400, 27_001, 1800)).toEqual([23_400, 25_200, 27_000]);
  });
  it('gives 33 departures from 06:30 to 23:00 every 30 min, the last at 22:30', () => {
    const d = expandFrequency(23_400, 82_800, 1800);
    expect(d).toHaveLength(33);
    expect(d[d.length - 1]).toBe(81_000);
  });
  it('gives nothing for a zero headway or an empty span', () => {
    expect(expandFrequency(0, 100, 0)).toEqual([]);
    expect(expandFrequency(100, 100, 10)).toEqual([]);
  });
});
