import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openTestDb, dbLabel, type TestDb } from '../../testing/test-db';
import { importGtfs } from '../transit/importer/import';
import { TransitStore } from '../transit';
import { RealtimeService } from '../realtime/service';
import { RealtimeStore } from '../realtime/store';
import { FixedSource } from '../realtime/testing';
import type { RealtimeSnapshot, TripUpdate } from '../realtime/source';
import { PlannerService, type ItineraryView } from './service';
import { buildOverlay, liveJourneys, patternOfTrip, tripIndex, type LegCheckInput, type LiveRunPrediction } from './live';
import { buildNetwork, raptor, type TripInput } from './core';

// A tiny hand-written feed (Asia/Kolkata, every day), stops 2.2 km apart (no walking between them):
//   R1  T1   A 08:00 → B 08:10
//   R2  T2a  B 08:15 → C 08:25      T2b  B 08:35 → C 08:45
//   R3  T3   A 08:05 → C 08:38 (direct, slower)
// On the timetable the best trip from A at 07:55 is T1 then T2a (C 08:25, 5 min to change; the change time is 3 min).
const FEED: Record<string, string> = {
  'agency.txt': 'agency_id,agency_name,agency_url,agency_timezone\nLV,Liveville Transport,https://example.org,Asia/Kolkata\n',
  'stops.txt': 'stop_id,stop_name,stop_lat,stop_lon\nA,Amber,19.00,72.80\nB,Beryl,19.02,72.80\nC,Coral,19.04,72.80\n',
  'routes.txt': 'route_id,agency_id,route_short_name,route_long_name,route_type\nR1,LV,1,Amber - Beryl,3\nR2,LV,2,Beryl - Coral,3\nR3,LV,3,Amber - Coral,3\n',
  'trips.txt': 'route_id,service_id,trip_id\nR1,ALL,T1\nR2,ALL,T2a\nR2,ALL,T2b\nR3,ALL,T3\n',
  'stop_times.txt': [
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
    'T1,08:00:00,08:00:00,A,1',
    'T1,08:10:00,08:10:00,B,2',
    'T2a,08:15:00,08:15:00,B,1',
    'T2a,08:25:00,08:25:00,C,2',
    'T2b,08:35:00,08:35:00,B,1',
    'T2b,08:45:00,08:45:00,C,2',
    'T3,08:05:00,08:05:00,A,1',
    'T3,08:38:00,08:38:00,C,2',
  ].join('\n'),
  'calendar.txt': 'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nALL,1,1,1,1,1,1,1,20250101,20301231\n',
};

const ist = (hhmm: string) => Date.parse(`2026-01-15T${hhmm}:00+05:30`);
const NOW = ist('07:55');

const update = (tripId: string, startTime: string, extra: Partial<TripUpdate>): TripUpdate => ({
  trip: { tripId, startDate: '20260115', startTime },
  vNo: null,
  tS: NOW - 30_000,
  stops: [],
  ...extra,
});
const late = (tripId: string, startTime: string, secs: number) =>
  update(tripId, startTime, { vNo: 'KL-07-AB-1234', stops: [{ stopSequence: 1, stopId: null, delaySeconds: secs }] });

const rides = (it: ItineraryView) => it.legs.filter((l) => l.mode !== 'WALK').map((l) => l.tripId);
const asCheck = (it: ItineraryView): LegCheckInput[] =>
  it.legs.map((l) => ({
    mode: l.mode,
    tripId: l.tripId,
    fromStopId: l.from.stop_id,
    toStopId: l.to.stop_id,
    scheduledDeparture: l.scheduledDeparture,
    scheduledArrival: l.scheduledArrival,
  }));

