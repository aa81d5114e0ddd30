// Renewal of every kind of pass a rider can hold (issue 35 item 1: renewing the free 3-day trial pass answered
// 500 INTERNAL). The class: a renewal was built from the first order's request body, which only a catalogue purchase
// has; a pass an offer issued (trial or welcome, ₹0) has none, and an offer-only fare (hidden, not on sale by itself)
// cannot be bought again. A renewal is now built from the pass itself, at the catalogue's price with no offer, and a
// pass whose fare is not on sale on its own reads isRenewable: false and is refused with words (409), never a 5xx.
import { myPassesResponseSchema, passOrderSchema } from '@sawari/contracts';
import { seedCityConfig } from '../../seed';
import { payThroughGateway, upi } from '../../testing/gateway-pay';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { expectError, signIn, TestClock, type Session } from '../../testing/accounts';
import { passOrderBody } from './testing';

describe(`renewing passes ${dbLabel()}`, () => {
  const clock = new TestClock(); // 2025-08-14 12:00 in India
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seed: false, now: clock.now, before: (t) => seedCityConfig(t.db) });
  }, 120_000);
  afterAll(() => s?.cleanup());

  let phone = 9876590100;
  const rider = () => signIn(s.app, s.db, String(++phone));
  const claim = (who: Session, city: string) => s.app.inject({ method: 'POST', url: '/api/offers/trial/claim', headers: who.headers, payload: { city } });
  const mine = async (who: Session) => myPassesResponseSchema.parse((await s.app.inject({ url: '/api/passes/mine', headers: who.headers })).json()).passes;
  const renew = (who: Session, passId: string, body: unknown = { passStartDate: '2025-08-20' }) =>
    s.app.inject({ method: 'POST', url: `/api/passes/${passId}/renew`, headers: who.headers, payload: body as object });
  const wallet = async (who: Session, city: string) =>
    (await s.app.inject({ url: `/api/tickets/wallet?city=${city}`, headers: who.headers })).json() as { items: { passId?: string; isRenewable: boolean }[] };

  it('the free 3-day trial pass (an offer-only fare): not renewable, and renewing it is 409 NOT_RENEWABLE with words, not a 500', async () => {
    const who = await rider();
    expect((await claim(who, 'kochi')).statusCode).toBe(201);
    const [trial] = await mine(who);
    expect(trial).toMatchObject({ configurationId: 'koc-general', fmId: 'koc-gen-3', numOfDays: 3, isRenewable: false });
    const r = await renew(who, trial.passId);
    expectError(r, 409, 'NOT_RENEWABLE', /trial|offer/i);
    const items = (await wallet(who, 'kochi')).items;
    expect(items.find((i) => i.passId === trial.passId)?.isRenewable).toBe(false);
  });

  it('the free 7-day welcome pass (a fare on sale): renewed at the catalogue price, the offer not used again', async () => {
    const who = await rider();
    expect((await claim(who, 'mumbai')).statusCode).toBe(201);
    const [welcome] = await mine(who);
    expect(welcome).toMatchObject({ configurationId: 'mum-general', fmId: 'mum-gen-7', isRenewable: true });
    const r = await renew(who, welcome.passId);
    expect(r.statusCode).toBe(201);
    const o = passOrderSchema.parse(r.json());
    expect(o).toMatchObject({ isRenew: true, status: 'PENDING', payableAmount: 35000, passId: null, freeWith: null, passStartDate: '2025-08-20' });
    expect(o.fareInfo.fareBreakup.map((l) => l.name)).toEqual(['Pass price', 'Discount']);
    // the same renewal again answers the same order (one unpaid renewal per pass)
    expect(passOrderSchema.parse((await renew(who, welcome.passId)).json()).transactionId).toBe(o.transactionId);
  });

  it('a pass bought with a bank offer, and one made free by the welcome offer at the order: renewed at the full price', async () => {
    const who = await rider();
    const hdfc = await s.app.inject({
      method: 'POST',
      url: '/api/passes/v3/orders',
      headers: who.headers,
      payload: passOrderBody(who.userId, { fmId: 'mum-gen-30', passFare: 1100 }, { bankOffer: 'HDFC' }),
    });
    // paid with UPI from HDFC (the offer's bank, declared on our page and reported by the gateway)
    const paid = await payThroughGateway(s.app, who, 'pass', hdfc.json().transactionId, upi('asha@okhdfcbank'), {
      key: 'renew-hdfc-0001',
      prefill: { vpa: 'asha@okhdfcbank' },
    });
    expect(paid.json()).toMatchObject({ status: 'SUCCESS' });
    const free = await s.app.inject({
      method: 'POST',
      url: '/api/passes/v3/orders',
      headers: who.headers,
      payload: passOrderBody(who.userId, {}, { digitalOffer: true }),
    });
    expect(free.json()).toMatchObject({ status: 'SUCCESS', payableAmount: null });
    const passes = await mine(who);
    const byFare = (fmId: string) => passes.find((p) => p.fmId === fmId)!;
    const a = passOrderSchema.parse((await renew(who, byFare('mum-gen-30').passId)).json());
    expect(a).toMatchObject({ isRenew: true, payableAmount: 110000 });
    const b = passOrderSchema.parse((await renew(who, byFare('mum-gen-7').passId, { passStartDate: '2025-08-21' })).json());
    expect(b).toMatchObject({ isRenew: true, payableAmount: 35000, freeWith: null });
  });

  it('a fare taken off sale after the pass was issued: isRenewable false and 409, with the way forward', async () => {
    const who = await rider();
    expect((await claim(who, 'mumbai')).statusCode).toBe(201);
    const [p] = await mine(who);
    const cfg = await s.db.query<{ body: { fareMapping: Record<string, { fmId: string; isActive?: boolean }[]> } }>(
      `SELECT body FROM pass_configs WHERE city_id = 'mumbai' AND id = 'mum-general'`,
    );
    const body = cfg.rows[0].body;
    const mapping = body.fareMapping;
    const off = { ...body, fareMapping: { ...mapping, adult: mapping.adult.map((f) => (f.fmId === 'mum-gen-7' ? { ...f, isActive: false } : f)) } };
    await s.db.query(`UPDATE pass_configs SET body = $1 WHERE city_id = 'mumbai' AND id = 'mum-general'`, [JSON.stringify(off)]);
    try {
      expect((await mine(who))[0].isRenewable).toBe(false);
      expectError(await renew(who, p.passId), 409, 'NOT_RENEWABLE', /no longer on sale|passes on sale/);
    } finally {
      await s.db.query(`UPDATE pass_configs SET body = $1 WHERE city_id = 'mumbai' AND id = 'mum-general'`, [JSON.stringify(body)]);
    }
  });

  it('wrong-typed and foreign requests: 400 and 404, never a 5xx', async () => {
    const who = await rider();
    const other = await rider();
    expect((await claim(who, 'mumbai')).statusCode).toBe(201);
    const [p] = await mine(who);
    expectError(await renew(other, p.passId), 404, 'PASS_NOT_FOUND');
    for (const body of [{}, { passStartDate: 20250820 }, { passStartDate: null }, { passStartDate: '2025-02-30' }, { passStartDate: ['2025-08-20'] }]) {
      const r = await renew(who, p.passId, body);
      expect(r.statusCode).toBe(400);
    }
    expectError(await renew(who, p.passId, { passStartDate: '2025-01-01' }), 400, 'START_DATE_IN_PAST');
  });
});
