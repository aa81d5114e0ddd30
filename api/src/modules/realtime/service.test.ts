import path from 'node:path';
import { openTestDb, dbLabel, type TestDb } from '../../testing/test-db';
import { importGtfs } from '../transit/importer/import';
import { TransitStore } from '../transit/store';
import { RealtimeService } from './service';
import { SimulatorSource } from './simulator';
import type { RealtimeDisruption, RealtimeSnapshot, RealtimeSource, VehiclePosition } from './source';
import { RealtimeStore } from './store';
import { FixedSource } from './testing';

const MINI = path.resolve(__dirname, '../transit/importer/fixtures/mini');
/** Tuesday 10 March 2026 in Testville (Asia/Kolkata). R1-0800: A 08:00, B 08:10-08:11, C 08:20 (stop sequences 1-3). */
const at = (hms: string, date = '2026-03-10') => Date.parse(`${date}T${hms}+05:30`);

/** The R1-0800 bus on 10 March, heading to stop sequence `seq`, with `delay` s at that stop, reported at `tS`. */
function r1(opts: { delay: number | null; tS: number; seq?: number; occupancy?: number | null }): RealtimeSnapshot {
  const trip = { tripId: 'R1-0800', routeId: 'R1', startDate: '20260310', startTime: '08:00:00' };
  const seq = opts.seq ?? 3;
  const stopId = ['A', 'B', 'C'][seq - 1];
  const vehicle: VehiclePosition = {
    vNo: 'KL-07-BX-1234',
    trip,
    routeId: 'R1',
    lat: 19.015,
    lon: 72.815,
    bearing: 45,
    tS: opts.tS,
    occupancyLevel: opts.occupancy === undefined ? 12 : opts.occupancy,
    currentStopSequence: seq,
    stopId,
  };
  return {
    vehicles: [vehicle],
    tripUpdates: [{ trip, vNo: vehicle.vNo, tS: opts.tS, stops: [{ stopSequence: seq, stopId, delaySeconds: opts.delay }] }],
    disruptions: [],
  };
}

