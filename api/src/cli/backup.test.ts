// The restore drill (docs/operations.md "Backup and restore"), on the database of the run: PGlite (a server on a data
// folder, backed up through that running server) or PostgreSQL (a server on a database of its own, pg_dump while it
// runs). Riders, passes, payments, a seat and a card load are made through the real API; `npm run backup` copies them
// while the server runs; the server stops; `npm run restore` puts the copy into an empty folder or database; an audit
// of every table (rows and content hash) and every file (sha256) finds the source and the restored copy equal. A
// damaged backup (one byte of the database, or a manifest edited) is refused before anything is written, and a
// target that is not empty is refused. Then a server started on the restored copy answers the riders' data.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb, type Db } from '../platform/db';
import { REPO, runNode, signInOverHttp, spawnServer, type SpawnedServer } from './spawned-server.testing';
import { makeDrillData, type DrillFacts } from './drill.testing';
import { compiledApi } from '../testing/compiled-api';

const base = process.env.TEST_DATABASE_URL;
const engine = base ? 'PostgreSQL' : 'PGlite';
const tmp = (tag: string) => fs.mkdtempSync(path.join(os.tmpdir(), `sawari-drill-${tag}-`));
const dbUrl = (name: string) => (base ? base.replace(/\/[^/?]*(\?.*)?$/, `/${name}$1`) : '');

type Audit = { migrationLevel: number; tables: Record<string, { rows: number; sha256: string }>; files: Record<string, { bytes: number; sha256: string }> };