describe(`plans that know the bus is late ${dbLabel()}`, () => {
  let t: TestDb;
  let dir: string;
  let snapshot: RealtimeSnapshot;
  let realtime: RealtimeService;
  let planner: PlannerService;
  const plan = (from = 'A', at = NOW) => planner.plan('liveville', { stopId: from }, { stopId: 'C' }, at, 0, 3);
  const setUpdates = (...tripUpdates: TripUpdate[]) => {
    snapshot = { vehicles: [], tripUpdates, disruptions: [] };
  };

  beforeAll(async () => {
    t = await openTestDb();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-feed-'));
    for (const [name, text] of Object.entries(FEED)) fs.writeFileSync(path.join(dir, name), text);
    await importGtfs(t.db, dir, { cityId: 'liveville' });
    setUpdates();
    realtime = new RealtimeService(new TransitStore(t.db), new RealtimeStore(t.db), { source: new FixedSource(() => snapshot), cacheMs: 0, clock: () => NOW });
    planner = new PlannerService(t.db, { live: realtime, now: () => NOW, pool: { workers: 0 }, prepareNextDay: false });
  }, 60_000);
  afterAll(async () => {
    await planner?.close();
    await t?.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('without updates plans on the timetable and marks every leg scheduled', async () => {
    const p = await plan();
    // The direct T3 leaves later with no change: in the Pareto set too.
    expect(p.itineraries.map(rides)).toEqual([['T1', 'T2a'], ['T3']]);
    const [first] = p.itineraries;
    expect(first.arrival).toBe(ist('08:25'));
    expect(p.itineraries.flatMap((it) => it.legs).every((l) => !l.live && l.scheduledDeparture === l.departure)).toBe(true);
  });

  it('a late first bus that would miss the change: the plan avoids the connection and shows predicted times', async () => {
    setUpdates(late('T1', '08:00:00', 300));
    const p = await plan();
    // T1 now reaches B at 08:15, the minute T2a leaves: the direct T3 (C 08:38) beats T1 then T2b (C 08:45).
    expect(p.itineraries.map(rides)).toEqual([['T3']]);
    expect(p.itineraries[0].arrival).toBe(ist('08:38'));
    expect(p.itineraries.flatMap(rides)).not.toContain('T2a');
  });

  it('a cancelled trip is never used; a late leg shows its predicted time, marked live', async () => {
    setUpdates(late('T1', '08:00:00', 300), update('T3', '08:05:00', { cancelled: true }));
    const p = await plan();
    expect(p.itineraries.map(rides)).toEqual([['T1', 'T2b']]);
    const [bus1, bus2] = p.itineraries[0].legs;
    expect(bus1).toMatchObject({
      live: true,
      departure: ist('08:05'),
      arrival: ist('08:15'),
      scheduledDeparture: ist('08:00'),
      scheduledArrival: ist('08:10'),
    });
    expect(bus2).toMatchObject({ live: false, departure: ist('08:35'), arrival: ist('08:45'), scheduledDeparture: ist('08:35') });
    expect(p.itineraries[0]).toMatchObject({ departure: ist('08:05'), arrival: ist('08:45'), durationSeconds: 40 * 60 });
  });

  it('a cancelled trip the search would board takes the next one; a skipped stop is not boarded at', async () => {
    setUpdates(update('T2a', '08:15:00', { cancelled: true }));
    let p = await plan('B', ist('08:12'));
    expect(p.itineraries.map(rides)).toEqual([['T2b']]);
    expect(p.itineraries[0].departure).toBe(ist('08:35'));
    setUpdates(update('T2a', '08:15:00', { stops: [{ stopSequence: 1, stopId: 'B', delaySeconds: null, skipped: true }] }));
    p = await plan('B', ist('08:12'));
    expect(p.itineraries.map(rides)).toEqual([['T2b']]);
  });

  it('everything cancelled: no itinerary rather than a cancelled bus', async () => {
    setUpdates(...['T2a|08:15:00', 'T2b|08:35:00'].map((k) => update(k.split('|')[0], k.split('|')[1], { cancelled: true })));
    const p = await plan('B', ist('08:12'));
    expect(p.itineraries).toEqual([]);
  });

  it('a plan far from now ignores the updates (they say nothing about then)', async () => {
    setUpdates(update('T3', '08:05:00', { cancelled: true }), late('T1', '08:00:00', 300));
    const tomorrow = Date.parse('2026-01-16T07:55:00+05:30');
    const p = await planner.plan('liveville', { stopId: 'A' }, { stopId: 'C' }, tomorrow, 0, 3);
    expect(p.itineraries.map(rides)).toEqual([['T1', 'T2a'], ['T3']]);
  });

  it('a plan re-checked later says when its connection is at risk, missed or cancelled', async () => {
    setUpdates();
    const [it0] = (await plan()).itineraries;
    const legs = asCheck(it0);
    expect(await planner.checkItinerary('liveville', legs)).toMatchObject({ status: 'OK', legs: [{ status: 'OK' }, { status: 'OK', changeSeconds: 300 }] });
    setUpdates(late('T1', '08:00:00', 180));
    // 2 minutes to change where the plan needs 3.
    expect(await planner.checkItinerary('liveville', legs)).toMatchObject({
      status: 'AT_RISK',
      legs: [
        { live: true, arrival: ist('08:13') },
        { status: 'AT_RISK', changeSeconds: 120 },
      ],
    });
    setUpdates(late('T1', '08:00:00', 420));
    expect(await planner.checkItinerary('liveville', legs)).toMatchObject({
      status: 'MISSED',
      legs: [{ status: 'OK' }, { status: 'MISSED', changeSeconds: -120 }],
    });
    setUpdates(update('T2a', '08:15:00', { cancelled: true }));
    expect((await planner.checkItinerary('liveville', legs)).status).toBe('CANCELLED');
    await expect(planner.checkItinerary('liveville', [])).rejects.toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it('ETAs at a stop count predicted times, marked live; a cancelled bus is marked cancelled', async () => {
    setUpdates(late('T1', '08:00:00', 300), update('T3', '08:05:00', { cancelled: true }));
    const atB = await realtime.stopArrivals('liveville', 'B', NOW);
    const t1 = atB.find((a) => a.tripId === 'T1');
    expect(t1).toMatchObject({ live: true, scheduledTime: ist('08:10'), expectedTime: ist('08:15'), delaySeconds: 300 });
    expect(atB.find((a) => a.tripId === 'T2a')).toMatchObject({ live: false, expectedTime: null });
    const atA = await realtime.stopArrivals('liveville', 'A', NOW);
    expect(atA.map((a) => [a.tripId, a.cancellation])).toEqual([
      ['T1', null],
      ['T3', 'TRIP_CANCELLED'],
    ]);
  });
});

describe('the live overlay on a pattern where a late bus overtakes others', () => {
  // One route, four stops 10 min apart, a bus every 5 min from 08:00 (8 buses). Bus 1 is 12 minutes late (it falls
  // behind buses 2 and 3), bus 4 is cancelled, bus 6 skips stop 2.
  const stops = ['P0', 'P1', 'P2', 'P3'].map((id) => ({ id }));
  const trips: TripInput[] = Array.from({ length: 8 }, (_, k) => ({
    id: `K${k}`,
    routeId: 'K',
    stopIds: stops.map((s) => s.id),
    arrivals: [0, 1, 2, 3].map((i) => 8 * 3600 + k * 300 + i * 600),
    departures: [0, 1, 2, 3].map((i) => 8 * 3600 + k * 300 + i * 600),
  }));
  const net = buildNetwork({ stops, trips });
  const predictions: LiveRunPrediction[] = [
    { tripId: 'K1', dayStartMs: 0, startSecs: 8 * 3600 + 300, cancelled: false, delays: [0, 720, 720, 720], skipped: [false, false, false, false] },
    { tripId: 'K4', dayStartMs: 0, startSecs: 8 * 3600 + 1200, cancelled: true, delays: [], skipped: [] },
    { tripId: 'K6', dayStartMs: 0, startSecs: 8 * 3600 + 1800, cancelled: false, delays: [0, 0, 0, 0], skipped: [false, false, true, false] },
  ];
  const overlay = buildOverlay(net, 0, predictions)!;
  // What each bus really does: [departure, arrival] per stop, null when it does not stop there.
  const real = (k: number, i: number): number | null => {
    if (k === 4 || (k === 6 && i === 2)) return null;
    return 8 * 3600 + k * 300 + i * 600 + (k === 1 && i > 0 ? 720 : 0);
  };

  it('keeps every column sorted (the search reads them by binary search)', () => {
    const n = 8;
    for (let i = 0; i < 4; i++) {
      for (let t = 1; t < n; t++) {
        expect(overlay.arrays.departures[i * n + t]).toBeGreaterThanOrEqual(overlay.arrays.departures[i * n + t - 1]);
        expect(overlay.arrays.arrivals[i * n + t]).toBeGreaterThanOrEqual(overlay.arrays.arrivals[i * n + t - 1]);
      }
    }
  });

  it('answers every stop pair at every minute with the earliest bus that really gets there, on that bus', () => {
    for (let from = 0; from < 3; from++) {
      for (let to = from + 1; to < 4; to++) {
        for (let at = 8 * 3600 - 60; at <= 8 * 3600 + 2700; at += 60) {
          const q = { origins: [{ stop: from, walkSecs: 0 }], destinations: [{ stop: to, walkSecs: 0 }], departAt: at, maxTransfers: 0 };
          const found = liveJourneys(net, overlay, raptor({ ...net, ...overlay.arrays }, q), at);
          let best = Infinity;
          for (let k = 0; k < 8; k++) {
            const d = real(k, from);
            const a = real(k, to);
            if (d !== null && a !== null && d >= at && a < best) best = a;
          }
          const got = found.length ? Math.min(...found.map((j) => j.arrival)) : Infinity;
          expect([from, to, at, got]).toEqual([from, to, at, best]);
          for (const j of found)
            for (const l of j.legs)
              if (l.kind === 'ride') {
                const k = Number(net.sourceTripIds[net.tripSource[l.trip]].slice(1));
                expect([k, l.departure, l.arrival]).toEqual([k, real(k, from), real(k, to)]);
              }
        }
      }
    }
  });
});

describe('patternOfTrip: the pattern of a concrete trip without the trip index', () => {
  it('agrees with the trip index for every trip, patterns of one trip and of many, several routes', () => {
    const stops = ['A', 'B', 'C', 'D', 'E'].map((id) => ({ id }));
    const trips: TripInput[] = [];
    // route R1 on A-B-C: 5 trips; route R2 on C-D: 1 trip; route R3 on A-C-E with two stop patterns (1 and 3 trips)
    for (let k = 0; k < 5; k++)
      trips.push({
        id: `R1-${k}`,
        routeId: 'R1',
        stopIds: ['A', 'B', 'C'],
        arrivals: [0, 60, 120].map((s) => 3600 + k * 600 + s),
        departures: [0, 60, 120].map((s) => 3600 + k * 600 + s),
      });
    trips.push({ id: 'R2-0', routeId: 'R2', stopIds: ['C', 'D'], arrivals: [7200, 7300], departures: [7200, 7300] });
    trips.push({ id: 'R3-0', routeId: 'R3', stopIds: ['A', 'C'], arrivals: [9000, 9100], departures: [9000, 9100] });
    for (let k = 0; k < 3; k++)
      trips.push({
        id: `R3-${k + 1}`,
        routeId: 'R3',
        stopIds: ['A', 'C', 'E'],
        arrivals: [0, 100, 200].map((s) => 10000 + k * 900 + s),
        departures: [0, 100, 200].map((s) => 10000 + k * 900 + s),
      });
    const net = buildNetwork({ stops, trips });
    expect(net.patternCount).toBeGreaterThanOrEqual(4);
    const index = tripIndex(net);
    for (let c = 0; c < net.tripCount; c++) expect(patternOfTrip(net, c)).toBe(index.patternOf[c]);
  });
});
