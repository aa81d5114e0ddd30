import { ETA_MAX_AGE_MS, DISRUPTION_KINDS, occupancyLevel } from '@sawari/domain';
import { simulate, simulateDisruptions } from './simulator';
import { straightLineFeed } from './testing';

const at = (hms: string, date = '2026-03-10') => Date.parse(`${date}T${hms}+05:30`);
const feed = straightLineFeed('kochi');

/** Every snapshot of one day, every 10 min from 05:00 to 23:50. */
function day(seed = 'sawari') {
  const out = [];
  for (let t = at('05:00:00'); t < at('23:55:00'); t += 10 * 60_000) out.push({ now: t, s: simulate(feed, seed, t) });
  return out;
}

describe('realtime simulator', () => {
  it('is a pure function of (feed, seed, now)', () => {
    const now = at('09:00:00');
    expect(simulate(feed, 'sawari', now)).toEqual(simulate(straightLineFeed('kochi'), 'sawari', now));
    const other = simulate(feed, 'other seed', now);
    expect(other.vehicles.map((v) => v.vNo)).not.toEqual(simulate(feed, 'sawari', now).vehicles.map((v) => v.vNo));
  });

  it('puts vehicles only on runs of the day that are on the road, and none at night', () => {
    expect(simulate(feed, 'sawari', at('03:00:00')).vehicles).toEqual([]);
    for (const { now, s } of day()) {
      for (const u of s.tripUpdates.filter((x) => !x.cancelled)) {
        const [h, m] = u.trip.startTime!.split(':').map(Number);
        const start = at(`${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00`);
        const end = start + 22 * 60_000; // 11 stops, 2 min apart
        expect(u.trip.startDate).toBe('20260310');
        // On the road: the run's schedule, shifted by its delay (at most 10 min early, 20 min late), contains now.
        expect(now).toBeGreaterThanOrEqual(start - 10 * 60_000);
        expect(now).toBeLessThanOrEqual(end + 20 * 60_000);
      }
      expect(s.vehicles.length).toBe(s.tripUpdates.filter((x) => !x.cancelled).length);
    }
  });

  it('cancels a few runs (announced 2 h ahead, no bus on the road) and has a few skip a stop, the same for the same seed', () => {
    const runs = new Set<string>();
    const cancelled = new Set<string>();
    let skips = 0;
    let running = 0;
    for (const { now, s } of day()) {
      const onRoad = new Set(s.vehicles.map((v) => `${v.trip!.tripId}|${v.trip!.startTime}`));
      for (const u of s.tripUpdates) {
        const key = `${u.trip.tripId}|${u.trip.startTime}`;
        runs.add(key);
        if (u.cancelled) {
          cancelled.add(key);
          expect(onRoad.has(key)).toBe(false);
          expect(u.stops).toEqual([]);
          const [h, m] = u.trip.startTime!.split(':').map(Number);
          // Announced at most 2 h before the first departure, until the last arrival.
          expect(at(`${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00`) - now).toBeLessThanOrEqual(2 * 3_600_000);
          expect(now - u.tS).toBeLessThan(30_000);
        } else {
          running++;
          const skipped = u.stops.filter((x) => x.skipped);
          skips += skipped.length;
          for (const x of skipped) expect(x.stopId).not.toBe('S11');
        }
      }
    }
    // 3 % of about 200 runs a day.
    expect(cancelled.size).toBeGreaterThanOrEqual(2);
    expect(cancelled.size / runs.size).toBeLessThan(0.1);
    expect(skips).toBeGreaterThan(0);
    expect(skips / running).toBeLessThan(0.1);
    const now = at('09:00:00');
    expect(simulate(feed, 'sawari', now).tripUpdates.filter((u) => u.cancelled)).toEqual(
      simulate(straightLineFeed('kochi'), 'sawari', now).tripUpdates.filter((u) => u.cancelled),
    );
  });

  it('draws realistic delays, report ages, occupancy, plates and GPS jitter', () => {
    const delays: number[] = [];
    const ages: number[] = [];
    const levels = new Set<string>();
    let unknown = 0;
    for (const { now, s } of day()) {
      const plates = s.vehicles.map((v) => v.vNo);
      expect(new Set(plates).size).toBe(plates.length);
      for (const v of s.vehicles) {
        expect(v.vNo).toMatch(/^KL-07-[A-HJ-NP-Z]{2}-\d{4}$/);
        ages.push(now - v.tS);
        expect(v.tS).toBeLessThanOrEqual(now);
        expect(v.tS % 1000).toBe(0);
        levels.add(occupancyLevel(v.occupancyLevel!));
        expect(v.occupancyLevel).toBeGreaterThanOrEqual(0);
        expect(v.occupancyLevel).toBeLessThanOrEqual(40);
        // The line runs due north along 76.3° E: jitter is a few metres east or west of it.
        expect(Math.abs(v.lon - 76.3) * 111_320 * Math.cos((v.lat * Math.PI) / 180)).toBeLessThan(9);
      }
      for (const u of s.tripUpdates.filter((x) => !x.cancelled)) {
        if (u.stops[0].delaySeconds === null) unknown++;
        else delays.push(u.stops[0].delaySeconds);
      }
    }
    const share = (f: (x: number) => boolean, list: number[]) => list.filter(f).length / list.length;
    expect(delays.length).toBeGreaterThan(300);
    expect(share((d) => d >= -120 && d <= 480, delays)).toBeGreaterThan(0.6);
    expect(share((d) => d > 360, delays)).toBeGreaterThan(0.05);
    expect(share((d) => d < -300, delays)).toBeGreaterThan(0.01);
    expect(unknown).toBeGreaterThan(0);
    expect(share((a) => a <= 60_000, ages)).toBeGreaterThan(0.6);
    expect(ages.some((a) => a > 2 * 60_000 && a <= ETA_MAX_AGE_MS)).toBe(true);
    expect(ages.some((a) => a > ETA_MAX_AGE_MS)).toBe(true);
    expect(levels).toEqual(new Set(['overcrowded', 'standing', 'seats']));
  });

  it('moves a bus smoothly: its delay changes by seconds, not minutes, between reports', () => {
    const from = at('10:00:00');
    const delays = new Map<string, number>();
    for (let t = from; t < from + 30 * 60_000; t += 30_000) {
      for (const u of simulate(feed, 'sawari', t).tripUpdates) {
        const key = `${u.trip.startTime}`;
        const d = u.stops[0].delaySeconds;
        if (d === null) continue;
        const prev = delays.get(key);
        if (prev !== undefined) expect(Math.abs(d - prev)).toBeLessThan(120);
        delays.set(key, d);
      }
    }
    expect(delays.size).toBeGreaterThan(3);
  });

  it('keeps a plate for the whole run', () => {
    const plates = new Map<string, Set<string>>();
    for (let t = at('12:00:00'); t < at('12:40:00'); t += 60_000) {
      for (const v of simulate(feed, 'sawari', t).vehicles) {
        const set = plates.get(v.trip!.startTime!) ?? new Set();
        set.add(v.vNo);
        plates.set(v.trip!.startTime!, set);
      }
    }
    for (const set of plates.values()) expect(set.size).toBe(1);
  });

  it('seeds three to five disruptions a day on the feed’s routes and stops', () => {
    const list = simulateDisruptions(feed, 'sawari', '20260310');
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.length).toBeLessThanOrEqual(5);
    expect(simulateDisruptions(feed, 'sawari', '20260310')).toEqual(list);
    for (const d of list) {
      expect(DISRUPTION_KINDS).toContain(d.kind);
      expect(d.routeIds).toEqual(['L1']);
      expect(d.stopIds.length).toBeGreaterThan(0);
      for (const s of d.stopIds) expect(feed.stops.has(s)).toBe(true);
      expect(d.endsAt! - d.startsAt).toBeGreaterThanOrEqual(30 * 60_000);
      expect(d.title).not.toBe('');
    }
    const kinds = new Set(['20260310', '20260311', '20260312', '20260313'].flatMap((date) => simulateDisruptions(feed, 'sawari', date).map((d) => d.kind)));
    expect(kinds).toEqual(new Set(DISRUPTION_KINDS));
  });
});
