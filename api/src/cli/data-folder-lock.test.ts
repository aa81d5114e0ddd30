// One process per PGlite data folder (platform/data-folder-lock.ts): the lock's rules in this process, then real
// processes: a server on a temporary folder, the ops command beside it (acts through the server: the server sees the
// decision), import-gtfs beside it (refused, naming the server), a second server on the same folder (refuses to start),
// and a server killed with -9 whose stale lock the next opener takes over. PGlite only (PostgreSQL has no folder).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireDataFolderLock, dataFolderHolder, DataFolderLockedError, LOCK_FILE, type LockHolder } from '../platform/data-folder-lock';
import { serverHoldingDataDir } from './terminal';
import { compiledApi } from '../testing/compiled-api';
import { REPO, runNode, signInOverHttp, spawnServer, submittedPassOrder, type SpawnedServer } from './spawned-server.testing';

const made: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sawari-lock-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});
const readLock = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as LockHolder;

/** A pid that certainly ran and is gone now. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((r) => child.on('exit', r));
  return child.pid!;
}

describe('the data folder lock (in one process)', () => {
  it('is taken atomically with pid and role, refused while held (naming the holder), free again after release', () => {
    const dir = tmp();
    const lock = acquireDataFolderLock(dir, 'server');
    expect(readLock(dir)).toMatchObject({ pid: process.pid, role: 'server', url: null });
    lock.setUrl('http://127.0.0.1:18389');
    expect(dataFolderHolder(dir)).toMatchObject({ pid: process.pid, url: 'http://127.0.0.1:18389' });
    let refused: unknown;
    try {
      acquireDataFolderLock(dir, 'ops');
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(DataFolderLockedError);
    expect((refused as DataFolderLockedError).holder).toMatchObject({ pid: process.pid, role: 'server', url: 'http://127.0.0.1:18389' });
    expect((refused as Error).message).toContain(`pid ${process.pid}, http://127.0.0.1:18389`);
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    expect(dataFolderHolder(dir)).toBeNull();
    acquireDataFolderLock(dir, 'ops').release();
  });

  it('the terminal without --server finds the server holding DATA_DIR (not with DATABASE_URL, not a command)', () => {
    const dir = tmp();
    expect(serverHoldingDataDir({ DATA_DIR: dir })).toBeUndefined();
    const lock = acquireDataFolderLock(dir, 'server');
    expect(serverHoldingDataDir({ DATA_DIR: dir })).toBeUndefined(); // still starting: no URL yet
    lock.setUrl('http://127.0.0.1:18388');
    expect(serverHoldingDataDir({ DATA_DIR: dir })).toBe('http://127.0.0.1:18388');
    expect(serverHoldingDataDir({ DATA_DIR: dir, DATABASE_URL: 'postgres://x/y' })).toBeUndefined();
    lock.release();
    acquireDataFolderLock(dir, 'ops');
    expect(serverHoldingDataDir({ DATA_DIR: dir })).toBeUndefined();
  });

  it('takes over a stale lock: a dead pid, a reused pid (another start time), a torn file', async () => {
    const dir = tmp();
    const file = path.join(dir, LOCK_FILE);
    const dead = await deadPid();
    fs.writeFileSync(file, JSON.stringify({ pid: dead, pidStart: null, hostname: os.hostname(), role: 'server', url: 'http://127.0.0.1:1', since: 'x' }));
    expect(dataFolderHolder(dir)).toBeNull();
    const a = acquireDataFolderLock(dir, 'server');
    expect(readLock(dir).pid).toBe(process.pid);
    a.release();
    // This very pid, but recorded with another start time: a process that died and whose pid came back.
    fs.writeFileSync(file, JSON.stringify({ pid: process.pid, pidStart: '1', hostname: os.hostname(), role: 'server', url: null, since: 'x' }));
    acquireDataFolderLock(dir, 'backup').release();
    fs.writeFileSync(file, '{"pid":');
    acquireDataFolderLock(dir, 'ops').release();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('a lock written on another host is taken as held, and the message says how to free it', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: 1, pidStart: null, hostname: 'old-container', role: 'server', url: null, since: 'x' }));
    expect(() => acquireDataFolderLock(dir, 'server')).toThrow(
      `on host old-container. If that machine or container no longer runs, remove ${path.join(dir, LOCK_FILE)} by hand`,
    );
    fs.rmSync(path.join(dir, LOCK_FILE));
    acquireDataFolderLock(dir, 'server').release();
  });

  it('four openers racing for one stale lock: exactly one gets it', async () => {
    const dir = tmp();
    const dead = await deadPid();
    fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: dead, pidStart: null, hostname: os.hostname(), role: 'server', url: null, since: 'x' }));
    // Separate processes: each says READY, waits for the go file (all start within ~10 ms of each other), tries once,
    // says what it got, and a winner holds the lock until the done file appears (so a late one cannot find it free).
    const go = path.join(dir, 'go');
    const done = path.join(dir, 'done');
    const script = `
      const fs = require('node:fs');
      const { acquireDataFolderLock } = require(${JSON.stringify(compiledApi('platform/data-folder-lock.js'))});
      const wait = (file, then) => (fs.existsSync(file) ? then() : setTimeout(() => wait(file, then), 5));
      console.log('READY');
      wait(${JSON.stringify(go)}, () => {
        try { acquireDataFolderLock(${JSON.stringify(dir)}, 'ops'); console.log('GOT'); wait(${JSON.stringify(done)}, () => process.exit(0)); }
        catch (e) { console.log(e.name); process.exit(0); }
      });`;
    const children = Array.from({ length: 4 }, () => spawn(process.execPath, ['-e', script], { cwd: REPO }));
    const outs = children.map(() => '');
    children.forEach((c, i) => c.stdout.on('data', (d) => (outs[i] += d)));
    const closed = Promise.all(children.map((c) => new Promise((r) => c.on('close', r))));
    const until = async (ok: () => boolean) => {
      for (let t = Date.now(); !ok();) {
        if (Date.now() - t > 45_000) throw new Error(`timed out: ${JSON.stringify(outs)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    try {
      await until(() => outs.every((o) => o.includes('READY')));
      fs.writeFileSync(go, '');
      await until(() => outs.every((o) => /GOT|DataFolderLockedError/.test(o)));
    } finally {
      fs.writeFileSync(done, '');
      await closed;
    }
    const said = outs.map((o) => o.replace('READY', '').trim()).sort();
    expect(said).toEqual(['DataFolderLockedError', 'DataFolderLockedError', 'DataFolderLockedError', 'GOT']);
  }, 90_000);
});

const suite = process.env.TEST_DATABASE_URL ? describe.skip : describe;

suite('one process per PGlite folder (real server processes)', () => {
  const dir = tmp();
  const env = { DATA_DIR: dir, DATABASE_URL: '', SAWARI_API_URL: '', OPS_KEY: '' };
  let server: SpawnedServer | undefined;
  beforeAll(async () => {
    server = await spawnServer({ port: 18380, dataDir: dir, timeoutMs: 150_000 });
  }, 180_000);
  afterAll(async () => {
    await server?.kill9();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the running server holds the folder: its pid and URL are in the lock', () => {
    expect(dataFolderHolder(dir)).toMatchObject({ pid: server!.pid, role: 'server', url: 'http://127.0.0.1:18380' });
  });

  it('`npm run ops` without --server beside it acts through the server: the server sees the decision', async () => {
    const rider = await signInOverHttp(server!.url, '9876580301');
    const tx = await submittedPassOrder(server!.url, rider, '9876580301');
    const r = await runNode([path.join(REPO, 'scripts/ops.mjs'), 'verifications', 'approve', tx], env);
    expect(r.out).toContain(`A Sawari server (pid ${server!.pid}) holds ${dir}: acting through it at http://127.0.0.1:18380.`);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(`${tx}: PENDING (VERIFIED)`);
    // The server itself answers with the decision: the order is no longer waiting for an operator, and is VERIFIED.
    const pending = (await (await fetch(`${server!.url}/api/ops/verifications`, { headers: { authorization: 'Ops sawari-dev-ops' } })).json()) as {
      verifications: { transactionId: string }[];
    };
    expect(pending.verifications.map((v) => v.transactionId)).not.toContain(tx);
    const mine = (await (await fetch(`${server!.url}/api/passes/orders`, { headers: rider.headers })).json()) as {
      orders: { transactionId: string; verificationStatus: string }[];
    };
    expect(mine.orders.find((o) => o.transactionId === tx)).toMatchObject({ verificationStatus: 'VERIFIED' });
    // The second decision on the same order is refused by the server (not applied to a copy of the folder).
    const again = await runNode([path.join(REPO, 'scripts/ops.mjs'), 'verifications', 'reject', tx, '--reason', 'late'], env);
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/ILLEGAL_TRANSITION/);
  }, 300_000);

  it('import-gtfs beside it refuses, naming the server (pid, URL); the server keeps answering', async () => {
    const r = await runNode([compiledApi('cli/import-gtfs.js'), '--city', 'lockville', path.join(REPO, 'api/src/modules/transit/importer/fixtures/mini')], env);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`in use by a Sawari server (pid ${server!.pid}, http://127.0.0.1:18380)`);
    expect((await fetch(`${server!.url}/api/health`)).ok).toBe(true);
  }, 60_000);

  it('a second server on the same folder refuses to start, naming the first', async () => {
    let failed: Error | undefined;
    await spawnServer({ port: 18381, dataDir: dir, timeoutMs: 60_000 }).then(
      (s) => s.kill9(),
      (e: Error) => (failed = e),
    );
    expect(failed?.message).toContain('the server exited before answering');
    expect(failed?.message).toContain(
      `Sawari failed to start: The data folder ${dir} is in use by a Sawari server (pid ${server!.pid}, http://127.0.0.1:18380)`,
    );
    expect(dataFolderHolder(dir)?.pid).toBe(server!.pid);
  }, 150_000);

  it('a server killed with -9 leaves a stale lock that the next server takes over; a graceful stop releases it', async () => {
    const old = server!.pid;
    await server!.kill9();
    expect(readLock(dir).pid).toBe(old);
    expect(dataFolderHolder(dir)).toBeNull();
    server = await spawnServer({ port: 18382, dataDir: dir, timeoutMs: 150_000 });
    expect(dataFolderHolder(dir)).toMatchObject({ pid: server.pid, url: 'http://127.0.0.1:18382' });
    expect(await server.stop()).toBe(0);
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    server = undefined;
    // Nobody holds it now: the command opens the folder itself (and holds it meanwhile).
    const r = await runNode([path.join(REPO, 'scripts/ops.mjs'), 'verifications', 'list'], env);
    expect(r.code).toBe(0);
    expect(r.out).not.toContain('acting through');
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  }, 400_000);
});
