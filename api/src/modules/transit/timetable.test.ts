import { Timetable } from './timetable';
import type { TimetableRows } from './store';

const ist = (date: string, time: string) => Date.parse(`${date}T${time}+05:30`);
/** "DD HH:MM" in India time. */
const hm = (ms: number) => {
  const iso = new Date(ms + 5.5 * 3600_000).toISOString();
  return `${iso.slice(8, 10)} ${iso.slice(11, 16)}`;
};
const week = { monday: 1, tuesday: 1, wednesday: 1, thursday: 1, friday: 1, saturday: 1, sunday: 1 };

function rows(): TimetableRows {
  return {
    stops: [
      { stop_id: 'A', stop_name: 'Alpha' },
      { stop_id: 'B', stop_name: null },
      { stop_id: 'C', stop_name: 'Charlie' },
    ],
    routes: [{ route_id: 'R' }, { route_id: 'F' }],
    trips: [
      { trip_id: 't1', route_id: 'R', service_id: 'ALL' },
      { trip_id: 't2', route_id: 'R', service_id: 'ALL' },
      { trip_id: 'f', route_id: 'F', service_id: 'ALL' },
    ],
    stopTimes: [
      { trip_id: 'f', stop_id: 'A', arrival_secs: 100, departure_secs: 100 },
      { trip_id: 'f', stop_id: 'C', arrival_secs: 700, departure_secs: 700 },
      { trip_id: 't1', stop_id: 'A', arrival_secs: 23 * 3600, departure_secs: 23 * 3600 },
      { trip_id: 't1', stop_id: 'B', arrival_secs: null, departure_secs: null },
      { trip_id: 't1', stop_id: 'C', arrival_secs: 25 * 3600, departure_secs: 25 * 3600 },
      { trip_id: 't2', stop_id: 'A', arrival_secs: 8 * 3600, departure_secs: 8 * 3600 },
      { trip_id: 't2', stop_id: 'C', arrival_secs: 9 * 3600, departure_secs: 9 * 3600 },
    ],
    frequencies: [
      { trip_id: 'f', start_secs: 6 * 3600, end_secs: 7 * 3600, headway_secs: 1200 },
      { trip_id: 'f', start_secs: 18 * 3600, end_secs: 18 * 3600 + 1, headway_secs: 600 },
    ],
    calendar: [{ service_id: 'ALL', ...week, start_date: '20250101', end_date: '20251231' }],
    calendarDates: [{ service_id: 'ALL', date: '20250815', exception_type: 2 }],
  };
}

describe('Timetable', () => {
  const tt = new Timetable(1, 'Asia/Kolkata', rows());

  it('checks pairs', () => {
    expect(tt.check('R', 'A')).toEqual({ ok: true });
    expect(tt.check('X', 'A')).toEqual({ ok: false, reason: 'unknown-route' });
    expect(tt.check('R', 'X')).toEqual({ ok: false, reason: 'unknown-stop' });
    expect(tt.check('F', 'B')).toEqual({ ok: false, reason: 'not-served' });
  });

  it('names the destination after the last stop', () => {
    expect(tt.destination('R')).toBe('Charlie');
    expect(tt.destination('nope')).toBeNull();
  });

  it('expands frequencies with each stop offset from the first stop', () => {
    const day = ['2025-08-14', '00:00:00'] as const;
    const all = tt.departures('F', 'C', ist(...day), ist('2025-08-14', '23:59:59'));
    expect(all.map(hm)).toEqual(['14 06:10', '14 06:30', '14 06:50', '14 18:10']);
  });

  it('serves times past 24:00 on the next calendar day and interpolates missing times', () => {
    expect(tt.departures('R', 'C', ist('2025-08-14', '00:00:00'), ist('2025-08-14', '23:59:59')).map(hm)).toEqual(['14 01:00', '14 09:00']);
    expect(tt.departures('R', 'B', ist('2025-08-14', '00:00:00'), ist('2025-08-15', '00:00:00')).map(hm)).toEqual(['14 00:00', '15 00:00']);
  });

  it('applies removals, date ranges and the window edges (inclusive)', () => {
    // 15 Aug removed: no 08:00, and the 15th's 25:00 (= 16th 01:00) is gone too.
    expect(tt.departures('R', 'C', ist('2025-08-15', '00:00:00'), ist('2025-08-16', '12:00:00')).map(hm)).toEqual(['15 01:00', '16 09:00']);
    expect(tt.departures('R', 'A', ist('2025-08-14', '08:00:00'), ist('2025-08-14', '08:00:00'))).toEqual([ist('2025-08-14', '08:00:00')]);
    expect(tt.departures('R', 'A', ist('2026-01-01', '00:00:00'), ist('2026-01-01', '23:00:00'))).toEqual([]);
  });
});
