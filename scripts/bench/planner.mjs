#!/usr/bin/env node
// Trip planner bench (issue "Transit data and live tracking", trip planner part): 300 seeded random stop pairs on the
// real Kochi feed at 08:00, planned by our RAPTOR core and, in the same run, by the `minotor` package (MIT, npm; a
// devDependency of this bench only) on the same timetable. Prints our median and p95 query time, the ratio to the
// peer's median, and every pair where the two disagree on the earliest arrival. Not a test: nothing here asserts.
//
// How the feed is read (simplest honest path): the zip (or folder) is parsed here with yauzl + csv-parse, not through
// the database. Calendars are honoured: the bench plans on one service date (`date`, else the date of the feed's first
// two weeks with the most trips) with only that date's trips, and the day before's for times past midnight. Walking
// transfers are generated exactly as the importer does for a feed without transfers.txt (stops within 250 m, both
// ways, 4 km/h, PointGrid of api/src/modules/transit/geo.ts).
//
// minotor 1.0.7 has no frequencies.txt support (its README's roadmap), and the Kochi feed is entirely headway-based.
// So minotor reads a GTFS zip written from OUR network's concrete trips (every frequency expanded, same times, same
// walking transfers as transfers.txt with their min_transfer_time): same data, its own parser and router.
//
//   node scripts/bench/planner.mjs [--feed gtfs.zip|folder] [--date YYYYMMDD] [--no-peer]   (also run by `npm run bench`)
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import yauzl from 'yauzl';
import { parse } from 'csv-parse/sync';
import { register as registerEsm } from 'tsx/esm/api';
import { register as registerCjs } from 'tsx/cjs/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const KOCHI_GTFS = path.resolve(root, '../shared/data/kochi/gtfs.zip');
const PAIRS = 300;
const SEED = 20260115;
const DEPART = 8 * 3600;
const MAX_TRANSFERS = 3;
const WALK_METERS = 250;
/** Arrive-by: the deadline and the departures searched before it (the service's ARRIVE_BY_LOOKBACK_MINUTES). */
const ARRIVE_BY = 9 * 3600;
const LOOKBACK = 120 * 60;

