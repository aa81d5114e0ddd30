import {
  nextDepartureAfter,
  timeUntilNextBus,
  formatTimeUntil,
  formatClock12h,
  timingsWindow,
  formatDataAge,
  formatBookAt,
  parseBoardSegment,
} from './airport-board';
import { AIRPORT_TIMINGS_WINDOW_MS, MINUTE_MS, HOUR_MS } from './constants';

const ist = (s: string) => Date.parse(`${s}+05:30`);
const now = ist('2026-11-21T10:00:00');

describe('nextDepartureAfter', () => {
  it('takes the earliest timing strictly later than now, whatever the order', () => {
    expect(nextDepartureAfter([now + 3 * MINUTE_MS, now + MINUTE_MS, now + 2 * MINUTE_MS], now)).toBe(now + MINUTE_MS);
  });
  it('ignores a timing equal to now and earlier ones', () => {
    expect(nextDepartureAfter([now - 1, now, now + 1], now)).toBe(now + 1);
    expect(nextDepartureAfter([now], now)).toBeNull();
  });
  it('is null for no timings', () => {
    expect(nextDepartureAfter([], now)).toBeNull();
  });
});

describe('timeUntilNextBus and formatTimeUntil', () => {
  const fmt = (deltaMs: number) => formatTimeUntil(timeUntilNextBus([now + deltaMs], now));
  it('shows Not Available when no later timing exists', () => {
    expect(fmt(-MINUTE_MS)).toBe('Not Available');
    expect(formatTimeUntil(timeUntilNextBus([], now))).toBe('Not Available');
    expect(fmt(0)).toBe('Not Available');
  });
  it('counts on the displayed clock: minute of departure minus minute of now', () => {
    const mid = now + 40_000; // 10:00:40, the board shows 10:00 AM
    expect(formatTimeUntil(timeUntilNextBus([now + 5 * MINUTE_MS], mid))).toBe('5 min');
    expect(formatTimeUntil(timeUntilNextBus([now + MINUTE_MS], mid))).toBe('1 min'); // 20 s away, next minute
    expect(formatTimeUntil(timeUntilNextBus([now + 50_000], mid))).toBe('0 min'); // same minute
    expect(formatTimeUntil(timeUntilNextBus([now + HOUR_MS], now + 59_999))).toBe('1 hr 0 min');
  });
  it('shows minutes only while hours are zero', () => {
    expect(fmt(1)).toBe('0 min');
    expect(fmt(MINUTE_MS - 1)).toBe('0 min');
    expect(fmt(MINUTE_MS)).toBe('1 min');
    expect(fmt(25 * MINUTE_MS + 59_999)).toBe('25 min');
    expect(fmt(HOUR_MS - 1)).toBe('59 min');
  });
  it('shows hours from exactly one hour', () => {
    expect(fmt(HOUR_MS)).toBe('1 hr 0 min');
    expect(fmt(HOUR_MS + 5 * MINUTE_MS)).toBe('1 hr 5 min');
    expect(fmt(11 * HOUR_MS + 59 * MINUTE_MS)).toBe('11 hr 59 min');
  });
  it('reports the departure it counted to', () => {
    const t = timeUntilNextBus([now + 2 * HOUR_MS, now + 90 * MINUTE_MS], now);
    expect(t).toEqual({ kind: 'available', departure: now + 90 * MINUTE_MS, hours: 1, minutes: 30 });
  });
});

describe('formatClock12h', () => {
  it('uses a 12-hour clock with AM/PM in Asia/Kolkata', () => {
    expect(formatClock12h(ist('2026-11-21T00:00:00'))).toBe('12:00 AM');
    expect(formatClock12h(ist('2026-11-21T00:59:59'))).toBe('12:59 AM');
    expect(formatClock12h(ist('2026-11-21T09:05:00'))).toBe('9:05 AM');
    expect(formatClock12h(ist('2026-11-21T11:59:59'))).toBe('11:59 AM');
    expect(formatClock12h(ist('2026-11-21T12:00:00'))).toBe('12:00 PM');
    expect(formatClock12h(ist('2026-11-21T13:07:00'))).toBe('1:07 PM');
    expect(formatClock12h(ist('2026-11-21T23:59:00'))).toBe('11:59 PM');
  });
  it('does not depend on the machine time zone: UTC midnight is 5:30 AM in India', () => {
    expect(formatClock12h(Date.parse('2026-11-21T00:00:00Z'))).toBe('5:30 AM');
  });
});

describe('timingsWindow', () => {
  it('asks for now to now plus 12 hours as strings of epoch milliseconds', () => {
    expect(timingsWindow(now)).toEqual({ fromTime: String(now), toTime: String(now + 43_200_000) });
    expect(AIRPORT_TIMINGS_WINDOW_MS).toBe(43_200_000);
  });
});

describe('formatDataAge', () => {
  it('stays silent while the data is under two minutes old', () => {
    expect(formatDataAge(now, now)).toBeNull();
    expect(formatDataAge(now - 2 * MINUTE_MS + 1, now)).toBeNull();
  });
  it('says how old the data is from two minutes on', () => {
    expect(formatDataAge(now - 2 * MINUTE_MS, now)).toBe('Last updated 2 min ago');
    expect(formatDataAge(now - HOUR_MS + 1, now)).toBe('Last updated 59 min ago');
    expect(formatDataAge(now - HOUR_MS - 3 * MINUTE_MS, now)).toBe('Last updated 1 hr 3 min ago');
  });
});

describe('formatBookAt', () => {
  it('puts the place in upper case before the counter description', () => {
    expect(formatBookAt('Arrival Hall', 'Airport Express Counter')).toBe('ARRIVAL HALL, Airport Express Counter');
    expect(formatBookAt('P6 Arrivals', 'Outside Gate A and Gate C')).toBe('P6 ARRIVALS, Outside Gate A and Gate C');
  });
});

describe('parseBoardSegment', () => {
  it('reads product and orientation', () => {
    expect(parseBoardSegment('airport-express-bus-time')).toEqual({ product: 'express', orientation: 'vertical' });
    expect(parseBoardSegment('airport-express-bus-time-horizontal')).toEqual({ product: 'express', orientation: 'horizontal' });
    expect(parseBoardSegment('airport-city-link-bus-time')).toEqual({ product: 'city-link', orientation: 'vertical' });
  });
  it('refuses anything else', () => {
    for (const s of [
      '',
      'airport--bus-time',
      'express-bus-time',
      'airport-express-bus-time-vertical',
      'airport-EXPRESS-bus-time',
      'airport-express-bus-times',
    ]) {
      expect(parseBoardSegment(s)).toBeNull();
    }
  });
});
