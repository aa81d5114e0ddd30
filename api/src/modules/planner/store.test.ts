import path from 'node:path';
import { openTestDb, dbLabel, type TestDb } from '../../testing/test-db';
import { importGtfs } from '../transit/importer/import';
import { PlannerStore, readInPages } from './store';

const MINI = path.resolve(__dirname, '../transit/importer/fixtures/mini');

type Link = { from_stop_id: string; to_stop_id: string; min_transfer_time: number | null; generated: boolean };
const key = (l: Link) => `${l.from_stop_id}>${l.to_stop_id}:${l.min_transfer_time}:${l.generated}`;

describe(`PlannerStore reads in pages ${dbLabel()}`, () => {
  let t: TestDb;
  let feedId: number;
  beforeAll(async () => {
    t = await openTestDb();
    feedId = (await importGtfs(t.db, MINI, { cityId: 'testville' })).feedId;
    // Walking links of every shape a page boundary can meet: A has six (more than a small page), two of them the same
    // pair (a feed may repeat one), B one, C none, D three; one not possible (transfer_type 3, never read).
    const links: [string, string, number, number | null][] = [
      ['A', 'B', 2, 60],
      ['A', 'C', 2, 120],
      ['A', 'D', 2, 180],
      ['A', 'D', 2, 180],
      ['A', 'B', 1, null],
      ['A', 'C', 0, 30],
      ['C', 'A', 3, null],
      ['D', 'A', 2, 200],
      ['D', 'B', 2, 150],
      ['D', 'C', 2, 90],
    ];
    for (const [from, to, type, secs] of links)
      await t.db.query('INSERT INTO transfers (feed_id, from_stop_id, to_stop_id, transfer_type, min_transfer_time) VALUES ($1, $2, $3, $4, $5)', [
        feedId,
        from,
        to,
        type,
        secs,
      ]);
  }, 60_000);
  afterAll(() => t?.cleanup());

  const TRANSFERS =
    'SELECT from_stop_id, to_stop_id, min_transfer_time, generated FROM transfers WHERE feed_id = $1 AND transfer_type <> 3 {after} ORDER BY from_stop_id';

  it('reads the same walking links in pages of any size as in one read, none lost or doubled at a page boundary', async () => {
    const one = await readInPages<Link>(t.db, TRANSFERS, [feedId], { column: 'from_stop_id', key: 'from_stop_id', unique: false, pageRows: 1_000 });
    expect(one).toHaveLength(10); // the mini feed's own B>D and nine of the ten above
    const expected = one.map(key).sort();
    for (const pageRows of [1, 2, 3, 4, 5, 6, 7, 9, 10, 11]) {
      const paged = await readInPages<Link>(t.db, TRANSFERS, [feedId], { column: 'from_stop_id', key: 'from_stop_id', unique: false, pageRows });
      expect(paged.map(key).sort()).toEqual(expected);
      // A stop's links stay together, in stop order.
      const froms = paged.map((l) => l.from_stop_id);
      expect(froms).toEqual([...froms].sort());
    }
  });

  it('asks each page for at most pageRows rows, after the last whole key of the page before; a key bigger than a page is read on its own', async () => {
    const query = jest.spyOn(t.db, 'query');
    try {
      await readInPages<Link>(t.db, TRANSFERS, [feedId], { column: 'from_stop_id', key: 'from_stop_id', unique: false, pageRows: 4 });
      const calls = query.mock.calls.map(([sql, params]) => ({ sql: sql as string, params: params as unknown[] }));
      // Page 1: A's six links fill it (4 rows, all A): A is read on its own; then the rest after A: B, D, D, D (full:
      // D held back, next page after B); then D's three (fewer than 4: the end).
      expect(calls.map((c) => c.params.slice(1))).toEqual([[4], ['A'], ['A', 4], ['B', 4]]);
      expect(calls[1].sql).toMatch(/from_stop_id = \$2/);
      expect(calls[1].sql).not.toMatch(/LIMIT/);
      for (const c of [calls[0], calls[2], calls[3]]) expect(c.sql).toMatch(/LIMIT \$\d+$/);
    } finally {
      query.mockRestore();
    }
  });

  it('gives the same rows for a service day whatever the page sizes (stops, routes, trips, stop times, frequencies, links)', async () => {
    const whole = await new PlannerStore(t.db, { pageTrips: 1_000_000, pageRows: 1_000_000 }).rows(feedId, '20260115');
    expect(whole.trips.length).toBeGreaterThan(2);
    expect(whole.stops).toHaveLength(4);
    for (const pageRows of [1, 2, 3]) {
      const paged = await new PlannerStore(t.db, { pageTrips: pageRows, pageRows }).rows(feedId, '20260115');
      expect({ ...paged, transfers: paged.transfers.map(key).sort() }).toEqual({ ...whole, transfers: whole.transfers.map(key).sort() });
    }
  });
});
