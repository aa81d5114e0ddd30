import { dbLabel, openTestDb, type TestDb } from '../testing/test-db';
import { RateLimiter } from './rate-limit';

const HOUR = 3_600_000;

describe(`RateLimiter: a rolling window ${dbLabel()}`, () => {
  let t: TestDb;
  let now = Date.UTC(2026, 10, 27, 10, 58);
  const limiter = () => new RateLimiter(t.db, () => now);
  beforeAll(async () => {
    t = await openTestDb();
  });
  afterAll(() => t?.cleanup());

  it('allows `limit` hits in any window, whatever the clock hour', async () => {
    const rule = { bucket: 'b:rolling', limit: 3, windowMs: HOUR };
    const l = limiter();
    const at = now;
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push((await l.hit(rule)).allowed);
      now += 60_000; // 10:58 ... 11:03
    }
    expect(answers).toEqual([true, true, true, false, false, false]);
    now = at + HOUR - 1;
    expect(await l.hit(rule)).toEqual({ allowed: false, retryAfterSecs: 1 });
    now = at + HOUR; // the first hit leaves the window: one slot
    expect(await l.hit(rule)).toEqual({ allowed: true });
    expect(await l.hit(rule)).toEqual({ allowed: false, retryAfterSecs: 60 });
  });

  it('20 parallel hits on one bucket, from two instances, allow exactly the limit', async () => {
    const rule = { bucket: 'b:parallel', limit: 5, windowMs: HOUR };
    const a = limiter();
    const b = new RateLimiter(await t.openAnother(), () => now);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).hit(rule)));
    expect(answers.filter((r) => r.allowed)).toHaveLength(5);
    const row = await t.db.query<{ n: number }>('SELECT cardinality(hits) AS n FROM rate_limit_hits WHERE bucket = $1', [rule.bucket]);
    expect(row.rows).toEqual([{ n: 5 }]);
  });

  it('keeps buckets apart, and a limit of 0 allows nothing', async () => {
    const l = limiter();
    expect((await l.hit({ bucket: 'b:zero', limit: 0, windowMs: HOUR })).allowed).toBe(false);
    expect((await l.hit({ bucket: 'b:one', limit: 1, windowMs: HOUR })).allowed).toBe(true);
    expect((await l.hit({ bucket: 'b:one', limit: 1, windowMs: HOUR })).allowed).toBe(false);
    expect((await l.hit({ bucket: 'b:two', limit: 1, windowMs: HOUR })).allowed).toBe(true);
  });
});
