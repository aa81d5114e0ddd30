import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openTestDb, dbLabel, type TestDb } from '../../testing/test-db';
import { importGtfs } from '../transit/importer/import';
import { PlannerService, type PlaceInput } from './service';
import { PlannerStore } from './store';
import {
  checksum,
  CopyBinaryFields,
  DbSnapshotStore,
  decodeSnapshot,
  FileSnapshotStore,
  SnapshotReceiver,
  snapshotKey,
  SnapshotRejected,
  type SnapshotIdentity,
  type SnapshotStore,
} from './snapshot';

// Built day networks kept across restarts (snapshot.ts): a second planner (a restarted instance) loads the network from
// the snapshot the first one wrote, answers the same plans, and never loads one of another feed or a damaged one.
const MINI = path.resolve(__dirname, '../transit/importer/fixtures/mini');
const ist = (iso: string) => Date.parse(`${iso}+05:30`);
const THURSDAY = '2026-01-15';

const QUERIES: [PlaceInput, PlaceInput, string, number, number, boolean][] = [
  [{ stopId: 'A' }, { stopId: 'C' }, `${THURSDAY}T07:55:00`, 0, 3, false],
  [{ stopId: 'A' }, { stopId: 'D' }, `${THURSDAY}T06:10:00`, 60, 3, false],
  [{ lat: 18.99658, lon: 72.8, name: 'Gateway Mall' }, { stopId: 'C' }, `${THURSDAY}T07:30:00`, 90, 3, false],
  [{ stopId: 'A' }, { stopId: 'C' }, `${THURSDAY}T09:30:00`, 0, 3, true],
  [{ stopId: 'A' }, { stopId: 'C' }, `${THURSDAY}T23:45:00`, 0, 1, false],
];

