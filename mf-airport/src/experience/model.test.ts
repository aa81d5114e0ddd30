import type { ReservationLine, StopPair, TripSlotsResponse } from '@sawari/contracts';
import { formatCityDate } from '@sawari/domain';
import { airportCity, canChoose, dayOption, etaPairs, etaType, farePath, linesToBook, nextDepartures, slotsPath, slotsQuery } from './model';

const stop = (stopId: string, name: string, offsetMin: number) => ({ stopId, name, lat: 19, lon: 72.8, offsetMin });
const T1 = stop('T1-BAY', 'Terminal 1', 0);
const T2 = stop('T2-BAY', 'Terminal 2', 0);
const line = (id: string, ...stops: ReturnType<typeof stop>[]) => ({ id, code: id, name: id, stops }) as unknown as ReservationLine;
const pair = (l: ReservationLine, from: ReturnType<typeof stop>, to: ReturnType<typeof stop>) =>
  ({ line: l, from, to, fares: { adult: 100 * to.offsetMin } }) as unknown as StopPair;

const VASHI = stop('VASHI', 'Vashi', 40);
const KHARGHAR = stop('KHR', 'Kharghar', 70);
const AE1 = line('AE1', T1, VASHI, KHARGHAR);
const AE1_BACK = line('AE1R', { ...KHARGHAR, offsetMin: 0 }, { ...VASHI, offsetMin: 30 }, { ...T1, offsetMin: 70 });
const AE2 = line('AE2', T2, stop('BKC', 'BKC', 50));
const pairs = [
  pair(AE1, T1, VASHI),
  pair(AE1, T1, KHARGHAR),
  pair(AE1, VASHI, KHARGHAR),
  pair(AE2, T2, AE2.stops[1]),
  pair(AE1_BACK, AE1_BACK.stops[0], AE1_BACK.stops[2]),
  pair(AE1_BACK, AE1_BACK.stops[1], AE1_BACK.stops[2]),
];

describe('airportCity', () => {
  const mumbai = { name: 'Mumbai', features: { airport: true, premium: true } };
  it('no city at all: none; the route’s city other than the rider’s: trusted', () => {
    expect(airportCity(undefined, null, null, 'ready')).toEqual({ city: null, name: '', ok: false, loading: false });
    expect(airportCity('mumbai', 'kochi', null, 'ready')).toEqual({ city: 'mumbai', name: 'mumbai', ok: true, loading: false });
  });
  it('the rider’s city: loading while its config is, ok only with the airport and premium features', () => {
    expect(airportCity(undefined, 'mumbai', null, 'loading').loading).toBe(true);
    expect(airportCity(undefined, 'mumbai', null, 'error')).toMatchObject({ ok: false, loading: false });
    expect(airportCity(undefined, 'mumbai', mumbai, 'ready')).toEqual({ city: 'mumbai', name: 'Mumbai', ok: true, loading: false });
    expect(airportCity(undefined, 'kochi', { name: 'Kochi', features: { airport: false, premium: true } }, 'ready').ok).toBe(false);
    expect(airportCity('mumbai', 'mumbai', { name: 'Mumbai', features: { airport: true } }, 'ready').ok).toBe(false);
  });
});

describe('linesToBook', () => {
  it('each line once, in order, with its pair to the farthest stop', () => {
    const out = linesToBook(pairs);
    expect(out.map((x) => `${x.line.id}:${x.pair.from.stopId}>${x.pair.to.stopId}`)).toEqual(['AE1:T1-BAY>KHR', 'AE2:T2-BAY>BKC', 'AE1R:KHR>T1-BAY']);
    expect(linesToBook([])).toEqual([]);
  });
});

describe('etaPairs', () => {
  it('from the airport: lines starting at a terminal, to their farthest stop', () => {
    expect(etaPairs(pairs, 'from').map((p) => `${p.line.id}>${p.to.stopId}`)).toEqual(['AE1>KHR', 'AE2>BKC']);
  });
  it('to the airport: lines from their first stop to a terminal', () => {
    expect(etaPairs(pairs, 'to').map((p) => `${p.line.id}:${p.from.stopId}>${p.to.stopId}`)).toEqual(['AE1R:KHR>T1-BAY']);
  });
});

