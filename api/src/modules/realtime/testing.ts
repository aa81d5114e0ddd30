import { RealtimeFeed } from './feed';
import type { RealtimeSnapshot, RealtimeSource } from './source';
import type { RealtimeRows } from './store';

/** A source that answers a fixed snapshot (or one made from `now`) and counts its calls: service tests. */
export class FixedSource implements RealtimeSource {
  readonly kind = 'gtfs-rt' as const;
  calls = 0;
  constructor(public make: (now: number) => RealtimeSnapshot) {}
  async snapshot(_feed: RealtimeFeed, now: number): Promise<RealtimeSnapshot> {
    this.calls++;
    return this.make(now);
  }
}

/**
 * A synthetic one-route city without shapes: stops every 0.01° due north from (10.0, 76.3), two minutes apart, a
 * frequency trip every 5 min from 05:00 to 23:00 (about 200 runs a day), so statistics over the simulator mean something.
 */
export function straightLineFeed(cityId = 'kochi', stops = 12): RealtimeFeed {
  const rows: RealtimeRows = {
    stops: Array.from({ length: stops }, (_, i) => ({ stop_id: `S${i}`, stop_name: `Stop ${i}`, stop_lat: 10 + i * 0.01, stop_lon: 76.3 })),
    routes: [{ route_id: 'L1', route_short_name: '1A', route_long_name: 'North line' }],
    trips: [{ trip_id: 'L1-F', route_id: 'L1', service_id: 'ALL', trip_headsign: 'North', shape_id: null }],
    stopTimes: [
      {
        trip_id: 'L1-F',
        seqs: Array.from({ length: stops }, (_, i) => i + 1),
        stop_ids: Array.from({ length: stops }, (_, i) => `S${i}`),
        arr: Array.from({ length: stops }, (_, i) => i * 120),
        dep: Array.from({ length: stops }, (_, i) => i * 120 + (i > 0 && i < stops - 1 ? 20 : 0)),
      },
    ],
    frequencies: [{ trip_id: 'L1-F', start_secs: 5 * 3600, end_secs: 23 * 3600, headway_secs: 300 }],
    calendar: [
      { service_id: 'ALL', monday: 1, tuesday: 1, wednesday: 1, thursday: 1, friday: 1, saturday: 1, sunday: 1, start_date: '20250101', end_date: '20301231' },
    ],
    calendarDates: [],
    shapes: [],
  };
  return new RealtimeFeed(cityId, 1, 'Asia/Kolkata', rows);
}