describe(`planner network snapshots ${dbLabel()}`, () => {
  let t: TestDb;
  let tmp: string;
  const feedOf = async (city: string) => (await t.db.query<{ id: number }>('SELECT id FROM feeds WHERE city_id = $1 AND is_current', [city])).rows[0].id;
  const stores: [string, () => SnapshotStore][] = [
    ['the data folder', () => new FileSnapshotStore(fs.mkdtempSync(path.join(tmp, 'snap-')))],
    ['the database', () => new DbSnapshotStore(t.db, 1024)],
  ];
  const planAll = (p: PlannerService, city = 'testville') =>
    Promise.all(QUERIES.map(([from, to, at, win, changes, by]) => p.plan(city, from, to, ist(at), win, changes, by)));

  beforeAll(async () => {
    t = await openTestDb();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sawari-snapshots-'));
    for (const city of ['testville', 'otherville', 'thirdville']) await importGtfs(t.db, MINI, { cityId: city });
  }, 120_000);
  afterAll(async () => {
    await t?.cleanup();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it.each(stores)('a restarted planner loads the network from %s and answers the same plans, reading no rows', async (_name, make) => {
    const store = make();
    const feedId = await feedOf('testville');
    const first = new PlannerService(t.db, { snapshots: store, pool: { workers: 0 }, prepareNextDay: false });
    const before = await planAll(first);
    expect(await first.networkSource('testville', feedId, '20260115')).toBe('built');
    await first.close();

    const rows = jest.spyOn(PlannerStore.prototype, 'rows');
    const restarted = new PlannerService(t.db, { snapshots: store, pool: { workers: 0 }, prepareNextDay: false });
    try {
      const after = await planAll(restarted);
      expect(await restarted.networkSource('testville', feedId, '20260115')).toBe('snapshot');
      expect(rows).not.toHaveBeenCalled();
      expect(after).toEqual(before);
      expect(after.flatMap((p) => p.itineraries).length).toBeGreaterThan(4);
    } finally {
      rows.mockRestore();
      await restarted.close();
    }
  });

  it('a snapshot of another feed version is not used: the network is built again', async () => {
    const store = new FileSnapshotStore(fs.mkdtempSync(path.join(tmp, 'stale-')));
    const feedId = await feedOf('testville');
    const first = new PlannerService(t.db, { snapshots: store, pool: { workers: 0 }, prepareNextDay: false });
    await planAll(first);
    await first.close();
    // The same feed id imported again at another time (e.g. a database made anew beside an old data folder): the old
    // snapshot's bytes under the new version's name.
    const city = (await new PlannerStore(t.db).city('testville'))!;
    const old: SnapshotIdentity = { cityId: 'testville', feedId, feedVersion: city.feedVersion!, date: '20260115', slackSecs: 180 };
    const stale = await store.load(snapshotKey(old));
    expect(stale).not.toBeNull();
    await t.db.query("UPDATE feeds SET imported_at = imported_at + interval '1 second' WHERE id = $1", [feedId]);
    const renewed = { ...old, feedVersion: (await new PlannerStore(t.db).city('testville'))!.feedVersion! };
    expect(renewed.feedVersion).not.toBe(old.feedVersion);
    await store.save(snapshotKey(renewed), renewed, stale!, '20260101');

    const warn = jest.fn();
    const restarted = new PlannerService(t.db, { snapshots: store, pool: { workers: 0 }, prepareNextDay: false, log: { warn } });
    try {
      const plan = await restarted.plan('testville', { stopId: 'A' }, { stopId: 'C' }, ist(`${THURSDAY}T07:55:00`));
      expect(plan.itineraries).toHaveLength(1);
      expect(await restarted.networkSource('testville', feedId, '20260115')).toBe('built');
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ city: 'testville' }), expect.stringContaining('snapshot was not used'));
    } finally {
      await restarted.close();
    }
    // Written again for the new version: the next start loads it.
    const next = new PlannerService(t.db, { snapshots: store, pool: { workers: 0 }, prepareNextDay: false });
    await next.plan('testville', { stopId: 'A' }, { stopId: 'C' }, ist(`${THURSDAY}T07:55:00`));
    expect(await next.networkSource('testville', feedId, '20260115')).toBe('snapshot');
    await next.close();
  });

  it.each(stores)('a damaged snapshot in %s is rebuilt (and written again), never used', async (name, make) => {
    const store = make();
    const feedId = await feedOf('otherville');
    const first = new PlannerService(t.db, { snapshots: store, pool: { workers: 0 }, prepareNextDay: false });
    const before = await planAll(first, 'otherville');
    await first.close();
    // One byte of the routing arrays changed (the middle of the blob).
    if (name === 'the data folder') {
      const dir = (store as unknown as { dir: string }).dir;
      const file = path.join(
        dir,
        fs.readdirSync(dir).find((f) => f.startsWith('otherville.'))!,
      );
      const bytes = fs.readFileSync(file);
      bytes[bytes.length >> 1] ^= 0xff;
      fs.writeFileSync(file, bytes);
    } else {
      const row = (await t.db.query<{ key: string; chunks: number }>("SELECT key, chunks FROM planner_snapshots WHERE city_id = 'otherville'")).rows[0];
      const seq = row.chunks >> 1;
      const data = (await t.db.query<{ data: Uint8Array }>('SELECT data FROM planner_snapshot_chunks WHERE key = $1 AND seq = $2', [row.key, seq])).rows[0]
        .data;
      const damaged = Buffer.from(data);
      damaged[10] ^= 0xff;
      await t.db.query('UPDATE planner_snapshot_chunks SET data = $3 WHERE key = $1 AND seq = $2', [row.key, seq, damaged]);
    }
    const warn = jest.fn();
    const restarted = new PlannerService(t.db, { snapshots: store, pool: { workers: 0 }, prepareNextDay: false, log: { warn } });
    expect(await planAll(restarted, 'otherville')).toEqual(before);
    expect(await restarted.networkSource('otherville', feedId, '20260115')).toBe('built');
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ err: expect.objectContaining({ message: 'checksum mismatch' }) }), expect.any(String));
    await restarted.close();
    const next = new PlannerService(t.db, { snapshots: store, pool: { workers: 0 }, prepareNextDay: false });
    expect(await planAll(next, 'otherville')).toEqual(before);
    expect(await next.networkSource('otherville', feedId, '20260115')).toBe('snapshot');
    await next.close();
  });

  it('the database store reads every chunk in one binary COPY on PostgreSQL (one query per chunk on PGlite), timed', async () => {
    const store = new DbSnapshotStore(t.db, 1000);
    const planner = new PlannerService(t.db, { snapshots: store, pool: { workers: 0 }, prepareNextDay: false });
    await planner.plan('testville', { stopId: 'A' }, { stopId: 'C' }, ist(`${THURSDAY}T07:55:00`));
    await planner.close();
    const city = (await new PlannerStore(t.db).city('testville'))!;
    const key = snapshotKey({ cityId: 'testville', feedId: city.feedId!, feedVersion: city.feedVersion!, date: '20260115', slackSecs: 180 });
    const head = (await t.db.query<{ bytes: string; chunks: number }>('SELECT bytes, chunks FROM planner_snapshots WHERE key = $1', [key])).rows[0];
    expect(head.chunks).toBeGreaterThan(2);
    const queries = jest.spyOn(t.db, 'query');
    const phases: string[] = [];
    try {
      const bytes = (await store.load(key, (phase) => phases.push(phase)))!;
      expect(bytes.byteLength).toBe(Number(head.bytes));
      expect(bytes.buffer).toBeInstanceOf(SharedArrayBuffer);
      // The header row, then the chunks: one COPY, or one query each.
      expect(queries).toHaveBeenCalledTimes(t.db.kind === 'postgres' ? 1 : 1 + head.chunks);
      expect(phases).toEqual(['snapshot header row', expect.stringMatching(t.db.kind === 'postgres' ? /one binary COPY of \d+/ : /\d+ queries/)]);
      // Checked as it arrived: decoding does not sum its bytes again (a plain copy of them is summed).
      const id = { cityId: 'testville', feedId: city.feedId!, feedVersion: city.feedVersion!, date: '20260115', slackSecs: 180 };
      decodeSnapshot(bytes, id, (phase) => phases.push(phase));
      expect(phases).not.toContain('checksum');
      decodeSnapshot(new Uint8Array(bytes), id, (phase) => phases.push(phase));
      expect(phases).toContain('checksum');
    } finally {
      queries.mockRestore();
    }
  });

  it('a binary COPY is read whatever the sizes of the pieces it arrives in', () => {
    const fields = [Buffer.from('first field'), Buffer.alloc(0), Buffer.from(Array.from({ length: 70 }, (_, i) => i))];
    const tuple = (f: Buffer) => Buffer.concat([Buffer.from([0, 1]), Buffer.from([0, 0, 0, f.length]), f]);
    const header = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
    const whole = Buffer.concat([header, ...fields.map(tuple), Buffer.from([0xff, 0xff])]);
    for (const size of [1, 2, 3, 5, 7, 19, 64, whole.length]) {
      const got: Buffer[] = [];
      const copy = new CopyBinaryFields((b) => got.push(Buffer.from(b)));
      for (let at = 0; at < whole.length; at += size) {
        expect(copy.complete).toBe(false);
        copy.push(whole.subarray(at, at + size));
      }
      expect(copy.complete).toBe(true);
      expect(copy.fields).toBe(3);
      expect(Buffer.concat(got)).toEqual(Buffer.concat(fields));
    }
    expect(() => new CopyBinaryFields(() => undefined).push(Buffer.from('PGCOPY\nnot binary at all'))).toThrow(/signature/);
    const two = new CopyBinaryFields(() => undefined);
    expect(() => two.push(Buffer.concat([header, Buffer.from([0, 2, 0, 0, 0, 0])]))).toThrow(/2 columns/);
  });

  it('the checksum computed piece by piece as the bytes arrive is the checksum of the whole, and a damaged or short one is refused', async () => {
    const store = new FileSnapshotStore(fs.mkdtempSync(path.join(tmp, 'pieces-')));
    const planner = new PlannerService(t.db, { snapshots: store, pool: { workers: 0 }, prepareNextDay: false });
    await planner.plan('testville', { stopId: 'A' }, { stopId: 'C' }, ist(`${THURSDAY}T07:55:00`));
    await planner.close();
    const dir = (store as unknown as { dir: string }).dir;
    const whole = Buffer.from(new Uint8Array(fs.readFileSync(path.join(dir, fs.readdirSync(dir)[0]))));
    for (const size of [1, 3, 4, 5, 8, 1000, 4093, whole.length]) {
      const into = new SnapshotReceiver(whole.length);
      for (let at = 0; at < whole.length; at += size) into.push(whole.subarray(at, at + size));
      expect(Buffer.from(into.finish())).toEqual(whole);
    }
    expect(checksum(whole.subarray(24))).toBe(whole.readUInt32BE(16).toString(16).padStart(8, '0') + whole.readUInt32BE(20).toString(16).padStart(8, '0'));
    const damaged = Buffer.from(whole);
    damaged[whole.length - 3] ^= 1;
    const into = new SnapshotReceiver(whole.length);
    into.push(damaged);
    expect(() => into.finish()).toThrow('checksum mismatch');
    const short = new SnapshotReceiver(whole.length);
    short.push(whole.subarray(0, whole.length - 1));
    expect(() => short.finish()).toThrow(SnapshotRejected);
    // A header of another length is refused as soon as it is in.
    expect(() => new SnapshotReceiver(whole.length + 4).push(whole.subarray(0, 24))).toThrow('truncated');
  });

  it("readiness (today's networks) waits for the snapshot load, and the network then comes from it", async () => {
    const files = new FileSnapshotStore(fs.mkdtempSync(path.join(tmp, 'ready-')));
    const feedId = await feedOf('thirdville');
    const now = () => ist(`${THURSDAY}T10:00:00`);
    const first = new PlannerService(t.db, { snapshots: files, pool: { workers: 0 }, prebuild: { now } });
    while (!first.networksReady) await new Promise((r) => setTimeout(r, 5));
    await first.close();
    // A slow store: the load answers only when let go.
    let letGo: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    const slow: SnapshotStore = { load: async (key) => (await gate, files.load(key)), save: (...a) => files.save(...a) };
    const restarted = new PlannerService(t.db, { snapshots: slow, pool: { workers: 0 }, prebuild: { now } });
    try {
      await new Promise((r) => setTimeout(r, 200));
      expect(restarted.networksReady).toBe(false);
      letGo();
      while (!restarted.networksReady) await new Promise((r) => setTimeout(r, 5));
      expect(await restarted.networkSource('thirdville', feedId, '20260115')).toBe('snapshot');
    } finally {
      await restarted.close();
    }
  });

  it("keeps several cities' today and tomorrow: one city's dates never evict another's", async () => {
    const planner = new PlannerService(t.db, { pool: { workers: 0 }, prepareNextDay: false });
    const cities = ['testville', 'otherville', 'thirdville'];
    const feeds = await Promise.all(cities.map(feedOf));
    try {
      for (const city of cities) {
        await planner.plan(city, { stopId: 'A' }, { stopId: 'C' }, ist(`${THURSDAY}T07:55:00`));
        await planner.plan(city, { stopId: 'A' }, { stopId: 'C' }, ist('2026-01-16T07:55:00'));
      }
      // Six networks (more than the four the planner once kept for all cities together).
      cities.forEach((city, i) => {
        expect(planner.hasNetwork(city, feeds[i], '20260115')).toBe(true);
        expect(planner.hasNetwork(city, feeds[i], '20260116')).toBe(true);
      });
      // Two more dates in one city: its own oldest day goes, the other cities keep both of theirs.
      await planner.plan('testville', { stopId: 'A' }, { stopId: 'C' }, ist('2026-01-17T07:55:00'));
      await planner.plan('testville', { stopId: 'A' }, { stopId: 'C' }, ist('2026-01-18T07:55:00'));
      expect(planner.hasNetwork('testville', feeds[0], '20260115')).toBe(false);
      expect(planner.hasNetwork('testville', feeds[0], '20260118')).toBe(true);
      for (const i of [1, 2]) {
        expect(planner.hasNetwork(cities[i], feeds[i], '20260115')).toBe(true);
        expect(planner.hasNetwork(cities[i], feeds[i], '20260116')).toBe(true);
      }
    } finally {
      await planner.close();
    }
  });
});
