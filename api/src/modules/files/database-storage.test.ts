// Files on the shared engine (docs/operations.md "Files"): the database storage's chunks (both databases: the table is
// there on PGlite too), and the one-time move of files kept on disk into the database at start (PostgreSQL only; on
// PGlite files stay beside its data and nothing moves).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dbLabel, openTestDb, type TestDb } from '../../testing/test-db';
import { DatabaseFileStorage, FILE_CHUNK_BYTES, moveDiskFilesIntoDatabase } from './database-storage';
import { createFileStorage, DiskFileStorage, MemoryFileStorage } from './storage';

const bytes = (n: number, seed = 1) => {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i += 1) b[i] = (i * 31 + seed) & 255;
  return b;
};
const readAll = async (s: NodeJS.ReadableStream) => {
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(Buffer.from(c as Buffer));
  return Buffer.concat(parts);
};

describe(`files in the database ${dbLabel()}`, () => {
  let t: TestDb;
  const user = `u-${randomUUID()}`;
  const fileRow = async (id: string, size: number) =>
    t.db.query('INSERT INTO files (id, user_id, purpose, content_type, size_bytes, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
      id,
      user,
      'pass-proof',
      'image/png',
      size,
      Date.now(),
    ]);
  beforeAll(async () => {
    t = await openTestDb();
    await t.db.query('INSERT INTO users (id, phone_number, country_code, created_at) VALUES ($1, $2, $3, $4)', [
      user,
      `98${String(Date.now()).slice(-8)}`,
      '+91',
      Date.now(),
    ]);
  });
  afterAll(() => t?.cleanup());

  it('chunks of 256 KB: exact boundaries, one byte over, an empty file; read whole and streamed, byte for byte', async () => {
    const storage = new DatabaseFileStorage(t.db);
    for (const size of [0, 1, FILE_CHUNK_BYTES - 1, FILE_CHUNK_BYTES, FILE_CHUNK_BYTES + 1, 3 * FILE_CHUNK_BYTES + 7]) {
      const id = randomUUID();
      await fileRow(id, size);
      const data = bytes(size, size);
      await storage.put(id, data);
      const rows = await t.db.query<{ n: number; biggest: number }>(
        'SELECT count(*)::int AS n, max(length(data))::int AS biggest FROM file_chunks WHERE file_id = $1',
        [id],
      );
      expect(rows.rows[0].n).toBe(Math.max(1, Math.ceil(size / FILE_CHUNK_BYTES)));
      expect(rows.rows[0].biggest).toBeLessThanOrEqual(FILE_CHUNK_BYTES);
      expect((await storage.get(id))!.equals(data)).toBe(true);
      expect((await readAll((await storage.stream(id))!)).equals(data)).toBe(true);
    }
  }, 60_000);

  it('a second put replaces the bytes; delete and the files row deleting its chunks; an unknown id is null', async () => {
    const storage = new DatabaseFileStorage(t.db);
    const id = randomUUID();
    await fileRow(id, 10);
    await storage.put(id, bytes(FILE_CHUNK_BYTES * 2 + 5));
    await storage.put(id, bytes(10, 9));
    expect((await storage.get(id))!.equals(bytes(10, 9))).toBe(true);
    await t.db.query('DELETE FROM files WHERE id = $1', [id]);
    expect(await storage.get(id)).toBeNull();
    expect(await storage.stream(id)).toBeNull();
    const other = randomUUID();
    await fileRow(other, 3);
    await storage.put(other, bytes(3));
    await storage.delete(other);
    expect(await storage.get(other)).toBeNull();
    expect(await storage.get(randomUUID())).toBeNull();
  });

  it('20 concurrent puts of one id leave one whole copy', async () => {
    const storage = new DatabaseFileStorage(t.db);
    const id = randomUUID();
    await fileRow(id, FILE_CHUNK_BYTES * 3);
    const data = bytes(FILE_CHUNK_BYTES * 3);
    await Promise.all(Array.from({ length: 20 }, () => storage.put(id, data)));
    expect((await storage.get(id))!.equals(data)).toBe(true);
  }, 60_000);

  it('the configured storage: the database on PostgreSQL, else disk under DATA_DIR/files or memory', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sawari-files-'));
    expect(createFileStorage(dir, t.db)).toBeInstanceOf(t.kind === 'postgres' ? DatabaseFileStorage : DiskFileStorage);
    expect(createFileStorage('memory://', t.db)).toBeInstanceOf(t.kind === 'postgres' ? DatabaseFileStorage : MemoryFileStorage);
    expect(createFileStorage(dir)).toBeInstanceOf(DiskFileStorage);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the one-time move from disk at start: files with a row moved, others left, the folder renamed; idempotent', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sawari-files-move-'));
    const disk = new DiskFileStorage(path.join(dir, 'files'));
    const a = randomUUID();
    const b = randomUUID();
    const stray = randomUUID();
    await fileRow(a, FILE_CHUNK_BYTES + 100);
    await fileRow(b, 50);
    await disk.put(a, bytes(FILE_CHUNK_BYTES + 100, 3));
    await disk.put(b, bytes(50, 4));
    await disk.put(stray, bytes(7));
    const logged: object[] = [];
    const report = await moveDiskFilesIntoDatabase(dir, t.db, { info: (o) => logged.push(o) });
    if (t.kind !== 'postgres') {
      // PGlite keeps its files beside its data: nothing moves.
      expect(report).toBeNull();
      expect(fs.existsSync(path.join(dir, 'files', a.slice(0, 2), a))).toBe(true);
      fs.rmSync(dir, { recursive: true, force: true });
      return;
    }
    expect(report).toEqual({ moved: 2, alreadyThere: 0, withoutRow: 1 });
    expect(logged).toEqual([expect.objectContaining({ moved: 2, withoutRow: 1 })]);
    const storage = new DatabaseFileStorage(t.db);
    expect((await storage.get(a))!.equals(bytes(FILE_CHUNK_BYTES + 100, 3))).toBe(true);
    expect((await storage.get(b))!.equals(bytes(50, 4))).toBe(true);
    expect(await storage.get(stray)).toBeNull();
    expect(fs.existsSync(path.join(dir, 'files'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'files.moved-to-database', a.slice(0, 2), a))).toBe(true);
    // A second start finds nothing to move; a folder back with a file already moved (an interrupted earlier move) moves nothing twice.
    expect(await moveDiskFilesIntoDatabase(dir, t.db)).toBeNull();
    await disk.put(a, bytes(FILE_CHUNK_BYTES + 100, 3));
    expect(await moveDiskFilesIntoDatabase(dir, t.db)).toEqual({ moved: 0, alreadyThere: 1, withoutRow: 0 });
    expect((await storage.get(a))!.equals(bytes(FILE_CHUNK_BYTES + 100, 3))).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});
