// The last trip the rider planned, kept on this device so Home can offer it again in one tap. The planner keeps its
// request in the address (mf-tracking planner plan.ts: /trip-planner/results?from=&fromName=&to=&toName=&mode=…); the
// layout records each results address it sees (recordLastTrip), and Home reads it back. Pure helpers plus storage.

export type LastTrip = { city: string; query: string; fromName: string; toName: string; at: number };
export const LAST_TRIP_KEY = 'sawari.home.lastTrip';
const RESULTS_PATHS = ['/trip-planner/results'];

/** The trip of a planner results address (below /app), or null for any other address or one without both places. */
export function tripFromAddress(path: string, search: string, city: string, now: number): LastTrip | null {
  if (!RESULTS_PATHS.includes(path)) return null;
  const q = new URLSearchParams(search);
  const from = q.get('from');
  const to = q.get('to');
  if (!from || !to) return null;
  // Planned again, it leaves now: a time of an earlier day would plan the past.
  const again = new URLSearchParams({ from, fromName: q.get('fromName') || from, to, toName: q.get('toName') || to, mode: 'now' });
  return { city, query: again.toString(), fromName: q.get('fromName') || from, toName: q.get('toName') || to, at: now };
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

export function recordLastTrip(trip: LastTrip | null, storage: Store = localStorage): void {
  if (!trip) return;
  try {
    storage.setItem(LAST_TRIP_KEY, JSON.stringify(trip));
  } catch {
    // storage blocked: Home simply offers nothing
  }
}

/** The stored trip if it was planned in `city`, else null (a trip of another city would plan nothing here). */
export function readLastTrip(city: string, storage: Store = localStorage): LastTrip | null {
  try {
    const v = JSON.parse(storage.getItem(LAST_TRIP_KEY) ?? 'null') as Partial<LastTrip> | null;
    if (!v || v.city !== city || typeof v.query !== 'string' || typeof v.fromName !== 'string' || typeof v.toName !== 'string') return null;
    return { city: v.city, query: v.query, fromName: v.fromName, toName: v.toName, at: Number(v.at) || 0 };
  } catch {
    return null;
  }
}

export const planAgainPath = (t: LastTrip): string => `/trip-planner/results?${t.query}`;