/** The named files of a zip or a folder, as UTF-8 text (absent files are left out). */
function readZip(file, names) {
  if (statSync(file).isDirectory())
    return Promise.resolve(Object.fromEntries(names.filter((n) => existsSync(path.join(file, n))).map((n) => [n, readFileSync(path.join(file, n), 'utf8')])));
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const out = {};
      zip.on('error', reject);
      zip.on('end', () => resolve(out));
      zip.on('entry', (entry) => {
        if (!names.includes(entry.fileName) || entry.fileName in out) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks = [];
          stream.on('data', (c) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            out[entry.fileName] = Buffer.concat(chunks).toString('utf8');
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** A zip of stored (uncompressed) entries, enough for minotor's reader (node-stream-zip). */
function writeZip(file, entries) {
  const parts = [];
  const central = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text, 'utf8');
    const nameBuf = Buffer.from(name, 'utf8');
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(data.length, 20);
    dir.writeUInt32LE(data.length, 24);
    dir.writeUInt16LE(nameBuf.length, 28);
    dir.writeUInt32LE(offset, 42);
    parts.push(local, nameBuf, data);
    central.push(dir, nameBuf);
    offset += local.length + nameBuf.length + data.length;
  }
  const dirBuf = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(dirBuf.length, 12);
  end.writeUInt32LE(offset, 16);
  writeFileSync(file, Buffer.concat([...parts, dirBuf, end]));
}

export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `plan` on every pair after a warm-up of 30 (JIT), timing each call. */
function timeEach(pairs, plan) {
  for (const [a, b] of pairs.slice(0, 30)) plan(a, b);
  const times = [];
  const answers = [];
  for (const [a, b] of pairs) {
    const t = performance.now();
    answers.push(plan(a, b));
    times.push(performance.now() - t);
  }
  return { times, answers };
}

/** Median, p95, journeys per pair and reachable pairs of a timeEach run, as `${prefix}MedianMs` etc. */
function summary(prefix, { times, answers }, n) {
  const sorted = [...times].sort((x, y) => x - y);
  return {
    [`${prefix}MedianMs`]: median(sorted),
    [`${prefix}P95Ms`]: quantile(sorted, 0.95),
    [`${prefix}Journeys`]: answers.reduce((k, j) => k + j.length, 0) / n,
    [`${prefix}Reachable`]: answers.filter((j) => j.length > 0).length,
  };
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const median = (sorted) => (sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2);
const hms = (s) =>
  s === null
    ? 'unreachable'
    : `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

const dayAfter = (date, days) => {
  const d = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(4, 6)) - 1, Number(date.slice(6, 8)) + days));
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
};
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** The service ids running on each date, from calendar.txt and calendar_dates.txt (GTFS rules: removals win). */
export function serviceCalendar(calendar, calendarDates) {
  return (date) => {
    const weekday = WEEKDAYS[new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(4, 6)) - 1, Number(date.slice(6, 8)))).getUTCDay()];
    const on = new Set(calendar.filter((c) => c[weekday] === '1' && c.start_date <= date && c.end_date >= date).map((c) => c.service_id));
    for (const x of calendarDates) if (x.date === date) x.exception_type === '1' ? on.add(x.service_id) : on.delete(x.service_id);
    return on;
  };
}

/**
 * The feed as the core's NetworkInput for one service date: the trips whose service runs that date (day 0), and the
 * day before's (day -1, for their times past midnight). Without `date`: the date of the calendar's first two weeks
 * with the most trips running.
 */
export async function loadFeed(gtfsZip, parseGtfsTime, date = null) {
  const files = await readZip(gtfsZip, [
    'stops.txt',
    'routes.txt',
    'trips.txt',
    'stop_times.txt',
    'frequencies.txt',
    'agency.txt',
    'calendar.txt',
    'calendar_dates.txt',
  ]);
  const csv = (name) => (files[name] ? parse(files[name], { columns: true, bom: true, skip_empty_lines: true, relax_column_count: true }) : []);
  const runs = serviceCalendar(csv('calendar.txt'), csv('calendar_dates.txt'));
  const tripRows = csv('trips.txt');
  const running = (d) => {
    const on = runs(d);
    return tripRows.filter((t) => on.has(t.service_id)).length;
  };
  if (!date) {
    const starts = [...csv('calendar.txt').map((c) => c.start_date), ...csv('calendar_dates.txt').map((x) => x.date)].sort();
    if (!starts.length) throw new Error('the feed has no calendar.txt or calendar_dates.txt dates');
    date = starts[0];
    let best = running(date);
    for (let i = 1; i < 14; i++) {
      const d = dayAfter(starts[0], i);
      const n = running(d);
      if (n > best) [date, best] = [d, n];
    }
  }
  const today = runs(date);
  const yesterday = runs(dayAfter(date, -1));
  const stops = csv('stops.txt').map((s) => ({ id: s.stop_id, lat: Number(s.stop_lat), lon: Number(s.stop_lon), locationType: Number(s.location_type || 0) }));
  const byTrip = new Map();
  for (const st of csv('stop_times.txt')) {
    let list = byTrip.get(st.trip_id);
    if (!list) byTrip.set(st.trip_id, (list = []));
    list.push(st);
  }
  const freq = new Map();
  for (const f of csv('frequencies.txt')) {
    let list = freq.get(f.trip_id);
    if (!list) freq.set(f.trip_id, (list = []));
    list.push({ startSecs: parseGtfsTime(f.start_time), endSecs: parseGtfsTime(f.end_time), headwaySecs: Number(f.headway_secs) });
  }
  const trips = [];
  for (const t of tripRows) {
    if (!today.has(t.service_id) && !yesterday.has(t.service_id)) continue;
    const sts = (byTrip.get(t.trip_id) ?? []).sort((a, b) => Number(a.stop_sequence) - Number(b.stop_sequence));
    const base = {
      id: t.trip_id,
      routeId: t.route_id,
      stopIds: sts.map((s) => s.stop_id),
      arrivals: sts.map((s) => parseGtfsTime(s.arrival_time)),
      departures: sts.map((s) => parseGtfsTime(s.departure_time)),
      frequencies: freq.get(t.trip_id),
    };
    if (today.has(t.service_id)) trips.push({ ...base, dayOffset: 0 });
    if (yesterday.has(t.service_id)) trips.push({ ...base, dayOffset: -1 });
  }
  return { stops, trips, files, date, tripsOnDate: trips.filter((t) => t.dayOffset === 0).length, tripsInFeed: tripRows.length };
}

export async function runPlannerBench({
  gtfsZip = KOCHI_GTFS,
  log = console.log,
  date = null,
  peer = true,
  label = 'Kochi',
  targets = true,
  pairs: nPairs = PAIRS,
} = {}) {
  const target = (text, ok) => (targets ? `   (target ${text}: ${ok ? 'MET' : 'MISSED'})` : '');
  if (!existsSync(gtfsZip)) {
    const reason = `the feed is absent (${gtfsZip}): planner bench skipped`;
    log(`  ${reason}`);
    return { skipped: true, reason };
  }
  // TypeScript sources through tsx (as the server runs them); registered once per process.
  registerEsm();
  registerCjs();
  // The API package is CommonJS: its named exports arrive on `default`.
  const load = async (rel) => {
    const m = await import(pathToFileURL(path.join(root, rel)).href);
    return { ...m.default, ...m };
  };
  const core = await load('shared/domain/src/planner/index.ts');
  const { PointGrid, walkingSeconds } = await load('api/src/modules/transit/geo.ts');
  const { parseGtfsTime } = await load('shared/domain/src/service-day.ts');

  let t0 = performance.now();
  const feed = await loadFeed(gtfsZip, parseGtfsTime, date);
  if (feed.tripsOnDate === 0) throw new Error(`no trip of ${gtfsZip} runs on ${feed.date}: give a service date of the feed's calendar (--date YYYYMMDD)`);
  const walkStops = feed.stops.filter((s) => s.locationType === 0 && Number.isFinite(s.lat) && Number.isFinite(s.lon));
  const grid = new PointGrid(walkStops);
  const transfers = [];
  walkStops.forEach((s, i) => {
    for (const hit of grid.within(s.lat, s.lon, WALK_METERS))
      if (hit.index !== i) transfers.push({ fromStopId: s.id, toStopId: walkStops[hit.index].id, minSecs: walkingSeconds(hit.distanceMeters) });
  });
  const readMs = performance.now() - t0;

  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const rssBefore = process.memoryUsage().rss;
  t0 = performance.now();
  const net = core.buildNetwork({ stops: feed.stops, trips: feed.trips, transfers });
  const buildMs = performance.now() - t0;
  global.gc?.();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
  const rssMb = (process.memoryUsage().rss - rssBefore) / 1e6;
  const typedBytes = Object.values(net).reduce((n, v) => n + (ArrayBuffer.isView(v) ? v.byteLength : 0), 0);
  log(`  service date ${feed.date}: ${feed.tripsOnDate} of the feed's ${feed.tripsInFeed} trips run (plus the day before's past midnight)`);
  log(
    `  ${label} network: ${net.stopCount} stops, ${net.patternCount} patterns, ${net.tripCount} trips, ${net.stopEventCount} stop events, ${net.footTo.length} footpaths`,
  );
  log(
    `  zip read + CSV parse + walking links ${readMs.toFixed(0)} ms; network build ${buildMs.toFixed(0)} ms; typed arrays ${(typedBytes / 1e6).toFixed(1)} MB${global.gc ? `, heap +${heapMb.toFixed(1)} MB` : ''}`,
  );

  // 300 seeded pairs of distinct stops served by at least one trip.
  const served = [];
  for (let s = 0; s < net.stopCount; s++) if (net.stopPatternStart[s + 1] > net.stopPatternStart[s]) served.push(s);
  const rnd = mulberry32(SEED);
  const pairs = [];
  while (pairs.length < nPairs) {
    const a = served[Math.floor(rnd() * served.length)];
    const b = served[Math.floor(rnd() * served.length)];
    if (a !== b) pairs.push([a, b]);
  }
  const ours = (a, b) =>
    core.raptor(net, { origins: [{ stop: a, walkSecs: 0 }], destinations: [{ stop: b, walkSecs: 0 }], departAt: DEPART, maxTransfers: MAX_TRANSFERS });
  const { times: ourTimes, answers: ourJourneys } = timeEach(pairs, ours);
  const ourArrivals = ourJourneys.map((set) => (set.length ? set[set.length - 1].arrival : null));
  const sortedOurs = [...ourTimes].sort((x, y) => x - y);
  const result = {
    skipped: false,
    pairs: nPairs,
    departAt: '08:00',
    maxTransfers: MAX_TRANSFERS,
    medianMs: median(sortedOurs),
    p95Ms: quantile(sortedOurs, 0.95),
    reachable: ourArrivals.filter((a) => a !== null).length,
    buildMs,
    readMs,
    networkMb: typedBytes / 1e6,
    heapMb: global.gc ? heapMb : null,
    rssMb,
    date: feed.date,
    tripsOnDate: feed.tripsOnDate,
    trips: net.tripCount,
    stopEvents: net.stopEventCount,
    patterns: net.patternCount,
    peer: null,
  };
  if (result.reachable === 0)
    throw new Error(`our planner answered nothing: 0 of ${nPairs} pairs reachable on ${feed.date} at 08:00 (a broken network or a date without service)`);
  log(
    `  ours: ${nPairs} pairs at 08:00 (max ${MAX_TRANSFERS} transfers), ${result.reachable} reachable: median ${result.medianMs.toFixed(3)} ms, p95 ${result.p95Ms.toFixed(3)} ms${target('median < 1.5 ms', result.medianMs < 1.5)}`,
  );
  // The range query (rRAPTOR) over a 60-minute window from 08:00, the same pairs: the Pareto set of the window.
  const range = (a, b) =>
    core.raptorRange(net, {
      origins: [{ stop: a, walkSecs: 0 }],
      destinations: [{ stop: b, walkSecs: 0 }],
      departAt: DEPART,
      maxTransfers: MAX_TRANSFERS,
      windowSecs: 3600,
    });
  const { times: rangeTimes, answers: rangeAnswers } = timeEach(pairs, range);
  const sortedRange = [...rangeTimes].sort((x, y) => x - y);
  result.rangeMedianMs = median(sortedRange);
  result.rangeP95Ms = quantile(sortedRange, 0.95);
  result.rangeJourneys = rangeAnswers.reduce((n, j) => n + j.length, 0) / nPairs;
  log(
    `  ours, 60-min range: median ${result.rangeMedianMs.toFixed(3)} ms, p95 ${result.rangeP95Ms.toFixed(3)} ms, ${result.rangeJourneys.toFixed(1)} journeys per pair${target('median < 8 ms', result.rangeMedianMs < 8)}`,
  );

  // Arrive-by, the query the service sends for "arrive by 09:00": the backward search (window 0), leaving at
  // most 120 minutes before; the same pairs from stop to stop, then from a point to a point: each place a seeded
  // 100-400 m from the pair's stop, walking to every stop within the default walk (the service's plannerWalk: straight
  // line × 1.3 at 4 km/h, ≤ 1 km). Next to it, the rRAPTOR over the 120 minutes before (what arrive-by ran before,
  // and what a window still asks), and every backward answer checked against the forward search (arriveByProblems).
  const arriveBy = (origins, destinations, windowSecs = 0) =>
    core.raptorRange(net, { origins, destinations, departAt: ARRIVE_BY - LOOKBACK, windowSecs, maxTransfers: MAX_TRANSFERS, arriveBy: ARRIVE_BY });
  const stopEnds = (a, b) => [[{ stop: a, walkSecs: 0 }], [{ stop: b, walkSecs: 0 }]];
  const byStop = timeEach(pairs, (a, b) => arriveBy(...stopEnds(a, b)));
  Object.assign(result, summary('arriveBy', byStop, nPairs));
  log(
    `  ours, arrive by ${hms(ARRIVE_BY).slice(0, 5)} (backward search), stop to stop: median ${result.arriveByMedianMs.toFixed(3)} ms, p95 ${result.arriveByP95Ms.toFixed(3)} ms, ${result.arriveByJourneys.toFixed(1)} journeys per pair, ${result.arriveByReachable} reachable${target('median < 1.5 ms', result.arriveByMedianMs < 1.5)}`,
  );
  const byWindow = timeEach(pairs, (a, b) => arriveBy(...stopEnds(a, b), LOOKBACK));
  Object.assign(result, summary('arriveByWindow', byWindow, nPairs));
  log(
    `  ours, arrive by ${hms(ARRIVE_BY).slice(0, 5)} over the ${LOOKBACK / 60} min before (rRAPTOR, the method before the backward search), stop to stop: median ${result.arriveByWindowMedianMs.toFixed(3)} ms, p95 ${result.arriveByWindowP95Ms.toFixed(3)} ms, ${result.arriveByWindowJourneys.toFixed(1)} journeys per pair, ${result.arriveByWindowReachable} reachable`,
  );
  const problems = pairs.flatMap(([a, b], i) => {
    const [origins, destinations] = stopEnds(a, b);
    const q = { origins, destinations, departAt: ARRIVE_BY - LOOKBACK, maxTransfers: MAX_TRANSFERS, arriveBy: ARRIVE_BY };
    return core.arriveByProblems(net, q, byStop.answers[i]).map((p) => `${net.stopIds[a]} -> ${net.stopIds[b]}: ${p}`);
  });
  result.arriveByProblems = problems.length;
  log(
    `  backward answers checked against the forward search (in time when ridden forward, no later departure with as few changes): ${problems.length} problems in ${nPairs} pairs${target('0', problems.length === 0)}`,
  );
  for (const p of problems.slice(0, 10)) log(`    ${p}`);
  const { plannerWalk, plannerWalkRadius } = await load('shared/domain/src/transit.ts');
  const around = (s) => {
    const metres = 100 + rnd() * 300;
    const bearing = rnd() * 2 * Math.PI;
    const lat = net.stopLat[s] + (metres * Math.cos(bearing)) / 111_195;
    const lon = net.stopLon[s] + (metres * Math.sin(bearing)) / (111_195 * Math.cos((net.stopLat[s] * Math.PI) / 180));
    return grid
      .within(lat, lon, plannerWalkRadius())
      .map((h) => ({ stop: net.stopIndex.get(walkStops[h.index].id), walkSecs: plannerWalk(h.distanceMeters).seconds }))
      .filter((e) => e.stop !== undefined);
  };
  const places = new Map(pairs.map(([a, b]) => [`${a}|${b}`, [around(a), around(b)]]));
  const byPoint = timeEach(pairs, (a, b) => arriveBy(...places.get(`${a}|${b}`)));
  const byPointWindow = timeEach(pairs, (a, b) => arriveBy(...places.get(`${a}|${b}`), LOOKBACK));
  Object.assign(result, summary('arriveByPointWindow', byPointWindow, nPairs));
  Object.assign(result, summary('arriveByPoint', byPoint, nPairs));
  const meanStops = pairs.reduce((n, [a, b]) => n + places.get(`${a}|${b}`)[0].length + places.get(`${a}|${b}`)[1].length, 0) / (2 * nPairs);
  log(
    `  ours, arrive by ${hms(ARRIVE_BY).slice(0, 5)} (backward search), point to point (${meanStops.toFixed(1)} stops in walking reach of each place on average): median ${result.arriveByPointMedianMs.toFixed(3)} ms, p95 ${result.arriveByPointP95Ms.toFixed(3)} ms, ${result.arriveByPointJourneys.toFixed(1)} journeys per pair, ${result.arriveByPointReachable} reachable; over the ${LOOKBACK / 60} min before (rRAPTOR): median ${result.arriveByPointWindowMedianMs.toFixed(3)} ms, p95 ${result.arriveByPointWindowP95Ms.toFixed(3)} ms, ${result.arriveByPointWindowJourneys.toFixed(1)} journeys per pair`,
  );

  if (!peer) return result;
  // The peer, on the same concrete trips.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sawari-minotor-'));
  try {
    const esc = (v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    const tripsTxt = ['route_id,service_id,trip_id'];
    const stopTimesTxt = ['trip_id,arrival_time,departure_time,stop_id,stop_sequence'];
    const order = [];
    for (let p = 0; p < net.patternCount; p++) for (let t = net.patternTripStart[p]; t < net.patternTripStart[p + 1]; t++) order.push([p, t]);
    // Sorted by first departure so minotor's parser appends each trip at the end of its route (it inserts in order).
    const firstDep = ([p, t]) => net.departures[net.patternTimeBase[p] + (t - net.patternTripStart[p])];
    order.sort((x, y) => firstDep(x) - firstDep(y));
    const clock = (s) =>
      `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
    let written = 0;
    for (const [p, t] of order) {
      // minotor reads one service day: yesterday's trips past midnight are left out (none matter at 08:00).
      if (feed.trips[net.tripSource[t]].dayOffset === -1) continue;
      const n = net.patternTripStart[p + 1] - net.patternTripStart[p];
      const i = t - net.patternTripStart[p];
      const id = `${net.sourceTripIds[net.tripSource[t]]}@${net.tripShift[t]}`;
      tripsTxt.push(`${esc(net.routeIds[net.patternRoute[p]])},ALL,${esc(id)}`);
      const s0 = net.patternStopStart[p];
      for (let k = 0; k < net.patternStopStart[p + 1] - s0; k++) {
        const at = net.patternTimeBase[p] + k * n + i;
        stopTimesTxt.push(`${esc(id)},${clock(net.arrivals[at])},${clock(net.departures[at])},${esc(net.stopIds[net.patternStops[s0 + k]])},${k + 1}`);
      }
      written++;
    }
    const transfersTxt = ['from_stop_id,to_stop_id,transfer_type,min_transfer_time'];
    for (let s = 0; s < net.stopCount; s++) {
      // minotor reads a min_transfer_time of 0 as absent (then 120 s): give it 1 s.
      for (let f = net.footStart[s]; f < net.footStart[s + 1]; f++)
        transfersTxt.push(`${esc(net.stopIds[s])},${esc(net.stopIds[net.footTo[f]])},2,${Math.max(1, net.footSecs[f])}`);
    }
    const zipPath = path.join(dir, 'kochi-expanded.zip');
    writeZip(zipPath, {
      'agency.txt': feed.files['agency.txt'],
      'stops.txt': feed.files['stops.txt'],
      'routes.txt': feed.files['routes.txt'],
      'calendar.txt': 'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nALL,1,1,1,1,1,1,1,20000101,20991231\n',
      'trips.txt': tripsTxt.join('\n') + '\n',
      'stop_times.txt': stopTimesTxt.join('\n') + '\n',
      'transfers.txt': transfersTxt.join('\n') + '\n',
    });
    log(`  minotor 1.0.7 on Node ${process.versions.node} (it declares node >= 21.1): ${written} concrete trips written as GTFS for its parser`);

    let minotor;
    try {
      const { GtfsParser } = await import('minotor/parser');
      const { Router, Query, Time } = await import('minotor');
      const quiet = console.warn;
      const quietInfo = console.info;
      console.warn = () => {};
      console.info = () => {};
      t0 = performance.now();
      let parsed;
      try {
        parsed = await new GtfsParser(zipPath).parse(new Date(Date.UTC(2026, 0, 15, 12)));
      } finally {
        console.warn = quiet;
        console.info = quietInfo;
      }
      const parseMs = performance.now() - t0;
      const router = new Router(parsed.timetable, parsed.stopsIndex);
      const route = (a, b) =>
        router.route(new Query.Builder().from(net.stopIds[a]).to(net.stopIds[b]).departureTime(Time.fromSeconds(DEPART)).maxTransfers(MAX_TRANSFERS).build());
      const { times, answers: results } = timeEach(pairs, route);
      const arrivals = results.map((r, i) => r.arrivalAt(net.stopIds[pairs[i][1]])?.time.toSeconds() ?? null);
      minotor = { parseMs, times, arrivals, results };
    } catch (err) {
      // Loudly: a comparison without its peer is no comparison.
      throw new Error(`minotor could not run here, so there is no ratio: ${err && err.stack ? err.stack.split('\n').slice(0, 3).join(' | ') : String(err)}`);
    }
    const peerReached = minotor.arrivals.filter((a) => a !== null).length;
    if (peerReached === 0)
      throw new Error(
        `minotor answered nothing: 0 of ${nPairs} pairs reachable (ours: ${result.reachable}); its input or its run is broken, so no ratio is printed`,
      );

    const sortedPeer = [...minotor.times].sort((x, y) => x - y);
    const oursLater = [];
    const oursEarlier = [];
    pairs.forEach(([a, b], i) => {
      const o = ourArrivals[i];
      const m = minotor.arrivals[i];
      if (o === m) return;
      const row = { from: net.stopIds[a], to: net.stopIds[b], ours: hms(o), minotor: hms(m), index: i };
      if (o === null || (m !== null && o > m)) oursLater.push(row);
      else oursEarlier.push(row);
    });
    result.peer = {
      name: 'minotor 1.0.7',
      ran: true,
      parseMs: minotor.parseMs,
      medianMs: median(sortedPeer),
      p95Ms: quantile(sortedPeer, 0.95),
      ratio: median(sortedPeer) / result.medianMs,
      reachable: minotor.arrivals.filter((a) => a !== null).length,
      agree: nPairs - oursLater.length - oursEarlier.length,
      oursLater,
      oursEarlier,
    };
    log(
      `  minotor: parse ${(minotor.parseMs / 1000).toFixed(1)} s; ${result.peer.reachable} reachable; median ${result.peer.medianMs.toFixed(3)} ms, p95 ${result.peer.p95Ms.toFixed(3)} ms`,
    );
    log(`  ratio of medians (minotor / ours): ${result.peer.ratio.toFixed(1)}x`);
    const ourLegs = (i) => {
      const j = ourJourneys[i].at(-1);
      if (!j) return 'none';
      return j.legs
        .map((l) =>
          l.kind === 'ride'
            ? `${net.routeIds[net.patternRoute[l.pattern]]} ${net.stopIds[l.from]} ${hms(l.departure)}→${net.stopIds[l.to]} ${hms(l.arrival)}`
            : `walk ${net.stopIds[l.from]}→${net.stopIds[l.to]}`,
        )
        .join(', ');
    };
    const peerLegs = (i) => {
      try {
        const route = minotor.results[i].bestRoute();
        if (!route) return 'none';
        return route.legs
          .map((l) =>
            'departureTime' in l
              ? `${l.route?.name || '?'} ${l.from.id} ${hms(l.departureTime.toSeconds())}→${l.to.id} ${hms(l.arrivalTime.toSeconds())}`
              : `walk ${l.from.id}→${l.to.id}`,
          )
          .join(', ');
      } catch (err) {
        return `(minotor could not rebuild its route: ${err.message})`;
      }
    };
    // Is minotor's own journey feasible on the timetable? Replays its legs from 08:00: each vehicle leg takes the
    // earliest trip of ANY pattern from its board stop (at or after the time reached) to its alight stop, each walk
    // its footpath. If even that arrives after minotor's claimed arrival, minotor's answer cannot be ridden.
    const earliestRide = (from, to, t) => {
      let best = Infinity;
      for (let j = net.stopPatternStart[from]; j < net.stopPatternStart[from + 1]; j++) {
        const p = net.stopPatterns[j];
        const i = net.stopPatternPos[j];
        const s0 = net.patternStopStart[p];
        const n = net.patternTripStart[p + 1] - net.patternTripStart[p];
        for (let k = i + 1; k < net.patternStopStart[p + 1] - s0; k++) {
          if (net.patternStops[s0 + k] !== to) continue;
          for (let tr = 0; tr < n; tr++) {
            if (net.departures[net.patternTimeBase[p] + i * n + tr] >= t) {
              best = Math.min(best, net.arrivals[net.patternTimeBase[p] + k * n + tr]);
              break;
            }
          }
        }
      }
      return best;
    };
    const replayPeer = (i) => {
      const route = minotor.results[i].bestRoute();
      if (!route) return null;
      let t = DEPART;
      for (const l of route.legs) {
        const from = net.stopIndex.get(l.from.id);
        const to = net.stopIndex.get(l.to.id);
        if ('departureTime' in l) t = earliestRide(from, to, t);
        else {
          let w = Infinity;
          for (let f = net.footStart[from]; f < net.footStart[from + 1]; f++) if (net.footTo[f] === to) w = net.footSecs[f];
          t += w;
        }
      }
      return t;
    };
    // Why: a minotor vehicle leg that arrives before it departs, on a route that passes its board stop twice (minotor
    // keeps one index per stop and route, the last occurrence, so it can board at one pass and ride from the other).
    const loopLegs = (i) => {
      const route = minotor.results[i].bestRoute();
      const out = [];
      for (const l of route?.legs ?? []) {
        if (!('departureTime' in l) || l.arrivalTime.toSeconds() >= l.departureTime.toSeconds()) continue;
        const from = net.stopIndex.get(l.from.id);
        let twice = false;
        for (let j = net.stopPatternStart[from]; j < net.stopPatternStart[from + 1] && !twice; j++) {
          const p = net.stopPatterns[j];
          const stops = net.patternStops.subarray(net.patternStopStart[p], net.patternStopStart[p + 1]);
          twice = stops.indexOf(from) !== stops.lastIndexOf(from);
        }
        out.push(
          `${l.from.id} ${hms(l.departureTime.toSeconds())}→${l.to.id} ${hms(l.arrivalTime.toSeconds())}${twice ? ` (a route passes ${l.from.id} twice)` : ''}`,
        );
      }
      return out;
    };
    for (const r of oursLater) {
      r.minotorTimeTravelLegs = loopLegs(r.index);
      const feasible = replayPeer(r.index);
      r.minotorFeasibleArrival = feasible === null || !Number.isFinite(feasible) ? null : hms(feasible);
      r.minotorInfeasible = feasible === null || feasible > minotor.arrivals[r.index];
    }
    result.peer.oursLaterButPeerInfeasible = oursLater.filter((r) => r.minotorInfeasible).length;
    result.peer.oursLaterThanFeasible = oursLater.length - result.peer.oursLaterButPeerInfeasible;
    log(
      `  earliest arrivals: ${result.peer.agree} of ${nPairs} pairs agree; ours earlier in ${oursEarlier.length}; ours later in ${oursLater.length}, ` +
        `of which minotor's journey cannot be ridden in ${result.peer.oursLaterButPeerInfeasible} — ours later than a feasible minotor journey: ` +
        `${result.peer.oursLaterThanFeasible} (target 0: ${result.peer.oursLaterThanFeasible === 0 ? 'MET' : 'MISSED'})`,
    );
    for (const r of oursLater)
      log(
        `    OURS LATER  ${r.from} -> ${r.to}: ours ${r.ours}, minotor ${r.minotor}${r.minotorInfeasible ? ` — minotor's journey cannot be ridden: replayed on the timetable it arrives ${r.minotorFeasibleArrival ?? 'never'}` : ''}${r.minotorTimeTravelLegs.length ? `; its legs arriving before they leave: ${r.minotorTimeTravelLegs.join('; ')}` : ''}\n      ours:    ${ourLegs(r.index)}\n      minotor: ${peerLegs(r.index)}`,
      );
    // A likely reason where ours is earlier: our journey rides a route that passes a stop twice (minotor indexes each
    // stop of a route once), or needs a stop reached in an earlier round than the previous one (minotor boards only
    // from stops improved in the previous round).
    const loopRide = (i) =>
      ourJourneys[i].at(-1)?.legs.some((l) => {
        if (l.kind !== 'ride') return false;
        const stops = net.patternStops.subarray(net.patternStopStart[l.pattern], net.patternStopStart[l.pattern + 1]);
        return stops.some((x, k) => stops.indexOf(x) !== k);
      });
    for (const r of oursEarlier) r.oursRidesALoopRoute = loopRide(r.index);
    for (const r of oursEarlier.slice(0, 10))
      log(
        `    ours earlier ${r.from} -> ${r.to}: ours ${r.ours}, minotor ${r.minotor}${r.oursRidesALoopRoute ? ' (ours rides a route that passes a stop twice)' : ''}\n      ours:    ${ourLegs(r.index)}\n      minotor: ${peerLegs(r.index)}`,
      );
    if (oursEarlier.length > 10) log(`    ... and ${oursEarlier.length - 10} more`);
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      feed: { type: 'string', default: KOCHI_GTFS },
      date: { type: 'string' },
      'no-peer': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  console.log(`▶ trip planner: 300 seeded stop pairs of ${values.feed} at 08:00, ours${values['no-peer'] ? '' : ' and minotor'}`);
  const r = await runPlannerBench({ gtfsZip: values.feed, date: values.date ?? null, peer: !values['no-peer'] });
  if (process.argv.includes('--json')) console.log(JSON.stringify({ ...r, peer: r.peer && { ...r.peer } }, null, 2));
}
