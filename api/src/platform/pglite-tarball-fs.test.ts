import { gzipSync } from 'node:zlib';
import { openInMemoryPGliteUnderJest } from '../testing/test-db';
import type { Db } from './db';
import { readTarball } from './pglite-tarball-fs';

// The loader that copies a data-folder tarball into an in-memory PGlite (openDb with loadDataDir): what Postgres finds
// is the database that was dumped, each copy is its own, and a damaged tarball is refused before Postgres starts.
describe('a PGlite data folder copied from a tarball', () => {
  let source: Db;
  let tarball: Uint8Array<ArrayBuffer>;

  beforeAll(async () => {
    source = await openInMemoryPGliteUnderJest();
    await source.query(`CREATE TABLE stop (id text PRIMARY KEY, name text NOT NULL, at timestamptz, tags jsonb)`);
    await source.query(`CREATE INDEX stop_name ON stop (name)`);
    await source.query(
      `INSERT INTO stop SELECT 'S' || g, 'Stop ' || g || ' ' || repeat('ക', g % 7), now(), jsonb_build_object('g', g) FROM generate_series(1, 5000) g`,
    );
    tarball = new Uint8Array(await (await source.dumpDataDir!('none')).arrayBuffer());
  });
  afterAll(() => source.close());

  const contents = (db: Db) =>
    db.query<{ n: number; names: string }>(`SELECT count(*)::int AS n, md5(string_agg(id || name || tags::text, ',' ORDER BY id)) AS names FROM stop`);

  it('holds the rows, the index and the data as dumped', async () => {
    const copy = await openInMemoryPGliteUnderJest(new Blob([tarball]));
    try {
      expect((await contents(copy)).rows).toEqual((await contents(source)).rows);
      expect((await copy.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = 'stop_name'`)).rows[0].n).toBe(1);
      const plan = await copy.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT id FROM stop WHERE name = 'Stop 42'`);
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/stop_name/);
    } finally {
      await copy.close();
    }
  });

  it('gives each copy its own data: one copy written to leaves the tarball and the other copy as they were', async () => {
    const a = await openInMemoryPGliteUnderJest(new Blob([tarball]));
    const b = await openInMemoryPGliteUnderJest(new Blob([tarball]));
    try {
      await a.query(`DELETE FROM stop WHERE id <> 'S1'`);
      await a.query(`INSERT INTO stop (id, name) VALUES ('NEW', 'new stop')`);
      expect((await a.query<{ n: number }>(`SELECT count(*)::int AS n FROM stop`)).rows[0].n).toBe(2);
      expect((await b.query<{ n: number }>(`SELECT count(*)::int AS n FROM stop`)).rows[0].n).toBe(5000);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    const c = await openInMemoryPGliteUnderJest(new Blob([tarball]));
    try {
      expect((await contents(c)).rows).toEqual((await contents(source)).rows);
    } finally {
      await c.close();
    }
  });

  it('reads a gzipped tarball (a backup) the same way', async () => {
    const copy = await openInMemoryPGliteUnderJest(new Blob([new Uint8Array(gzipSync(tarball))]));
    try {
      expect((await contents(copy)).rows).toEqual((await contents(source)).rows);
    } finally {
      await copy.close();
    }
  });

  it('refuses a truncated tarball and one that is not a data folder, before Postgres starts', async () => {
    expect(() => readTarball(tarball.subarray(0, 200_000))).toThrow(/truncated/);
    const members = readTarball(tarball);
    expect(members.find((m) => m.name === '/PG_VERSION')?.data.length).toBeGreaterThan(0);
    expect(members.filter((m) => m.directory).map((m) => m.name)).toContain('/base');
    await expect(openInMemoryPGliteUnderJest(new Blob([new Uint8Array(4096)]))).rejects.toThrow(/no PG_VERSION/);
  });
});
