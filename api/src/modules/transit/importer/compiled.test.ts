import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compiledApi } from '../../../testing/compiled-api';

// The server and the CLI run compiled (api/build.mjs → api/dist, plain node, no tsx): a big feed's reader thread must
// start from api/dist/modules/transit/importer/reader-worker.js there. This builds the API and imports, in a plain node
// child, a feed of more than 2 MB (the mini feed with 90,000 more shape points), which is read on the worker.
// One run is enough: skipped in the PostgreSQL pass of the suite (the compiled code is the same).
const repo = path.resolve(__dirname, '../../../../..');
const MINI = path.join(__dirname, 'fixtures', 'mini');
const suite = process.env.TEST_DATABASE_URL ? describe.skip : describe;

suite('the compiled importer (api/dist, plain node)', () => {
  let dir = '';
  beforeAll(() => {
    compiledApi('app/main.js'); // built (incrementally, under the tests' build lock)
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gtfs-compiled-'));
    for (const f of fs.readdirSync(MINI)) fs.copyFileSync(path.join(MINI, f), path.join(dir, f));
    const points = Array.from({ length: 90_000 }, (_, i) => `BIG,19.${String(i).padStart(5, '0')},72.8123456,${i + 1}\n`).join('');
    fs.appendFileSync(path.join(dir, 'shapes.txt'), points);
  }, 120_000);
  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads a big feed on its worker thread from api/dist and writes every row', () => {
    expect(fs.statSync(path.join(dir, 'shapes.txt')).size).toBeGreaterThan(2 * 1024 * 1024);
    const dist = path.join(repo, 'api/dist');
    const script = `
      const { openDb } = require(${JSON.stringify(path.join(dist, 'platform/db.js'))});
      const { migrate } = require(${JSON.stringify(path.join(dist, 'platform/migrate.js'))});
      const { importGtfs } = require(${JSON.stringify(path.join(dist, 'modules/transit/importer/import.js'))});
      (async () => {
        const db = await openDb({ dataDir: 'memory://', databaseUrl: '' });
        await migrate(db);
        const r = await importGtfs(db, ${JSON.stringify(dir)}, { cityId: 'compiledville' });
        const n = await db.query('SELECT count(*)::int AS n FROM shapes WHERE feed_id = $1', [r.feedId]);
        console.log(JSON.stringify({ readIn: r.readIn, rows: r.rows, shapes: n.rows[0].n }));
        await db.close();
      })().catch((err) => { console.error(err); process.exit(1); });`;
    const out = execFileSync(process.execPath, ['-e', script], { cwd: repo, encoding: 'utf8', env: { PATH: process.env.PATH } });
    const r = JSON.parse(out.trim().split('\n').at(-1)!);
    expect(r.readIn).toBe('worker');
    expect(r.rows).toMatchObject({ agency: 1, stops: 4, shapes: 90_003, stop_times: 13 });
    expect(r.shapes).toBe(90_003);
  }, 120_000);
});
