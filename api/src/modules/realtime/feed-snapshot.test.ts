import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DbSnapshotStore, encodeBlob, FileSnapshotStore, SnapshotRejected, snapshotKey, type SnapshotStore } from '../planner/snapshot';
import { openTestDb, dbLabel, type TestDb } from '../../testing/test-db';
import { importGtfs } from '../transit/importer/import';
import { TransitStore } from '../transit';
import { RealtimeFeed } from './feed';
import { decodeFeedSnapshot, encodeFeedSnapshot, feedSnapshotIdentity } from './feed-snapshot';
import { RealtimeService } from './service';
import { SimulatorSource } from './simulator';
import { RealtimeStore } from './store';

const MINI = path.resolve(__dirname, '../transit/importer/fixtures/mini');

/** Everything a feed answers from, in comparable form: two feeds that print the same answer the same. */
function contentsOf(feed: RealtimeFeed, at: number) {
  const runs = feed.runsBetween(at - 3 * 3_600_000, at + 3 * 3_600_000);
  return {
    stops: [...feed.stops.values()],
    routes: [...feed.routes.values()],
    trips: feed.trips.map((t) => ({ ...t, seqs: [...t.seqs], arr: [...t.arr], dep: [...t.dep], starts: [...t.starts], stopKm: undefined })),
    byRoute: [...feed.tripsByRoute].map(([r, ts]) => [r, ts.map((t) => t.id)]),
    calls: feed.calledStops().map((s) => [s, feed.callsAt(s).map((c) => `${c.trip.id}#${c.index}`)]),
    maxTripSecs: feed.maxTripSecs,
    days: feed.serviceDays(at - 86_400_000, at + 86_400_000),
    runs: runs.map((r) => r.key),
    // where each run is, an hour in: along its shape (or between stops) as the live state places buses
    points: runs.slice(0, 200).map((r) => feed.pointAt(r.trip, Math.floor((at - r.day.startMs) / 1000) - r.start)),
  };
}

describe(`the realtime feed's snapshot ${dbLabel()}`, () => {
  let t: TestDb;
  const at = Date.parse('2026-11-25T10:00:00+05:30');
  beforeAll(async () => {
    t = await openTestDb({ start: 'seeded' });
    await importGtfs(t.db, MINI, { cityId: 'testville' });
  }, 120_000);
  afterAll(() => t?.cleanup());

  const compiled = async (cityId: string) => {
    const city = (await new TransitStore(t.db).cityFeed(cityId))!;
    const store = new RealtimeStore(t.db);
    const feed = await RealtimeFeed.compiled(cityId, city.feedId!, city.timeZone, await store.rows(city.feedId!));
    const id = feedSnapshotIdentity(cityId, city.feedId!, (await store.feedVersion(city.feedId!))!);
    return { feed, id, timeZone: city.timeZone };
  };

  it.each(['mumbai', 'testville'])(
    '%s: a feed read back from its snapshot answers exactly as the compiled one (stops, trips, calls, runs, positions)',
    async (cityId) => {
      const { feed, id, timeZone } = await compiled(cityId);
      expect(feed.trips.length).toBeGreaterThan(0);
      const bytes = await encodeFeedSnapshot(feed, id);
      const back = await decodeFeedSnapshot(bytes, id, timeZone);
      const original = contentsOf(feed, at);
      expect(original.runs.length).toBeGreaterThan(0);
      expect(contentsOf(back, at)).toEqual(original);
    },
  );

  it('a snapshot of another feed version, a damaged one, or a planner network is refused (SnapshotRejected), never half-loaded', async () => {
    const { feed, id, timeZone } = await compiled('mumbai');
    const bytes = await encodeFeedSnapshot(feed, id);
    await expect(decodeFeedSnapshot(bytes, { ...id, feedVersion: `${id.feedVersion}x` }, timeZone)).rejects.toThrow(SnapshotRejected);
    const damaged = bytes.slice();
    damaged[damaged.length - 3] ^= 0xff;
    await expect(decodeFeedSnapshot(damaged, id, timeZone)).rejects.toThrow('checksum mismatch');
    await expect(decodeFeedSnapshot(bytes.subarray(0, bytes.length - 8), id, timeZone)).rejects.toThrow(SnapshotRejected);
    await expect(decodeFeedSnapshot(new Uint8Array(10), id, timeZone)).rejects.toThrow(SnapshotRejected);
    // the same container holding something else (a planner network's blob under the same identity)
    await expect(decodeFeedSnapshot(encodeBlob({ id }, { stopIds: new Int32Array(4) }), id, timeZone)).rejects.toThrow('not a realtime feed snapshot');
  });

  it('a service with a snapshot store compiles a feed once and writes its snapshot; the next start (a new service) reads no feed rows and answers the same arrivals', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sawari-realtime-snapshots-'));
    const snapshots: SnapshotStore = t.db.kind === 'postgres' ? new DbSnapshotStore(t.db) : new FileSnapshotStore(dir);
    const start = () =>
      new RealtimeService(new TransitStore(t.db), new RealtimeStore(t.db), {
        source: new SimulatorSource('sawari'),
        cacheMs: 0,
        clock: () => at,
        snapshots,
      });
    const rows = jest.spyOn(RealtimeStore.prototype, 'rows');
    try {
      const first = start();
      await first.feed('mumbai');
      await first.idle(); // its snapshot written
      expect(rows).toHaveBeenCalledTimes(1);
      const stop = (await first.feed('mumbai'))!.calledStops()[0];
      const before = await first.stopArrivals('mumbai', stop, at);
      const restarted = start();
      const feed = (await restarted.feed('mumbai'))!;
      expect(rows).toHaveBeenCalledTimes(1); // from the snapshot: no row read
      expect(feed.trips.length).toBe((await first.feed('mumbai'))!.trips.length);
      expect(await restarted.stopArrivals('mumbai', stop, at)).toEqual(before);
      // the planner's cleanup of the city's older service dates keeps it (its date is not a service date)
      const id = feedSnapshotIdentity('mumbai', feed.feedId, (await new RealtimeStore(t.db).feedVersion(feed.feedId))!);
      await snapshots.save('0123456789abcdef0123456789abcdef', { ...id, date: '2026-11-25', slackSecs: 60 }, new Uint8Array(64), '2026-11-25');
      expect(await snapshots.load(snapshotKey(id))).not.toBeNull();
    } finally {
      rows.mockRestore();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a snapshot that cannot be read is logged and the feed compiled from its rows (and written again)', async () => {
    const errors: string[] = [];
    const broken: SnapshotStore = { load: async () => new Uint8Array(64), save: async () => undefined };
    const service = new RealtimeService(new TransitStore(t.db), new RealtimeStore(t.db), {
      source: new SimulatorSource('sawari'),
      cacheMs: 0,
      clock: () => at,
      snapshots: broken,
      log: { error: (_o, msg) => void errors.push(msg) },
    });
    expect((await service.feed('testville'))!.trips.length).toBeGreaterThan(0);
    await service.idle();
    expect(errors).toEqual(['realtime feed snapshot not loaded; compiling the feed from its rows']);
  });
});
