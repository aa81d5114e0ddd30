// The demo feed is imported again when the project's copy changed since a data folder imported it (an old .data
// folder after a pull), and not otherwise.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_DATA_DIR, feedFingerprint, readBoardsFile, seedDemoData } from './seed';
import { dbLabel, openTestDb, type TestDb } from './testing/test-db';

function copyDir(from: string, to: string): void {
  fs.cpSync(from, to, { recursive: true });
}

describe(`demo data seed ${dbLabel()}`, () => {
  let t: TestDb;
  let dataDir: string;
  beforeAll(async () => {
    t = await openTestDb();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sawari-seed-'));
    copyDir(DEMO_DATA_DIR, dataDir);
  });
  afterAll(async () => {
    await t.cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const routes = async () =>
    (await t.db.query<{ route_id: string }>('SELECT r.route_id FROM routes r JOIN feeds f ON f.id = r.feed_id AND f.is_current ORDER BY 1')).rows.map(
      (r) => r.route_id,
    );

  it('imports the demo feed once, and again only when its files changed', async () => {
    const first = await seedDemoData(t.db, dataDir);
    expect(first).not.toBeNull();
    const before = await routes();
    expect(before.length).toBeGreaterThan(0);
    const source = (await t.db.query<{ source: string }>('SELECT source FROM feeds WHERE is_current')).rows[0].source;
    expect(source).toMatch(/#sha256=[0-9a-f]{16}$/);

    // Unchanged: nothing imported, same feed.
    expect(await seedDemoData(t.db, dataDir)).toBeNull();

    // The project's feed gains a route (as AE5–AE8 arrived): the next start serves it.
    const feedDir = readBoardsFile(dataDir).feedPath;
    const routesFile = path.join(feedDir, 'routes.txt');
    const lines = fs.readFileSync(routesFile, 'utf8').trimEnd().split('\n');
    const cols = lines[1].split(',');
    cols[0] = 'AE-TEST';
    fs.writeFileSync(routesFile, [...lines, cols.join(',')].join('\n') + '\n');
    const again = await seedDemoData(t.db, dataDir);
    expect(again?.replacedFeedIds).toEqual([first!.feedId]);
    expect(await routes()).toEqual([...before, 'AE-TEST'].sort());
    expect(await seedDemoData(t.db, dataDir)).toBeNull();
    expect((await t.db.query('SELECT 1 FROM feeds')).rows).toHaveLength(1);
  });

  it('fingerprints names and bytes: a changed byte or a renamed file changes it; other files do not', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sawari-fp-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.txt'), 'x');
      fs.writeFileSync(path.join(dir, 'README.md'), 'notes');
      const one = feedFingerprint(dir);
      expect(one).toMatch(/^sha256=[0-9a-f]{16}$/);
      fs.writeFileSync(path.join(dir, 'README.md'), 'other notes');
      expect(feedFingerprint(dir)).toBe(one);
      fs.writeFileSync(path.join(dir, 'a.txt'), 'y');
      expect(feedFingerprint(dir)).not.toBe(one);
      fs.renameSync(path.join(dir, 'a.txt'), path.join(dir, 'b.txt'));
      const renamed = feedFingerprint(dir);
      fs.writeFileSync(path.join(dir, 'b.txt'), 'x');
      expect(feedFingerprint(dir)).not.toBe(one);
      expect(renamed).not.toBe(feedFingerprint(dir));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
