import {
  addCityDays,
  cityDate,
  cityDateTimeMs,
  cityMidnight,
  cityMonth,
  cityTimeZone,
  cityWallClock,
  isCityDate,
  isoFromYmd,
  secondsOfCityDay,
  startOfCityDay,
  timeZoneOffsetMs,
} from './city-time';

const at = (iso: string) => Date.parse(iso);
const IST = 'Asia/Kolkata';

describe('cityTimeZone', () => {
  it("is the city's configured zone", () => {
    expect(cityTimeZone({ timeZone: 'Asia/Dubai' })).toBe('Asia/Dubai');
  });
  it('is Asia/Kolkata for a city without one, or no city', () => {
    expect(cityTimeZone({ timeZone: null })).toBe(IST);
    expect(cityTimeZone({ timeZone: '' })).toBe(IST);
    expect(cityTimeZone({})).toBe(IST);
    expect(cityTimeZone(null)).toBe(IST);
    expect(cityTimeZone()).toBe(IST);
  });
});

describe('India is +05:30 all year, without DST', () => {
  it.each(['2026-01-15T00:00:00Z', '2026-03-29T01:30:00Z', '2026-06-21T12:00:00Z', '2026-10-25T01:30:00Z', '1990-01-05T00:00:00Z', '2099-12-31T23:59:59Z'])(
    'offset at %s',
    (iso) => {
      expect(timeZoneOffsetMs(at(iso))).toBe(19_800_000);
    },
  );
  it('the default zone is India', () => {
    expect(timeZoneOffsetMs(at('2026-06-01T00:00:00Z'))).toBe(timeZoneOffsetMs(at('2026-06-01T00:00:00Z'), IST));
  });
  it('handles instants before 1970 and between whole seconds', () => {
    expect(timeZoneOffsetMs(-1500, IST)).toBe(19_800_000);
    expect(timeZoneOffsetMs(at('1960-05-05T10:00:00.250Z'), IST)).toBe(19_800_000);
  });
});

describe('cityWallClock', () => {
  it('reads date, time, weekday and minute of the day', () => {
    expect(cityWallClock(at('2026-11-20T18:29:59Z'))).toEqual({
      date: '2026-11-20',
      year: 2026,
      month: 11,
      day: 20,
      hour: 23,
      minute: 59,
      second: 59,
      weekday: 5,
      minuteOfDay: 1439,
    });
    expect(cityWallClock(at('2026-11-20T18:30:00Z'))).toEqual({
      date: '2026-11-21',
      year: 2026,
      month: 11,
      day: 21,
      hour: 0,
      minute: 0,
      second: 0,
      weekday: 6,
      minuteOfDay: 0,
    });
  });
  it('shows midnight as hour 0, never 24', () => {
    expect(cityWallClock(at('2026-11-21T00:00:00+05:30')).hour).toBe(0);
  });
  it('reads another zone when asked', () => {
    expect(cityWallClock(at('2026-11-20T18:30:00Z'), 'UTC').date).toBe('2026-11-20');
    expect(cityWallClock(at('2026-11-20T18:30:00Z'), 'UTC').hour).toBe(18);
  });
});

describe('cityDate and cityMonth at day, month and year boundaries', () => {
  it.each([
    ['2026-11-20T18:29:59.999Z', '2026-11-20'],
    ['2026-11-20T18:30:00.000Z', '2026-11-21'],
    ['2026-02-28T18:30:00Z', '2026-03-01'],
    ['2028-02-28T18:30:00Z', '2028-02-29'],
    ['2026-12-31T18:29:59.999Z', '2026-12-31'],
    ['2026-12-31T18:30:00Z', '2027-01-01'],
  ])('%s is %s in India', (iso, date) => {
    expect(cityDate(at(iso))).toBe(date);
  });
  it('the month turns at midnight in the city, not in UTC', () => {
    expect(cityMonth(at('2026-04-30T18:29:59.999Z'))).toBe('2026-04');
    expect(cityMonth(at('2026-04-30T18:30:00Z'))).toBe('2026-05');
    expect(cityMonth(at('2026-12-31T18:30:00Z'))).toBe('2027-01');
  });
});

