// Stops by name in the timetable kept on this phone: how the planner's from/to fields find a stop with no network (the
// offline planner plans between stops of that same file). Pure; tested in stop-search.test.ts.
import type { TimetableStop } from '@sawari/domain/src/planner';

export interface KeptStopMatch {
  stopId: string;
  name: string;
  lat: number | null;
  lon: number | null;
}

const norm = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The kept stops whose name holds every word typed (in any order, case and accents ignored): names that start with
 * what was typed first, then the others, each alphabetically; one entry per name and place; at most `limit`.
 */
export function matchKeptStops(stops: readonly TimetableStop[], query: string, limit = 20): KeptStopMatch[] {
  const words = norm(query).split(' ').filter(Boolean);
  if (!words.length) return [];
  const q = words.join(' ');
  const hits: { m: KeptStopMatch; starts: boolean }[] = [];
  const seen = new Set<string>();
  for (const s of stops) {
    if (!s.stop_name) continue;
    const n = norm(s.stop_name);
    if (!words.every((w) => n.includes(w))) continue;
    const key = `${n}|${s.stop_lat?.toFixed(4)}|${s.stop_lon?.toFixed(4)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    hits.push({ m: { stopId: s.stop_id, name: s.stop_name, lat: s.stop_lat, lon: s.stop_lon }, starts: n.startsWith(q) });
  }
  hits.sort((a, b) => Number(b.starts) - Number(a.starts) || a.m.name.localeCompare(b.m.name));
  return hits.slice(0, limit).map((h) => h.m);
}
