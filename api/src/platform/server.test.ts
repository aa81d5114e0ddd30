import { dbLabel } from '../testing/test-db';
import { startTestServer, type TestServer } from '../testing/test-server';
import { migrate, readMigrations } from './migrate';
import { API_SECURITY_HEADERS } from './server';

describe(`server platform ${dbLabel()}`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seed: false });
    s.app.get('/api/test/boom', async () => {
      throw new Error('secret: connection string postgres://admin:hunter2@db');
    });
  }, 120_000);
  afterAll(() => s?.cleanup());

  it('answers health with the database kind, and security headers and no-store on every API answer', async () => {
    const r = await s.app.inject({ url: '/api/health' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 'ok', db: s.kind });
    expect(r.headers).toMatchObject(API_SECURITY_HEADERS);
    expect(r.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('404 NOT_FOUND as JSON for an unknown route, with the security headers', async () => {
    const r = await s.app.inject({ method: 'DELETE', url: '/api/nothing/here?x=1' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ code: 'NOT_FOUND', message: 'Nothing is served at DELETE /api/nothing/here.' });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it('500 INTERNAL without internals for an unexpected error', async () => {
    const r = await s.app.inject({ url: '/api/test/boom' });
    expect(r.statusCode).toBe(500);
    expect(r.json()).toEqual({ code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
    expect(r.body).not.toContain('hunter2');
  });

  it('serves no web app when static serving is off', async () => {
    expect((await s.app.inject({ url: '/app/' })).statusCode).toBe(404);
  });

  it('migrations are recorded and applying them again changes nothing', async () => {
    const before = (await s.db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')).rows;
    expect(before.map((r) => r.version)).toEqual(readMigrations().map((m) => m.version));
    expect(before.length).toBeGreaterThanOrEqual(6);
    expect(await migrate(s.db)).toEqual([]);
  });

  it('rolls back a failed transaction and keeps concurrent queries out of it', async () => {
    await s.db.exec('CREATE TABLE tx_probe (n integer)');
    const failing = s.db.transaction(async (tx) => {
      await tx.query('INSERT INTO tx_probe VALUES (1)');
      await new Promise((r) => setTimeout(r, 30));
      throw new Error('undo');
    });
    const outside = s.db.query('INSERT INTO tx_probe VALUES (2)');
    await expect(failing).rejects.toThrow('undo');
    await outside;
    expect((await s.db.query('SELECT n FROM tx_probe')).rows).toEqual([{ n: 2 }]);
  });
});