describe(`backup and restore drill (${engine})`, () => {
  const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const names = {
    src: `sawari_drill_src_${suffix}`,
    dst: `sawari_drill_dst_${suffix}`,
    bad: `sawari_drill_bad_${suffix}`,
    busy: `sawari_drill_busy_${suffix}`,
  };
  const srcDir = tmp('src');
  const dstDir = tmp('dst');
  const badDir = tmp('bad');
  const busyDir = tmp('busy');
  const backupDir = path.join(tmp('backup'), 'b1');
  const env = (dataDir: string, db: keyof typeof names) => ({ DATA_DIR: dataDir, DATABASE_URL: base ? dbUrl(names[db]) : '', OPS_KEY: '', SAWARI_API_URL: '' });
  let admin: Db | undefined;
  let server: SpawnedServer | undefined;
  let facts: DrillFacts;
  const cli = (command: string, args: string[], e: Record<string, string>) => runNode([compiledApi('cli/backup.js'), command, ...args], e, 240_000);
  const audit = async (e: Record<string, string>): Promise<Audit> => {
    const r = await cli('audit', [], e);
    if (r.code !== 0) throw new Error(r.out);
    return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as Audit;
  };

  beforeAll(async () => {
    if (base) {
      admin = await openDb({ dataDir: 'memory://', databaseUrl: base }, { max: 1 });
      for (const n of Object.values(names)) await admin.query(`CREATE DATABASE ${n}`);
    }
    server = await spawnServer({ dataDir: srcDir, env: { DATABASE_URL: env(srcDir, 'src').DATABASE_URL }, timeoutMs: 150_000 });
    facts = await makeDrillData(server.url, ['9876580501', '9876580502']);
  }, 300_000);
  afterAll(async () => {
    await server?.kill9();
    if (admin) {
      for (const n of Object.values(names)) await admin.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
      await admin.close();
    }
    for (const d of [srcDir, dstDir, badDir, busyDir, path.dirname(backupDir)]) fs.rmSync(d, { recursive: true, force: true });
  });

  it('backup while the server runs, restore into an empty target: every table and file equal, nothing lost or changed', async () => {
    const b = await cli('backup', [backupDir], env(srcDir, 'src'));
    expect(b.code).toBe(0);
    if (!base) expect(b.out).toContain(`A Sawari server (pid ${server!.pid}) holds ${srcDir}: the database is copied through it`);
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')) as Audit & {
      engine: string;
      takenWith: string;
      createdAt: string;
      versions: Record<string, string>;
      counts: { files: number };
    };
    expect(manifest).toMatchObject({ engine: base ? 'postgres' : 'pglite', takenWith: base ? 'pg_dump' : 'server' });
    expect(manifest.versions).toMatchObject({ sawari: expect.any(String), postgres: expect.any(String) });
    expect(Date.parse(manifest.createdAt)).toBeGreaterThan(Date.now() - 600_000);
    expect(manifest.migrationLevel).toBeGreaterThanOrEqual(27);
    // What the drill made is in it: riders, pass orders and passes, payments, the seat, the card load, the proof files.
    const rows = (table: string) => manifest.tables[table]?.rows ?? 0;
    expect(rows('users')).toBeGreaterThanOrEqual(2);
    expect(rows('pass_orders')).toBeGreaterThanOrEqual(2);
    expect(rows('passes')).toBeGreaterThanOrEqual(1);
    expect(rows('payments')).toBeGreaterThanOrEqual(3);
    expect(rows('reservation_bookings')).toBeGreaterThanOrEqual(1);
    expect(rows('card_recharge_orders')).toBeGreaterThanOrEqual(1);
    expect(rows('card_taps')).toBeGreaterThanOrEqual(2);
    expect(rows('files')).toBe(2);
    expect(manifest.counts.files).toBe(2);
    const checksums = fs.readFileSync(path.join(backupDir, 'checksums.sha256'), 'utf8');
    expect(checksums).toMatch(/^[0-9a-f]{64} {2}manifest\.json$/m);
    expect(checksums).toMatch(base ? /^[0-9a-f]{64} {2}database\.dump$/m : /^[0-9a-f]{64} {2}database\.tar\.gz$/m);

    // The server stops; the source is audited as it was left.
    expect(await server!.stop()).toBe(0);
    server = undefined;
    const source = await audit(env(srcDir, 'src'));

    const r = await cli('restore', [backupDir], env(dstDir, 'dst'));
    expect(r.out).toContain('nothing lost or changed');
    expect(r.code).toBe(0);
    const restored = await audit(env(dstDir, 'dst'));
    expect(Object.keys(restored.tables).length).toBeGreaterThan(40);
    expect(restored).toEqual(source);
    expect(restored.tables).toEqual(manifest.tables);
    expect(restored.files).toEqual(manifest.files);
  }, 600_000);

  it('a backup of a DATA_DIR without a database, or into a folder that is not empty, is refused and writes nothing', async () => {
    const nothing = tmp('nothing');
    const target = path.join(nothing, 'backup');
    if (!base) {
      const r = await cli('backup', [target], env(path.join(nothing, 'data'), 'src'));
      expect(r.code).toBe(1);
      expect(r.out).toContain('There is no database at');
      expect(fs.readdirSync(nothing)).toEqual([]);
    }
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, 'keep.txt'), 'mine');
    const full = await cli('backup', [target], env(srcDir, 'src'));
    expect(full.code).toBe(1);
    expect(full.out).toContain('is not empty');
    expect(fs.readdirSync(target)).toEqual(['keep.txt']);
    fs.rmSync(nothing, { recursive: true, force: true });
  }, 120_000);

  it('a damaged backup is refused before anything is written: one byte of the database, an edited manifest, a missing file', async () => {
    const copy = path.join(path.dirname(backupDir), 'damaged');
    const damage = async (what: (dir: string) => void, message: RegExp) => {
      fs.rmSync(copy, { recursive: true, force: true });
      fs.cpSync(backupDir, copy, { recursive: true });
      what(copy);
      const r = await cli('restore', [copy], env(badDir, 'bad'));
      expect(r.code).toBe(1);
      expect(r.out).toMatch(message);
      expect(fs.existsSync(path.join(badDir, 'pglite'))).toBe(false);
      expect(fs.existsSync(path.join(badDir, 'files'))).toBe(false);
      if (base) {
        const bad = await openDb({ dataDir: 'memory://', databaseUrl: dbUrl(names.bad) }, { max: 1 });
        const n = await bad.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'");
        await bad.close();
        expect(n.rows[0].n).toBe(0);
      }
    };
    const dbFile = base ? 'database.dump' : 'database.tar.gz';
    await damage(
      (d) => {
        const f = path.join(d, dbFile);
        const bytes = fs.readFileSync(f);
        bytes[Math.floor(bytes.length / 2)] ^= 0x01;
        fs.writeFileSync(f, bytes);
      },
      new RegExp(`${dbFile.replace('.', '\\.')} does not match its checksum`),
    );
    await damage((d) => {
      const f = path.join(d, 'manifest.json');
      fs.writeFileSync(f, fs.readFileSync(f, 'utf8').replace('"rows": 2,', '"rows": 3,'));
    }, /manifest\.json does not match its checksum/);
    await damage((d) => {
      const proof = fs.readFileSync(path.join(d, 'checksums.sha256'), 'utf8').match(/ {2}(files\/\S+)/);
      if (proof) fs.rmSync(path.join(d, proof[1]));
      else fs.rmSync(path.join(d, dbFile));
    }, /is missing/);
  }, 300_000);

  it('a target that is not empty is refused; a server on the restored copy answers the riders as before', async () => {
    const again = await cli('restore', [backupDir], env(dstDir, 'dst'));
    expect(again.code).toBe(1);
    expect(again.out).toMatch(base ? /is not empty \(\d+ tables\)/ : /pglite is not empty/);
    server = await spawnServer({ dataDir: dstDir, env: { DATABASE_URL: env(dstDir, 'dst').DATABASE_URL }, timeoutMs: 150_000 });
    // The signing keys were restored with the data: the riders' tokens from before the backup still work.
    const [asha] = facts.riders;
    const cards = (await (await fetch(`${server.url}/api/cards/v1/cards`, { headers: asha.headers })).json()) as {
      cards: { cardRef: string; chipBalancePaise: number }[];
    };
    expect(cards.cards.find((c) => c.cardRef === facts.cardRef)?.chipBalancePaise).toBe(facts.cardBalancePaise);
    const booking = await fetch(`${server.url}/api/reservations/v1/bookings/${facts.bookingId}`, { headers: asha.headers });
    expect(booking.status).toBe(200);
    expect(((await booking.json()) as { status: string }).status).toBe('ACTIVE');
    const pass = (await (await fetch(`${server.url}/api/passes/orders/${facts.passTx}`, { headers: asha.headers })).json()) as { status: string };
    expect(pass.status).toBe('SUCCESS');
  }, 400_000);

  it('a backup taken while riders sign in is consistent: every request answered, the restored copy whole and between before and after', async () => {
    const countUsers = async (e: Record<string, string>) => (await audit(e)).tables.users.rows;
    const busyBackup = path.join(path.dirname(backupDir), 'busy');
    const running = cli('backup', [busyBackup], env(dstDir, 'dst'));
    // New riders sign in (OTP, outbox, login: users, sessions and rate-limit rows written) one after another while the
    // backup runs, at most 20 (the per-address OTP limit is 30 an hour).
    let finished = false;
    void running.then(() => (finished = true));
    let signedIn = 0;
    for (let i = 0; i < 20 && !finished; i += 1) {
      await signInOverHttp(server!.url, `98765806${String(i).padStart(2, '0')}`);
      signedIn += 1;
    }
    const b = await running;
    expect(b.code).toBe(0);
    expect(signedIn).toBeGreaterThan(0);
    expect(await server!.stop()).toBe(0);
    server = undefined;
    const after = await countUsers(env(dstDir, 'dst'));
    const r = await cli('restore', [busyBackup], env(busyDir, 'busy'));
    expect(r.out).toContain('nothing lost or changed');
    expect(r.code).toBe(0);
    const restoredUsers = await countUsers(env(busyDir, 'busy'));
    const manifest = JSON.parse(fs.readFileSync(path.join(busyBackup, 'manifest.json'), 'utf8')) as Audit;
    expect(restoredUsers).toBe(manifest.tables.users.rows);
    const initial = (JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')) as Audit).tables.users.rows;
    expect(after).toBe(initial + signedIn);
    expect(restoredUsers).toBeGreaterThanOrEqual(initial);
    expect(restoredUsers).toBeLessThanOrEqual(after);
  }, 600_000);
});
