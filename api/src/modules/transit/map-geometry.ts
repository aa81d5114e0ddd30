// Pure geometry for the map endpoints (network-map.ts): simplifying a line, placing a trip's stops along its shape and
// cutting the shape between two of them. Coordinates are [lon, lat]; distances are metres on a local flat projection
// (good to well under 1 % over a city). Tested in map-geometry.test.ts.

export type LonLat = [number, number];

const M_PER_DEG = 111_320;

/** Planar metres of a point relative to a reference latitude (equirectangular). */
const project = ([lon, lat]: LonLat, cosLat: number): [number, number] => [lon * M_PER_DEG * cosLat, lat * M_PER_DEG];

const cosOf = (points: readonly LonLat[]): number => {
  if (points.length === 0) return 1;
  let sum = 0;
  for (const p of points) sum += p[1];
  return Math.cos(((sum / points.length) * Math.PI) / 180);
};

/** Where p falls on segment a-b: the fraction t along it (0..1) and the squared distance to it. */
function onSegment(p: [number, number], a: [number, number], b: [number, number]): { t: number; d2: number } {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  const x = a[0] + t * dx - p[0];
  const y = a[1] + t * dy - p[1];
  return { t, d2: x * x + y * y };
}

/** Douglas-Peucker: the fewest points of `line` that keep it within `toleranceMeters` of itself. Ends are kept. */
export function simplifyLine(line: readonly LonLat[], toleranceMeters: number): LonLat[] {
  if (line.length <= 2) return line.map((p) => [p[0], p[1]]);
  const cos = cosOf(line);
  const xy = line.map((p) => project(p, cos));
  const keep = new Uint8Array(line.length);
  keep[0] = keep[line.length - 1] = 1;
  const tol2 = toleranceMeters * toleranceMeters;
  const stack: [number, number][] = [[0, line.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop()!;
    let worst = -1;
    let worstD2 = tol2;
    for (let i = first + 1; i < last; i++) {
      const { d2 } = onSegment(xy[i], xy[first], xy[last]);
      if (d2 > worstD2) {
        worst = i;
        worstD2 = d2;
      }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push([first, worst], [worst, last]);
    }
  }
  return line.filter((_, i) => keep[i]).map((p) => [p[0], p[1]]);
}

/**
 * The lines as a network: every stretch between two points that several lines share is kept once (either way
 * round), and the stretches are joined into the longest runs that pass no junction (a point where other than two
 * stretches meet), so shared roads are drawn once. Points are the same point when equal to 5 decimals (about 1 m).
 */
export function mergeLines(lines: readonly (readonly LonLat[])[]): LonLat[][] {
  // Points as numbers: lon and lat in 1e-5 degrees, packed (exact below 2^53 for any lon and lat).
  const key = (p: LonLat) => (Math.round(p[0] * 1e5) + 18_000_000) * 20_000_000 + (Math.round(p[1] * 1e5) + 9_000_000);
  const at = new Map<number, LonLat>();
  const next = new Map<number, Set<number>>();
  const link = (a: number, b: number) => {
    let s = next.get(a);
    if (!s) next.set(a, (s = new Set()));
    s.add(b);
  };
  for (const line of lines) {
    for (let i = 0; i + 1 < line.length; i++) {
      const a = key(line[i]);
      const b = key(line[i + 1]);
      if (a === b) continue;
      if (!at.has(a)) at.set(a, line[i]);
      if (!at.has(b)) at.set(b, line[i + 1]);
      link(a, b);
      link(b, a);
    }
  }
  const done = new Map<number, Set<number>>();
  const isDone = (a: number, b: number) => done.get(Math.min(a, b))?.has(Math.max(a, b)) ?? false;
  const markDone = (a: number, b: number) => {
    const lo = Math.min(a, b);
    let s = done.get(lo);
    if (!s) done.set(lo, (s = new Set()));
    s.add(Math.max(a, b));
  };
  const walk = (from: number, to: number): LonLat[] => {
    const run = [at.get(from)!];
    let [prev, cur] = [from, to];
    for (;;) {
      markDone(prev, cur);
      run.push(at.get(cur)!);
      const onward = next.get(cur)!;
      if (onward.size !== 2) return run;
      const [x, y] = [...onward];
      const n = x === prev ? y : x;
      if (isDone(cur, n)) return run;
      [prev, cur] = [cur, n];
    }
  };
  const out: LonLat[][] = [];
  // Runs from every junction and end first, then what is left: rings with no junction on them.
  for (const pass of [(n: number) => n !== 2, () => true])
    for (const [a, ns] of next) {
      if (!pass(ns.size)) continue;
      for (const b of ns) if (!isDone(a, b)) out.push(walk(a, b));
    }
  return out;
}

/** Rounds to 5 decimals (about 1 m) and drops points equal to the one before. */
export function roundLine(line: readonly LonLat[]): LonLat[] {
  const out: LonLat[] = [];
  for (const [lon, lat] of line) {
    const p: LonLat = [Math.round(lon * 1e5) / 1e5, Math.round(lat * 1e5) / 1e5];
    const prev = out[out.length - 1];
    if (!prev || prev[0] !== p[0] || prev[1] !== p[1]) out.push(p);
  }
  return out;
}

/** A position along a shape: segment index and fraction along it (comparable: later is greater). */
export type ShapePosition = { segment: number; t: number; distanceMeters: number };

const after = (a: ShapePosition, b: { segment: number; t: number }) => a.segment > b.segment || (a.segment === b.segment && a.t >= b.t);

/**
 * Each stop's place along the shape, in trip order: the nearest point of the shape at or after the previous stop's
 * place (a trip runs along its shape forwards; a shape that passes a stop twice, as loops do, is taken the first time
 * after the stop before). Null for a shape of fewer than 2 points.
 */
export function placeStopsOnShape(shape: readonly LonLat[], stops: readonly LonLat[]): ShapePosition[] | null {
  if (shape.length < 2) return null;
  const cos = cosOf(shape);
  const xy = shape.map((p) => project(p, cos));
  const out: ShapePosition[] = [];
  let from = { segment: 0, t: 0 };
  for (const stop of stops) {
    const p = project(stop, cos);
    let best: ShapePosition | null = null;
    for (let s = from.segment; s < xy.length - 1; s++) {
      const { t, d2 } = onSegment(p, xy[s], xy[s + 1]);
      const at = { segment: s, t: s === from.segment ? Math.max(t, from.t) : t };
      const d = at.t === t ? Math.sqrt(d2) : distanceAt(p, xy[s], xy[s + 1], at.t);
      if (!best || d < best.distanceMeters - 1e-9) best = { ...at, distanceMeters: d };
    }
    best ??= { ...from, distanceMeters: Infinity };
    out.push(best);
    from = { segment: best.segment, t: best.t };
  }
  return out;
}

function distanceAt(p: [number, number], a: [number, number], b: [number, number], t: number): number {
  return Math.hypot(a[0] + t * (b[0] - a[0]) - p[0], a[1] + t * (b[1] - a[1]) - p[1]);
}

const pointAt = (shape: readonly LonLat[], at: { segment: number; t: number }): LonLat => {
  const a = shape[at.segment];
  const b = shape[Math.min(at.segment + 1, shape.length - 1)];
  return [a[0] + at.t * (b[0] - a[0]), a[1] + at.t * (b[1] - a[1])];
};

/** The shape from one place along it to a later one: the two places and every shape point between them. */
export function cutShape(shape: readonly LonLat[], from: { segment: number; t: number }, to: { segment: number; t: number }): LonLat[] {
  const out: LonLat[] = [];
  const push = (p: LonLat) => {
    const prev = out[out.length - 1];
    if (!prev || prev[0] !== p[0] || prev[1] !== p[1]) out.push(p);
  };
  push(pointAt(shape, from));
  for (let i = from.segment + 1; i <= to.segment; i++) push([shape[i][0], shape[i][1]]);
  push(pointAt(shape, to));
  return out;
}

/** A stop of a trip: its id and position. */
export type PathStop = { stop_id: string; lon: number; lat: number };

/** How far a stop may lie from its trip's shape for the shape to be trusted between two stops (metres). */
export const SHAPE_TRUST_METERS = 150;

/**
 * A ride along a trip from `fromStopId` to the first `toStopId` after it: the stops ridden past (both ends included)
 * and the line drawn for it, the trip's shape between the two stops when the shape passes near both (within
 * SHAPE_TRUST_METERS), else straight lines through the stops. Null when the trip does not call at `to` after `from`.
 */
export function ridePath(
  shape: readonly LonLat[],
  tripStops: readonly PathStop[],
  fromStopId: string,
  toStopId: string,
): { coordinates: LonLat[]; stops: PathStop[]; shaped: boolean } | null {
  const i = tripStops.findIndex((s) => s.stop_id === fromStopId);
  const j = i < 0 ? -1 : tripStops.findIndex((s, k) => k > i && s.stop_id === toStopId);
  if (i < 0 || j < 0) return null;
  const stops = tripStops.slice(i, j + 1);
  const straight = stops.map((s): LonLat => [s.lon, s.lat]);
  const placed = placeStopsOnShape(
    shape,
    tripStops.map((s): LonLat => [s.lon, s.lat]),
  );
  const a = placed?.[i];
  const b = placed?.[j];
  if (!a || !b || a.distanceMeters > SHAPE_TRUST_METERS || b.distanceMeters > SHAPE_TRUST_METERS || !after(b, a))
    return { coordinates: straight, stops, shaped: false };
  return { coordinates: cutShape(shape, a, b), stops, shaped: true };
}