describe(`realtime service on the mini feed ${dbLabel()}`, () => {
  let t: TestDb;
  const service = (source: RealtimeSource, cacheMs = 0) => new RealtimeService(new TransitStore(t.db), new RealtimeStore(t.db), { source, cacheMs });

  beforeAll(async () => {
    t = await openTestDb();
    await importGtfs(t.db, MINI, { cityId: 'testville' });
  }, 120_000); // a database and an import: seconds alone, longer on a loaded machine
  afterAll(() => t?.cleanup());

  it('lists the scheduled arrivals of the next 12 h (as far as the boards look), frequency runs expanded, without live data', async () => {
    const s = service(new FixedSource(() => ({ vehicles: [], tripUpdates: [], disruptions: [] })));
    const list = await s.stopArrivals('testville', 'A', at('05:50:00'));
    expect(list.map((a) => [a.tripId, new Date(a.scheduledTime).toISOString()])).toEqual([
      ['R2-F', '2026-03-10T00:30:00.000Z'],
      ['R2-F', '2026-03-10T01:00:00.000Z'],
      ['R1-0800', '2026-03-10T02:30:00.000Z'],
      ['R1-0900', '2026-03-10T03:30:00.000Z'],
      ['R1-1200', '2026-03-10T06:30:00.000Z'],
    ]);
    // 12 h and no further: at 05:50 the 23:50 bus (18 h ahead) is not listed yet; at 12:00 it is.
    expect((await s.stopArrivals('testville', 'A', at('12:00:00'))).map((a) => a.tripId)).toContain('R3-2350');
    expect(list[0]).toMatchObject({ route_id: 'R2', route_name: '2', headsign: 'Delta', eta: null, vNo: null, passedAt: null, expectedTime: null });
    expect(await s.stopArrivals('testville', 'A', at('05:50:00'), 1)).toHaveLength(1);
    expect(await s.stopArrivals('testville', 'NOPE', at('05:50:00'))).toEqual([]);
    await expect(s.stopArrivals('nowhere', 'A', at('05:50:00'))).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    await expect(s.disruptions('nowhere', at('05:50:00'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("at night, a route's ETA at a stop lists the morning's first buses the board shows (not 'no more buses today')", async () => {
    const s = service(new FixedSource(() => ({ vehicles: [], tripUpdates: [], disruptions: [] })));
    // 03:33: the first R1 bus at A is 08:00, 4 h 27 min ahead (beyond the old 2 h look-ahead).
    const list = await s.stopArrivals('testville', 'A', at('03:33:00'), 10, 'R1');
    expect(list.map((a) => [a.tripId, a.scheduledTime])).toEqual([
      ['R1-0800', at('08:00:00')],
      ['R1-0900', at('09:00:00')],
      ['R1-1200', at('12:00:00')],
    ]);
  });

  it.each([
    [-301, 'ARRIVING_EARLY'],
    [-300, 'ON_TIME'],
    [299, 'ON_TIME'],
    [300, 'RUNNING_BEHIND'],
    [359, 'RUNNING_BEHIND'],
    [360, 'DELAYED'],
  ])('a delay of %i s at the stop gives the ETA and label %s (spec §4)', async (delay, label) => {
    const now = at('08:12:00');
    const s = service(new FixedSource(() => r1({ delay, tS: now - 20_000 })));
    const [a] = (await s.stopArrivals('testville', 'C', now)).filter((x) => x.tripId === 'R1-0800');
    expect(a).toMatchObject({ vNo: 'KL-07-BX-1234', tS: now - 20_000, delaySeconds: delay, timeliness: label, occupancy: 'SEATS', passedAt: null });
    expect(a.eta).toBe(8 * 60 + delay);
    expect(a.expectedTime).toBe(at('08:20:00') + delay * 1000);
  });

  it('ignores live data older than 15 min and an unknown ETA (-1): the arrival falls back to its schedule', async () => {
    const now = at('08:12:00');
    const exactly15 = await service(new FixedSource(() => r1({ delay: 120, tS: now - 15 * 60_000 }))).stopArrivals('testville', 'C', now);
    expect(exactly15[0]).toMatchObject({ tripId: 'R1-0800', eta: 600, vNo: 'KL-07-BX-1234' });
    for (const snapshot of [r1({ delay: 120, tS: now - 15 * 60_000 - 1000 }), r1({ delay: null, tS: now - 5000 })]) {
      const [a] = await service(new FixedSource(() => snapshot)).stopArrivals('testville', 'C', now);
      expect(a).toMatchObject({
        tripId: 'R1-0800',
        scheduledTime: at('08:20:00'),
        eta: null,
        vNo: null,
        tS: null,
        timeliness: null,
        occupancy: null,
        expectedTime: null,
      });
    }
  });

  it('shows a bus that has just left the stop as passed, then drops it after 5 min', async () => {
    // Left B (scheduled 08:11) 60 s late, at 08:12; the bus is now heading to C.
    const snapshot = (now: number) => r1({ delay: 60, tS: now - 10_000, seq: 3 });
    const s = service(new FixedSource(snapshot));
    const [a] = await s.stopArrivals('testville', 'B', at('08:15:00'));
    expect(a).toMatchObject({ tripId: 'R1-0800', passedAt: at('08:12:00'), eta: null, vNo: 'KL-07-BX-1234', timeliness: 'ON_TIME' });
    expect((await s.stopArrivals('testville', 'B', at('08:17:00')))[0]?.passedAt).toBe(at('08:12:00'));
    expect((await s.stopArrivals('testville', 'B', at('08:17:01'))).filter((x) => x.tripId === 'R1-0800')).toEqual([]);
    // Without live data, a scheduled time in the past is simply gone.
    const none = service(new FixedSource(() => ({ vehicles: [], tripUpdates: [], disruptions: [] })));
    expect((await none.stopArrivals('testville', 'B', at('08:15:00'))).filter((x) => x.tripId === 'R1-0800')).toEqual([]);
  });

  it('keeps a cancelled run and a run that skips the stop in the list, marked, at their timetable time, never as the next bus', async () => {
    const r2 = (startTime: string) => ({ tripId: 'R2-F', routeId: 'R2', startDate: '20260310', startTime });
    const cancelled = (startTime: string, tS: number) => ({ trip: r2(startTime), vNo: null, tS, stops: [], cancelled: true });
    const now = at('05:50:00');
    const s = service(
      new FixedSource((t) => ({
        vehicles: [],
        tripUpdates: [
          cancelled('06:00:00', t - 20_000),
          { trip: r2('06:30:00'), vNo: null, tS: t - 20_000, stops: [{ stopSequence: 1, stopId: 'A', delaySeconds: null, skipped: true }] },
        ],
        disruptions: [],
      })),
    );
    const list = await s.stopArrivals('testville', 'A', now);
    const notComing = { expectedTime: null, eta: null, vNo: null, tS: null, live: false, passedAt: null };
    // (R2's runs; R1's later buses follow them in the 12 h look-ahead.)
    expect(list.filter((a) => a.tripId === 'R2-F')).toEqual([
      expect.objectContaining({ tripId: 'R2-F', scheduledTime: at('06:00:00'), cancellation: 'TRIP_CANCELLED', ...notComing }),
      expect.objectContaining({ tripId: 'R2-F', scheduledTime: at('06:30:00'), cancellation: 'STOP_SKIPPED', ...notComing }),
    ]);
    // The skipped stop is this run's first only: at D it stops as timetabled.
    expect(await s.stopArrivals('testville', 'D', now)).toEqual([
      expect.objectContaining({ scheduledTime: at('06:15:00'), cancellation: 'TRIP_CANCELLED' }),
      expect.objectContaining({ scheduledTime: at('06:45:00'), cancellation: null }),
    ]);
    // The limit counts buses that come: a cancelled one before the first running bus is listed beside it, one after it is not.
    const later = at('06:10:00');
    const one = service(new FixedSource((t) => ({ vehicles: [], tripUpdates: [cancelled('06:30:00', t - 20_000)], disruptions: [] })));
    expect((await one.stopArrivals('testville', 'A', later, 1)).map((a) => [a.tripId, a.cancellation])).toEqual([
      ['R2-F', 'TRIP_CANCELLED'],
      ['R1-0800', null],
    ]);
    const after = service(
      new FixedSource((t) => ({
        vehicles: [],
        tripUpdates: [{ trip: { tripId: 'R1-0800', startDate: '20260310', startTime: '08:00:00' }, vNo: null, tS: t - 20_000, stops: [], cancelled: true }],
        disruptions: [],
      })),
    );
    expect((await after.stopArrivals('testville', 'A', later, 1)).map((a) => [a.tripId, a.cancellation])).toEqual([['R2-F', null]]);
    // A cancellation older than 15 min no longer counts: the run is listed as timetabled.
    const stale = service(new FixedSource((t) => ({ vehicles: [], tripUpdates: [cancelled('06:00:00', t - 16 * 60_000)], disruptions: [] })));
    expect((await stale.stopArrivals('testville', 'A', now))[0]).toMatchObject({ scheduledTime: at('06:00:00'), cancellation: null });
  });

  it('matches GTFS-RT updates without a start date or time, and predicted times instead of delays', async () => {
    const now = at('08:12:00');
    const trip = { tripId: 'R1-0800' };
    const s = service(
      new FixedSource(() => ({
        vehicles: [],
        tripUpdates: [
          { trip, vNo: 'MH-43-AA-1111', tS: now - 5000, stops: [{ stopSequence: null, stopId: 'C', delaySeconds: null, arrivalTime: at('08:23:00') }] },
        ],
        disruptions: [],
      })),
    );
    const [a] = await s.stopArrivals('testville', 'C', now);
    expect(a).toMatchObject({ tripId: 'R1-0800', vNo: 'MH-43-AA-1111', delaySeconds: 180, eta: 660, timeliness: 'ON_TIME', occupancy: null });
  });

  it('keeps a late bus whose scheduled time has passed, with its ETA', async () => {
    const now = at('08:21:00');
    const [a] = await service(new FixedSource(() => r1({ delay: 400, tS: now - 30_000 }))).stopArrivals('testville', 'C', now);
    expect(a).toMatchObject({ tripId: 'R1-0800', eta: 340, timeliness: 'DELAYED', passedAt: null });
  });

  it('describes a vehicle: age of its position, next stop, timeliness and occupancy; by any spelling of its number', async () => {
    const now = at('08:12:00');
    const s = service(new FixedSource(() => r1({ delay: 330, tS: now - 95_000, occupancy: 2 })));
    const v = await s.vehicle('testville', 'kl 07 bx 1234', now);
    expect(v).toEqual({
      vNo: 'KL-07-BX-1234',
      route_id: 'R1',
      route_name: '1',
      tripId: 'R1-0800',
      headsign: 'Charlie',
      lat: 19.015,
      lon: 72.815,
      bearing: 45,
      tS: now - 95_000,
      ageSeconds: 95,
      delaySeconds: 330,
      timeliness: 'RUNNING_BEHIND',
      occupancyLevel: 2,
      occupancy: 'OVERCROWDED',
      nextStopId: 'C',
      nextStopName: 'Charlie',
    });
    expect(await s.vehicle('testville', 'KL-07-ZZ-0000', now)).toBeNull();
    expect((await s.routeVehicles('testville', 'R1', now)).map((x) => x.vNo)).toEqual(['KL-07-BX-1234']);
    expect(await s.routeVehicles('testville', 'R2', now)).toEqual([]);
    // Older than 15 min: still on the map with its age, but no timeliness from stale data.
    const stale = await service(new FixedSource(() => r1({ delay: 330, tS: now - 20 * 60_000 }))).vehicle('testville', 'KL-07-BX-1234', now);
    expect(stale).toMatchObject({ ageSeconds: 1200, delaySeconds: null, timeliness: null });
  });

  it('attaches disruptions to the stops and routes they affect, while active or starting within 2 h', async () => {
    const now = at('10:00:00');
    const d = (id: string, routeIds: string[], stopIds: string[], startsAt = now - 60_000, endsAt: number | null = now + 3_600_000): RealtimeDisruption => ({
      id,
      kind: 'TRAFFIC',
      title: id,
      description: '',
      routeIds,
      stopIds,
      startsAt,
      endsAt,
    });
    const disruptions = [
      d('at-B', [], ['B']),
      d('route-R2', ['R2'], []),
      d('ended', ['R1'], ['A'], now - 7_200_000, now - 1),
      d('later', ['R1'], [], now + 3 * 3_600_000),
      d('soon', ['R3'], ['C'], now + 3_600_000, null),
    ];
    const s = service(new FixedSource(() => ({ vehicles: [], tripUpdates: [], disruptions })));
    expect((await s.disruptions('testville', now)).map((x) => x.id)).toEqual(['at-B', 'route-R2', 'soon']);
    const ids = async (p: Promise<RealtimeDisruption[]>) => (await p).map((x) => x.id);
    expect(await ids(s.stopDisruptions('testville', 'B', now))).toEqual(['at-B']);
    expect(await ids(s.stopDisruptions('testville', 'A', now))).toEqual(['route-R2']);
    expect(await ids(s.stopDisruptions('testville', 'D', now))).toEqual(['route-R2']);
    expect(await ids(s.routeDisruptions('testville', 'R1', now))).toEqual(['at-B', 'soon']);
    expect(await ids(s.routeDisruptions('testville', 'R2', now))).toEqual(['route-R2']);
    expect(await ids(s.routeDisruptions('testville', 'R3', now))).toEqual(['soon']);
  });

  it('reuses one snapshot per city within a 5 s slot', async () => {
    const source = new FixedSource(() => ({ vehicles: [], tripUpdates: [], disruptions: [] }));
    const s = service(source, 5000);
    const now = at('05:50:00');
    const first = await s.stopArrivals('testville', 'A', now);
    expect(await s.stopArrivals('testville', 'A', now + 4000)).toBe(first);
    await s.disruptions('testville', now + 1000);
    expect(source.calls).toBe(1);
    await s.stopArrivals('testville', 'A', now + 5000);
    expect(source.calls).toBe(2);
  });

  it('runs the simulator on the fixture: vehicles only on the day’s running trips, matched to their arrivals', async () => {
    const s = service(new SimulatorSource('sawari'));
    expect(await s.routeVehicles('testville', 'R1', at('03:00:00'))).toEqual([]);
    // 15 Aug 2025: service ALL is removed (calendar_dates), so R1-0800 does not run.
    expect(await s.routeVehicles('testville', 'R1', at('08:10:00', '2025-08-15'))).toEqual([]);
    let seen = 0;
    for (let now = at('07:55:00'); now <= at('08:35:00'); now += 60_000) {
      for (const v of await s.routeVehicles('testville', 'R1', now)) {
        seen++;
        expect(v).toMatchObject({ route_id: 'R1', tripId: 'R1-0800', headsign: 'Charlie' });
        expect(v.vNo).toMatch(/^TE-01-[A-Z]{2}-\d{4}$/);
        const arrivals = await s.stopArrivals('testville', 'C', now);
        const a = arrivals.find((x) => x.tripId === 'R1-0800');
        if (v.ageSeconds <= 900 && v.delaySeconds !== null) expect(a?.vNo ?? null).toBe(v.vNo);
      }
    }
    expect(seen).toBeGreaterThan(10);
  });
});