describe('cityMidnight', () => {
  it('is 18:30 UTC the day before in India', () => {
    expect(cityMidnight('2026-11-21')).toBe(at('2026-11-20T18:30:00Z'));
    expect(cityMidnight('2026-01-01')).toBe(at('2025-12-31T18:30:00Z'));
    expect(cityMidnight('2028-02-29')).toBe(at('2028-02-28T18:30:00Z'));
    expect(cityMidnight('1990-01-05')).toBe(at('1990-01-04T18:30:00Z'));
  });
  it('refuses a date that does not exist or is not YYYY-MM-DD', () => {
    for (const d of ['2026-02-29', '2025-02-30', '2026-13-01', '2026-00-10', '2026-04-31', '20261121', '2026-1-1', '', 'x']) expect(cityMidnight(d)).toBeNull();
  });
  it('uses the zone it is given', () => {
    expect(cityMidnight('2026-11-21', 'UTC')).toBe(at('2026-11-21T00:00:00Z'));
    expect(cityMidnight('2026-11-21', 'Asia/Dubai')).toBe(at('2026-11-20T20:00:00Z'));
  });
  it('in a zone with DST, is the local midnight on either side of a change', () => {
    expect(cityMidnight('2026-03-29', 'Europe/Berlin')).toBe(at('2026-03-28T23:00:00Z'));
    expect(cityMidnight('2026-03-30', 'Europe/Berlin')).toBe(at('2026-03-29T22:00:00Z'));
    expect(cityMidnight('2026-10-25', 'Europe/Berlin')).toBe(at('2026-10-24T22:00:00Z'));
    expect(cityMidnight('2026-10-26', 'Europe/Berlin')).toBe(at('2026-10-25T23:00:00Z'));
  });
  it('in a zone that skips midnight (DST at 00:00), the day starts at the change', () => {
    // Chile: 2026-09-06 00:00 becomes 01:00 (UTC-4 to UTC-3).
    const start = cityMidnight('2026-09-06', 'America/Santiago');
    expect(start).toBe(at('2026-09-06T04:00:00Z'));
    expect(cityWallClock(start as number, 'America/Santiago')).toMatchObject({ date: '2026-09-06', hour: 1, minute: 0 });
    expect(cityDate((start as number) - 1, 'America/Santiago')).toBe('2026-09-05');
  });
});

describe('cityDateTimeMs', () => {
  it('is midnight plus the minutes of the day', () => {
    expect(cityDateTimeMs('2026-11-21', 0)).toBe(at('2026-11-21T00:00:00+05:30'));
    expect(cityDateTimeMs('2026-11-21', 9 * 60 + 5)).toBe(at('2026-11-21T09:05:00+05:30'));
    expect(cityDateTimeMs('2026-11-21', 1439)).toBe(at('2026-11-21T23:59:00+05:30'));
  });
  it('runs past midnight into the next day for 1440 and more', () => {
    expect(cityDateTimeMs('2026-11-21', 1440)).toBe(at('2026-11-22T00:00:00+05:30'));
    expect(cityDateTimeMs('2026-12-31', 1440 + 30)).toBe(at('2027-01-01T00:30:00+05:30'));
  });
  it('refuses an impossible date or a non-number', () => {
    expect(cityDateTimeMs('2026-02-30', 600)).toBeNull();
    expect(cityDateTimeMs('2026-11-21', Number.NaN)).toBeNull();
  });
  it('in a DST zone: a skipped time lands after the change, a repeated one takes its first occurrence', () => {
    expect(cityDateTimeMs('2026-03-29', 2 * 60 + 30, 'Europe/Berlin')).toBe(at('2026-03-29T01:30:00Z')); // 03:30 CEST
    expect(cityDateTimeMs('2026-10-25', 2 * 60 + 30, 'Europe/Berlin')).toBe(at('2026-10-25T00:30:00Z')); // 02:30 CEST
    expect(cityDateTimeMs('2026-10-25', 12 * 60, 'Europe/Berlin')).toBe(at('2026-10-25T11:00:00Z'));
  });
});

describe('startOfCityDay and secondsOfCityDay', () => {
  it('the last millisecond before midnight still belongs to the day before', () => {
    const midnight = at('2026-11-20T18:30:00Z');
    expect(startOfCityDay(midnight - 1)).toBe(midnight - 86_400_000);
    expect(secondsOfCityDay(midnight - 1)).toBe(86_399);
  });
  it('midnight itself starts the day', () => {
    const midnight = at('2026-11-20T18:30:00Z');
    expect(startOfCityDay(midnight)).toBe(midnight);
    expect(secondsOfCityDay(midnight)).toBe(0);
    expect(startOfCityDay(midnight + 86_399_999)).toBe(midnight);
  });
  it('counts seconds of the city day, not of the UTC day', () => {
    expect(secondsOfCityDay(at('2026-11-21T00:00:00Z'))).toBe(5 * 3600 + 30 * 60);
    expect(secondsOfCityDay(at('2026-11-21T10:15:30+05:30'))).toBe(10 * 3600 + 15 * 60 + 30);
  });
});

describe('addCityDays and dates', () => {
  it('steps over month, leap-day and year ends', () => {
    expect(addCityDays('2026-11-21', 1)).toBe('2026-11-22');
    expect(addCityDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addCityDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCityDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addCityDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addCityDays('2026-11-21', 0)).toBe('2026-11-21');
    expect(addCityDays('2026-11-21', 365)).toBe('2027-11-21');
  });
  it('refuses a date that does not exist', () => {
    expect(addCityDays('2026-02-30', 1)).toBeNull();
  });
  it('isCityDate accepts real dates only', () => {
    expect(isCityDate('2028-02-29')).toBe(true);
    expect(isCityDate('2026-02-29')).toBe(false);
    expect(isCityDate('2026-11-21T00:00')).toBe(false);
  });
  it('isoFromYmd writes a GTFS date as an ISO one', () => {
    expect(isoFromYmd('20261121')).toBe('2026-11-21');
  });
});
