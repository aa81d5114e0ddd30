import { arrivalViews } from './arrivals';
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
});