describe('nextDepartures', () => {
  const slot = (tripId: string, startTime: number, status = 'PLANNED') => ({ tripId, startTime, status });
  it('each pair’s next planned slot, soonest first; a pair with none left out', async () => {
    const answers: Record<string, TripSlotsResponse> = {
      AE1: { slots: [slot('a0', 10, 'DEPARTED'), slot('a1', 300)] } as unknown as TripSlotsResponse,
      AE2: { slots: [slot('b1', 200)] } as unknown as TripSlotsResponse,
      AE1R: { slots: [slot('c0', 100, 'CANCELLED')] } as unknown as TripSlotsResponse,
    };
    const load = jest.fn(async (q: { lineId: string }) => answers[q.lineId]);
    const out = await nextDepartures([pairs[1], pairs[3], pairs[4]], load);
    expect(out.map((d) => d.slot.tripId)).toEqual(['b1', 'a1']);
    expect(out[1]).toMatchObject({ from: 'Terminal 1', to: 'Kharghar' });
    expect(load).toHaveBeenCalledWith({ lineId: 'AE1', fromStopId: 'T1-BAY', toStopId: 'KHR' });
  });
});

describe('paths and small rules', () => {
  it('slots and fare paths carry the line, stops and adults, encoded', () => {
    expect(slotsPath(AE1, pairs[1])).toBe('/airport-experience/select-slots?lineId=AE1&fromStopId=T1-BAY&toStopId=KHR');
    expect(farePath('AE1.2026 1128', 'T1-BAY', 'KHR', 3)).toBe(
      '/premium-buses/fare-details?tripId=AE1.2026%201128&fromStopId=T1-BAY&toStopId=KHR&adult=3&child=0&senior=0',
    );
  });
  it('dayOption: the one date format, the city day, in the rider language', () => {
    expect(dayOption('20261128')).toBe('28 Nov 2026');
    expect(dayOption('20261128', 'en-IN')).toBe('28 Nov 2026');
    // the city's calendar day, never the day before or after in UTC (a Kolkata day starts at 18:30 UTC)
    expect(dayOption('20261231')).toBe('31 Dec 2026');
    expect(dayOption('20270101')).toBe(formatCityDate(Date.parse('2027-01-01T00:00:00+05:30')));
    // Hindi: its own month name, Latin digits like every other date of the app
    expect(dayOption('20261128', 'hi-IN')).toMatch(/^28 \S+ 2026$/);
    expect(dayOption('20261128', 'hi-IN')).not.toContain('Nov');
    // not a day: shown as it came, never "NaN"
    expect(dayOption('tomorrow')).toBe('tomorrow');
  });
  it('slotsQuery: the line and its stops, or null when any is missing', () => {
    expect(slotsQuery('?lineId=AE1&fromStopId=T1-BAY&toStopId=KHR')).toEqual({ lineId: 'AE1', fromStopId: 'T1-BAY', toStopId: 'KHR' });
    expect(slotsQuery('')).toBeNull();
    expect(slotsQuery('?fromStopId=T1-BAY&toStopId=KHR')).toBeNull();
    expect(slotsQuery('?lineId=AE1&fromStopId=T1-BAY')).toBeNull();
    expect(slotsQuery('?lineId=&fromStopId=T1-BAY&toStopId=KHR')).toBeNull();
  });
  it('etaType, canChoose', () => {
    expect([etaType('from-airport'), etaType('to-airport'), etaType('sideways'), etaType(undefined)]).toEqual(['from', 'to', null, null]);
    expect(canChoose({ bookable: true, seatsLeft: 2 }, 2)).toBe(true);
    expect(canChoose({ bookable: true, seatsLeft: 1 }, 2)).toBe(false);
    expect(canChoose({ bookable: false, seatsLeft: 9 }, 1)).toBe(false);
  });
});
