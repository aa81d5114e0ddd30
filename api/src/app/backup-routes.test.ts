// GET /api/ops/backup/pglite-data: only with an operator key (401 {code, message} otherwise); on PGlite the data folder
// as a gzipped tarball that PGlite loads back (the backup through a running server, api/src/cli/backup.ts); on
// PostgreSQL 409 (pg_dump is the way there).
import { openDb } from '../platform/db';
import { dbLabel } from '../testing/test-db';
import { startTestServer, type TestServer } from '../testing/test-server';

describe(`the backup route ${dbLabel()}`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seed: false });
  }, 60_000);
  afterAll(() => s?.cleanup());
  const url = '/api/ops/backup/pglite-data';

  it('refuses without an operator key, or with a wrong one', async () => {
    for (const headers of [{}, { authorization: 'Ops not-a-key' }, { authorization: 'Validator sawari-dev-validator' }]) {
      const r = await s.app.inject({ url, headers });
      expect(r.statusCode).toBe(401);
      expect(r.json()).toMatchObject({ code: 'OPS_UNAUTHENTICATED', message: expect.any(String) });
    }
  });

  it('answers the database as a tarball PGlite loads back (PGlite), or 409 on PostgreSQL', async () => {
    await s.db.query("INSERT INTO schema_migrations (version, name) VALUES (9999, '9999_backup_route_marker.sql')");
    const r = await s.app.inject({ url, headers: { authorization: 'Ops sawari-dev-ops' } });
    if (s.kind === 'postgres') {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ code: 'BACKUP_NOT_PGLITE' });
      return;
    }
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/gzip');
    expect(Number(r.headers['content-length'])).toBe(r.rawPayload.length);
    expect([...r.rawPayload.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    const proc = process as unknown as { type?: string };
    proc.type = 'renderer'; // PGlite's loader under jest (see testing/test-db.ts)
    const copy = await openDb({ dataDir: 'memory://' }, { loadDataDir: new Blob([new Uint8Array(r.rawPayload)]) }).finally(() => delete proc.type);
    try {
      const marker = await copy.query<{ name: string }>('SELECT name FROM schema_migrations WHERE version = 9999');
      expect(marker.rows).toEqual([{ name: '9999_backup_route_marker.sql' }]);
    } finally {
      await copy.close();
    }
  }, 60_000);
});
