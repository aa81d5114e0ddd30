import { favouriteSchema, favouritesResponseSchema } from '@sawari/contracts';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { expectError, signIn, TestClock, type Session } from '../../testing/accounts';

describe(`favourites ${dbLabel()}`, () => {
  const clock = new TestClock();
  let s: TestServer;
  let a: Session;
  let b: Session;
  beforeAll(async () => {
    s = await startTestServer({ seed: false, now: clock.now });
    a = await signIn(s.app, s.db, '9876560001');
    b = await signIn(s.app, s.db, '9876560002');
  }, 120_000);
  afterAll(() => s?.cleanup());

  const save = (who: Session, body: object) => s.app.inject({ method: 'POST', url: '/api/favourites', headers: who.headers, payload: body });
  const list = (who: Session, q?: string) =>
    s.app.inject({ url: `/api/favourites${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`, headers: who.headers });
  const stop = { kind: 'stop', city: 'mumbai', refId: 'T1-BAY', label: 'Airport T1 bus bay', detail: 'Chhatrapati Shivaji Maharaj Intl T1' };

  it('saves once per (kind, city, refId): 201 then 200 with the same id and refreshed label', async () => {
    const first = await save(a, stop);
    expect(first.statusCode).toBe(201);
    const fav = favouriteSchema.parse(first.json());
    expect(fav).toEqual({ ...stop, id: expect.any(String), createdAt: clock.t });
    const again = await save(a, { ...stop, label: 'T1 bay' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...fav, label: 'T1 bay' });
    expect(favouritesResponseSchema.parse((await list(a)).json()).favourites).toHaveLength(1);
    // Another city or kind is another favourite; another rider has their own list.
    expect((await save(a, { ...stop, city: 'kochi' })).statusCode).toBe(201);
    expect((await save(b, stop)).statusCode).toBe(201);
    expect((await list(a)).json().favourites).toHaveLength(2);
    expect((await list(b)).json().favourites).toHaveLength(1);
  });

  it('searches label and detail case-insensitively, treating % and _ as text', async () => {
    clock.advance(1000);
    await save(a, { kind: 'route', city: 'mumbai', refId: 'AE-T1-THN', label: 'Airport Express to Thane', detail: '' });
    const labels = async (q: string) => ((await list(a, q)).json().favourites as { label: string }[]).map((f) => f.label).sort();
    expect(await labels('THANE')).toEqual(['Airport Express to Thane']);
    expect(await labels('shivaji')).toEqual(['Airport T1 bus bay', 'T1 bay']);
    expect(await labels('airport')).toEqual(['Airport Express to Thane', 'Airport T1 bus bay']);
    expect(((await list(a)).json().favourites as { label: string }[])[0].label).toBe('Airport Express to Thane'); // newest first
    expect(await labels('%')).toEqual([]);
    expect(await labels('')).toHaveLength(3);
  });

  it('deletes only the rider’s own favourite: 204, then 404 for a repeat or someone else’s', async () => {
    const bFav = (await list(b)).json().favourites[0] as { id: string };
    expectError(await s.app.inject({ method: 'DELETE', url: `/api/favourites/${bFav.id}`, headers: a.headers }), 404, 'FAVOURITE_NOT_FOUND');
    expect((await list(b)).json().favourites).toHaveLength(1);
    expect((await s.app.inject({ method: 'DELETE', url: `/api/favourites/${bFav.id}`, headers: b.headers })).statusCode).toBe(204);
    expectError(await s.app.inject({ method: 'DELETE', url: `/api/favourites/${bFav.id}`, headers: b.headers }), 404, 'FAVOURITE_NOT_FOUND');
  });

  it('rejects bad input and requests without sign-in', async () => {
    expectError(await save(a, { ...stop, kind: 'bus' }), 400, 'VALIDATION_FAILED', /kind/);
    expectError(await save(a, { ...stop, label: '   ' }), 400, 'VALIDATION_FAILED', /label/);
    expectError(await save(a, { ...stop, refId: '' }), 400, 'VALIDATION_FAILED', /refId/);
    expectError(await s.app.inject({ url: '/api/favourites' }), 401, 'UNAUTHENTICATED');
  });
});
