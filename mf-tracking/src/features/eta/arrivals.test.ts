import { arrivalViews, comes, fromTheBus } from './arrivals';
import type { Arrival } from '../common/transit';

const now = Date.UTC(2026, 0, 5, 6, 0);
const base: Arrival = {
  route_id: 'R',
  route_name: 'R',
  route_color: null,
  route_text_color: null,
  headsign: null,
  tripId: 't',
  scheduledTime: now + 10 * 60_000,
  expectedTime: null,
  vNo: null,
  tS: null,
  eta: null,
  delaySeconds: null,
  timeliness: null,
  occupancy: null,
  passedAt: null,
  live: false,
  cancellation: null,
};

describe('arrivalViews', () => {
  it('shows a usable live ETA in minutes', () => {
    const [v] = arrivalViews([{ ...base, vNo: 'MH01', tS: now - 30_000, eta: 240 }], now);
    expect(v).toMatchObject({ kind: 'live', minutes: 4 });
  });
  it('ignores an ETA of -1 and a position older than 15 min: the scheduled time shows', () => {
    expect(arrivalViews([{ ...base, vNo: 'A', tS: now, eta: -1 }], now)[0].kind).toBe('scheduled');
    expect(arrivalViews([{ ...base, vNo: 'A', tS: now - 16 * 60_000, eta: 60 }], now)[0].kind).toBe('scheduled');
  });
  it('shows a bus that has just left as passed N min ago, first', () => {
    const views = arrivalViews([base, { ...base, tripId: 'p', passedAt: now - 3 * 60_000 }], now);
    expect(views[0]).toMatchObject({ kind: 'passed', minutesAgo: 3 });
  });
  it('never calls a 5-minute-old position live: estimated, last seen 5 min ago', () => {
    expect(arrivalViews([{ ...base, vNo: 'MH01', tS: now - 5 * 60_000, eta: 600 }], now)[0]).toMatchObject({
      kind: 'estimated',
      minutes: 5,
      lastSeenMinutes: 5,
    });
  });
  it('says a bus that left under a minute ago just left, never "passed 0 min ago"', () => {
    expect(arrivalViews([{ ...base, passedAt: now - 20_000 }], now)[0].kind).toBe('justLeft');
  });
  it('marks a timetable-only arrival scheduled: not from the bus, but a bus that comes', () => {
    const [v] = arrivalViews([base], now);
    expect(v).toMatchObject({ kind: 'scheduled', at: base.scheduledTime });
    expect(fromTheBus(v)).toBe(false);
    expect(comes(v)).toBe(true);
  });
  it('marks a live ETA as from the bus, and an estimate too', () => {
    const [live] = arrivalViews([{ ...base, vNo: 'A', tS: now - 10_000, eta: 300, live: true }], now);
    const [old] = arrivalViews([{ ...base, vNo: 'A', tS: now - 5 * 60_000, eta: 600, live: true }], now);
    expect([live.kind, fromTheBus(live), comes(live)]).toEqual(['live', true, true]);
    expect([old.kind, fromTheBus(old), comes(old)]).toEqual(['estimated', true, true]);
  });
  it('keeps a cancelled bus at its timetable time, never from the bus and never one that comes', () => {
    const [v] = arrivalViews([{ ...base, cancellation: 'TRIP_CANCELLED' }], now);
    expect(v).toMatchObject({ kind: 'cancelled', at: base.scheduledTime });
    expect(fromTheBus(v)).toBe(false);
    expect(comes(v)).toBe(false);
  });
  it('marks a bus that passes the stop without stopping, even with live data for it', () => {
    const [v] = arrivalViews([{ ...base, cancellation: 'STOP_SKIPPED', vNo: 'A', tS: now, eta: 120, live: true }], now);
    expect(v).toMatchObject({ kind: 'skipsStop', at: base.scheduledTime });
    expect(comes(v)).toBe(false);
  });
  it('orders buses that will not come by their timetable time among the others', () => {
    const views = arrivalViews(
      [
        { ...base, tripId: 'late', scheduledTime: now + 20 * 60_000 },
        { ...base, tripId: 'x', scheduledTime: now + 5 * 60_000, cancellation: 'TRIP_CANCELLED' },
        { ...base, tripId: 'live', vNo: 'A', tS: now, eta: 8 * 60 },
        { ...base, tripId: 'left', passedAt: now - 2 * 60_000 },
      ],
      now,
    );
    expect(views.map((v) => [v.arrival.tripId, v.kind])).toEqual([
      ['left', 'passed'],
      ['x', 'cancelled'],
      ['live', 'live'],
      ['late', 'scheduled'],
    ]);
    expect(views.find(comes)?.arrival.tripId).toBe('live');
  });
});
