// Files on the shared engine, as deployed: two real server processes with separate data folders on one PostgreSQL
// database. A photo and a pass proof uploaded through one are read through the other: same bytes, same headers, same
// access checks; nothing is written to either instance's disk. A third instance started on a data folder that still
// holds files on disk moves them into the database at start, once. PostgreSQL only (PGlite keeps files beside its data).
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb, type Db } from '../../platform/db';
import { multipartFile, signInOverHttp, spawnServer, submittedPassOrder, type SpawnedServer } from '../../cli/spawned-server.testing';
import { FILE_CHUNK_BYTES } from './database-storage';
import { DiskFileStorage } from './storage';

const base = process.env.TEST_DATABASE_URL;
const suite = base ? describe : describe.skip;
if (!base) console.log('two-instances.test: skipped on PGlite (files live in the database only with DATABASE_URL)');

const png = (size: number) => {
  const head = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([head, randomBytes(size - head.length)]);
};

suite('files through one instance, read through another (two processes, one PostgreSQL)', () => {
  const dbName = `sawari_files_${process.pid}_${randomBytes(3).toString('hex')}`;
  const url = base ? base.replace(/\/[^/?]*(\?.*)?$/, `/${dbName}$1`) : '';
  const dirs: string[] = [];
  let admin: Db;
  let db: Db;
  let a: SpawnedServer;
  let b: SpawnedServer;
  beforeAll(async () => {
    for (let i = 0; i < 3; i += 1) dirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'sawari-files-inst-')));
    admin = await openDb({ dataDir: 'memory://', databaseUrl: base }, { max: 1 });
    await admin.query(`CREATE DATABASE ${dbName}`);
    a = await spawnServer({ port: 18383, dataDir: dirs[0], env: { DATABASE_URL: url }, timeoutMs: 150_000 });
    b = await spawnServer({ port: 18384, dataDir: dirs[1], env: { DATABASE_URL: url }, timeoutMs: 150_000 });
    db = await openDb({ dataDir: 'memory://', databaseUrl: url }, { max: 2 });
  }, 330_000);
  afterAll(async () => {
    await Promise.all([a?.kill9(), b?.kill9()]);
    await db?.close();
    await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin?.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  const get = async (server: SpawnedServer, link: string, headers: Record<string, string> = {}) => {
    const r = await fetch(`${server.url}${link}`, { headers });
    return { status: r.status, headers: r.headers, body: Buffer.from(await r.arrayBuffer()) };
  };
  const sameHeaders = (x: Headers, y: Headers) =>
    expect(['content-type', 'content-length', 'cache-control'].map((h) => y.get(h))).toEqual(
      ['content-type', 'content-length', 'cache-control'].map((h) => x.get(h)),
    );

  it('a profile photo of 1 MB (four chunks) uploaded through A is served by B: same bytes and headers; bad or expired links refused alike', async () => {
    const rider = await signInOverHttp(a.url, '9876580401');
    const created = await fetch(`${a.url}/api/profile`, {
      method: 'POST',
      headers: { ...rider.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Asha', lastName: 'Rao' }),
    });
    expect(created.status).toBe(201);
    const photo = png(4 * FILE_CHUNK_BYTES - 10);
    const m = multipartFile(photo, 'image/png');
    const up = await fetch(`${a.url}/api/files/profile-image`, {
      method: 'POST',
      headers: { ...rider.headers, 'content-type': m.contentType },
      body: new Uint8Array(m.body),
    });
    expect(up.status).toBe(200);
    const linkFromA = ((await up.json()) as { profilePhoto: string }).profilePhoto;
    // B signs its own link for the rider's photo (the signing key is the deployment's, kept in the database).
    const profile = (await (await fetch(`${b.url}/api/profile`, { headers: rider.headers })).json()) as { profilePhoto?: string | null };
    const linkFromB = profile.profilePhoto!;
    expect(linkFromB).toMatch(/^\/api\/files\/[0-9a-f-]{36}\?exp=\d+&sig=/);
    const viaA = await get(a, linkFromA);
    const viaB = await get(b, linkFromA);
    const viaBOwn = await get(b, linkFromB);
    for (const r of [viaA, viaB, viaBOwn]) {
      expect(r.status).toBe(200);
      expect(r.body.equals(photo)).toBe(true);
    }
    expect(viaB.headers.get('content-type')).toBe('image/png');
    expect(viaB.headers.get('content-length')).toBe(String(photo.length));
    sameHeaders(viaA.headers, viaB.headers);
    const id = /\/api\/files\/([0-9a-f-]{36})/.exec(linkFromA)![1];
    const chunks = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM file_chunks WHERE file_id = $1', [id]);
    expect(chunks.rows[0].n).toBe(4);
    // Access checks are the same on both: a changed signature is 403 FILE_LINK_INVALID, an expired link 403 FILE_LINK_EXPIRED.
    const forged = linkFromA.replace(/sig=./, (s) => (s.endsWith('0') ? 'sig=1' : 'sig=0'));
    for (const server of [a, b]) {
      const bad = await get(server, forged);
      expect([bad.status, JSON.parse(bad.body.toString()).code]).toEqual([403, 'FILE_LINK_INVALID']);
      const expired = await get(server, `/api/files/${id}?exp=1000&sig=abc`);
      expect(expired.status).toBe(403);
      const missing = await get(server, `/api/files/${randomUUID()}?exp=1000&sig=abc`);
      expect(missing.status).toBe(403);
    }
    // Nothing went to either instance's disk.
    expect(fs.existsSync(path.join(dirs[0], 'files'))).toBe(false);
    expect(fs.existsSync(path.join(dirs[1], 'files'))).toBe(false);
  }, 60_000);

  it('pass proofs uploaded through A are what an operator reads through B (ops key required on both)', async () => {
    const rider = await signInOverHttp(a.url, '9876580402');
    const tx = await submittedPassOrder(a.url, rider, '9876580402');
    const ops = { authorization: 'Ops sawari-dev-ops' };
    const pending = (await (await fetch(`${b.url}/api/ops/verifications`, { headers: ops })).json()) as {
      verifications: { transactionId: string; proofs: { kind: string; fileId: string }[] }[];
    };
    const proofs = pending.verifications.find((v) => v.transactionId === tx)!.proofs;
    expect(proofs).toHaveLength(2);
    for (const p of proofs) {
      const viaA = await get(a, `/api/ops/verifications/${tx}/proofs/${p.fileId}`, ops);
      const viaB = await get(b, `/api/ops/verifications/${tx}/proofs/${p.fileId}`, ops);
      expect(viaA.status).toBe(200);
      expect(viaB.status).toBe(200);
      expect(viaB.body.equals(viaA.body)).toBe(true);
      expect(viaB.headers.get('x-proof-kind')).toBe(p.kind);
      sameHeaders(viaA.headers, viaB.headers);
      expect((await get(b, `/api/ops/verifications/${tx}/proofs/${p.fileId}`)).status).toBe(401);
    }
  }, 60_000);

  it('an instance started on a folder with files on disk moves them into the database once; the others serve them', async () => {
    const rider = await signInOverHttp(a.url, '9876580403');
    const id = randomUUID();
    const data = png(FILE_CHUNK_BYTES + 1234);
    await db.query('INSERT INTO files (id, user_id, purpose, content_type, size_bytes, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
      id,
      rider.userId,
      'pass-proof',
      'image/png',
      data.length,
      Date.now(),
    ]);
    await new DiskFileStorage(path.join(dirs[2], 'files')).put(id, data);
    const c = await spawnServer({ port: 18385, dataDir: dirs[2], env: { DATABASE_URL: url, LOG_LEVEL: 'info' } });
    try {
      expect(c.output()).toContain('uploaded files moved from disk into the database');
      expect(fs.existsSync(path.join(dirs[2], 'files'))).toBe(false);
      expect(fs.existsSync(path.join(dirs[2], 'files.moved-to-database', id.slice(0, 2), id))).toBe(true);
    } finally {
      expect(await c.stop()).toBe(0);
    }
    const stored = await db.query<{ data: Buffer }>('SELECT data FROM file_chunks WHERE file_id = $1 ORDER BY seq', [id]);
    expect(Buffer.concat(stored.rows.map((r) => r.data)).equals(data)).toBe(true);
    // Started again: nothing left to move, nothing logged.
    const again = await spawnServer({ port: 18385, dataDir: dirs[2], env: { DATABASE_URL: url, LOG_LEVEL: 'info' } });
    expect(again.output()).not.toContain('moved from disk');
    await again.stop();
  }, 330_000);
});
