import { withClosedLoopCheckDigit } from '@sawari/domain';
import { card as hostedCard, payThroughGateway, upi } from '../../testing/gateway-pay';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { expectError, signIn, TestClock, type Session } from '../../testing/accounts';
import { DEV_RAZORPAY } from '../payments';

/**
 * The cards API through HTTP with the real payments module (the development gateway's hosted page): linking, the wallet card list,
 * eligibility, recharges of both kinds paid at the checkout, the NCMC transfer into the offline wallet and its
 * confirm, history, terminal taps (exactly once per tap id, under concurrency), and refunds of loads that can never be
 * written. Every bad input answers 4xx with a code, never 5xx. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const VALIDATOR = { authorization: 'Validator sawari-dev-validator' };
const OPS = { authorization: 'Ops sawari-dev-ops' };
const C = '/api/cards/v1';
// NCMC (RuPay, Luhn) and city-card (98 + Damm) numbers; each test uses its own cards.
const NCMC_A = '6070000000000002';
const NCMC_B = '6521000000000007';
const NCMC_C = '5085000000000007';
const ncmc = (n: number) => {
  const base = `6070${String(n).padStart(11, '0')}`;
  for (let d = 0; d < 10; d++) {
    const s = base + d;
    let sum = 0;
    for (let i = 0; i < 16; i++) {
      let x = s.charCodeAt(15 - i) - 48;
      if (i % 2) x = x * 2 > 9 ? x * 2 - 9 : x * 2;
      sum += x;
    }
    if (sum % 10 === 0) return s;
  }
  throw new Error('unreachable');
};
const city = (n: number) => withClosedLoopCheckDigit(`98${String(n).padStart(13, '0')}`);

type Card = {
  cardRef: string;
  kind: string;
  name: string;
  maskedNumber: string;
  last4: string;
  chipBalancePaise: number;
  pendingPaise: number;
  stagedPaise: number;
  maxRechargePaise: number;
  chipSeenAt: number | null;
  status: string;
  expired: boolean;
};
type Order = {
  orderId: string;
  orderKind: string;
  status: string;
  amountPaise: number;
  feePaise: number;
  payablePaise: number;
  agency: string;
  fareBreakup: { name: string; value: number }[];
};
type Tap = {
  tapId: string;
  status: string;
  declineReason: string | null;
  previousBalancePaise: number;
  balancePaise: number;
  farePaise: number;
  written: { orderId: string; amountPaise: number }[];
};

describe(`cards API ${dbLabel()}`, () => {
  const clock = new TestClock(Date.parse('2026-11-23T07:00:00+05:30'));
  let s: TestServer;
  let rider: Session;
  let other: Session;
  beforeAll(async () => {
    s = await startTestServer({ now: clock.now });
    rider = await signIn(s.app, s.db, '9876590001');
    other = await signIn(s.app, s.db, '9876590002', 'test-device-2');
  }, 60_000);
  afterAll(() => s?.cleanup());

  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, who: Session | null = rider, headers: Record<string, string> = {}) =>
    s.app.inject({ method, url, headers: { ...(who?.headers ?? {}), ...headers }, ...(body === undefined ? {} : { payload: body as object }) });
  let tapN = 0;
  const tap = async (cardNumber: string, farePaise: number, extra: Record<string, unknown> = {}) => {
    const r = await req('POST', `${C}/terminal/taps`, { tapId: `tap-${++tapN}-${Date.now()}`, cardNumber, farePaise, ...extra }, null, VALIDATOR);
    expect(r.statusCode).toBe(200);
    return r.json() as Tap;
  };
  const link = async (cardNumber: string, kind: 'ncmc' | 'closedLoop', who = rider, name = 'My card') => {
    const r = await req('POST', `${C}/cards`, { kind, cardNumber, name }, who);
    expect(r.statusCode).toBe(201);
    return r.json() as Card;
  };
  const info = async (ref: string, who = rider) => (await req('GET', `${C}/cards/${ref}`, undefined, who)).json() as Card;
  const order = async (ref: string, amountPaise: number, who = rider) => {
    const r = await req('POST', `${C}/recharges`, { cardRef: ref, amountPaise, city: 'mumbai' }, who);
    expect(r.statusCode).toBe(201);
    return r.json() as Order;
  };
  const getOrder = async (id: string, who = rider) => (await req('GET', `${C}/recharges/${id}`, undefined, who)).json() as Order;
  let keyN = 0;
  const payUpi = (o: Order, vpa = 'success@upi', who = rider, decision: 'approve' | 'wait' = 'approve') =>
    payThroughGateway(s.app, who, o.orderKind, o.orderId, upi(vpa, decision), { key: `card-key-${++keyN}` });
  const payCard = (o: Order, who = rider) => payThroughGateway(s.app, who, o.orderKind, o.orderId, hostedCard(), { key: `card-key-${++keyN}` });
  const paid = async (ref: string, amountPaise: number, kind: 'upi' | 'card' = 'upi') => {
    const o = await order(ref, amountPaise);
    const p = await (kind === 'upi' ? payUpi(o) : payCard(o));
    expect(p.json()).toMatchObject({ status: 'SUCCESS' });
    return getOrder(o.orderId);
  };

  it('a terminal registers a card it reads; linking needs a card a terminal has read', async () => {
    expectError(await req('POST', `${C}/cards`, { kind: 'ncmc', cardNumber: NCMC_A, name: 'Metro' }), 404, 'CARD_UNKNOWN', /Tap it once/);
    const first = await tap(NCMC_A, 0, { validThru: '2030-12' });
    expect(first).toMatchObject({ status: 'ACCEPTED', previousBalancePaise: 0, balancePaise: 0, written: [] });
    const r = await req('POST', `${C}/cards`, { kind: 'ncmc', cardNumber: '6070 0000 0000 0002', name: 'Metro' });
    expect(r.statusCode).toBe(201);
    const card = r.json() as Card;
    expect(card).toMatchObject({
      kind: 'ncmc',
      name: 'Metro',
      maskedNumber: 'XXXX XXXX XXXX 0002',
      last4: '0002',
      chipBalancePaise: 0,
      pendingPaise: 0,
      maxRechargePaise: 200_000,
      status: 'ACTIVE',
    });
    expect(card.cardRef).toMatch(/^crd_[A-Za-z0-9_-]{22}$/);
    // The full number appears in no answer: not in the link answer, the list, the card or its history.
    for (const body of [
      r.body,
      (await req('GET', `${C}/cards`)).body,
      (await req('GET', `${C}/cards/${card.cardRef}`)).body,
      (await req('GET', `${C}/cards/${card.cardRef}/history`)).body,
    ])
      expect(body).not.toContain(NCMC_A);
    // Linking again answers the same card (200); another rider is refused.
    const again = await req('POST', `${C}/cards`, { kind: 'ncmc', cardNumber: NCMC_A, name: 'Other name' });
    expect(again.statusCode).toBe(200);
    expect((again.json() as Card).cardRef).toBe(card.cardRef);
    expectError(await req('POST', `${C}/cards`, { kind: 'ncmc', cardNumber: NCMC_A, name: 'Mine' }, other), 409, 'CARD_LINKED_ELSEWHERE');
    // Someone else's reference is not found, whatever the call.
    for (const [m, url, body] of [
      ['GET', `${C}/cards/${card.cardRef}`],
      ['GET', `${C}/cards/${card.cardRef}/history`],
      ['POST', `${C}/cards/${card.cardRef}/eligibility`, { amountPaise: 10_000 }],
      ['PUT', `${C}/cards/${card.cardRef}`, { name: 'x' }],
      ['DELETE', `${C}/cards/${card.cardRef}`],
    ] as const)
      expectError(await req(m, url, body, other), 404, 'CARD_NOT_FOUND');
    expectError(await req('POST', `${C}/recharges`, { cardRef: card.cardRef, amountPaise: 10_000, city: 'mumbai' }, other), 404, 'CARD_NOT_FOUND');
    // The database keeps no number: a keyed hash and the last four.
    const rows = await s.db.query<Record<string, unknown>>('SELECT * FROM transit_cards');
    expect(JSON.stringify(rows.rows)).not.toContain(NCMC_A);
  });

  it('rename, list and unlink; an unlinked card can be linked by someone else', async () => {
    await tap(NCMC_B, 0);
    const card = await link(NCMC_B, 'ncmc');
    const renamed = await req('PUT', `${C}/cards/${card.cardRef}`, { name: 'दफ़्तर card' });
    expect(renamed.json()).toMatchObject({ name: 'दफ़्तर card' });
    const list = (await req('GET', `${C}/cards`)).json() as { cards: Card[] };
    expect(list.cards.map((c) => c.name)).toContain('दफ़्तर card');
    const del = await req('DELETE', `${C}/cards/${card.cardRef}`);
    expect(del.statusCode).toBe(204);
    expectError(await req('DELETE', `${C}/cards/${card.cardRef}`), 404, 'CARD_NOT_FOUND');
    const theirs = await link(NCMC_B, 'ncmc', other);
    expect(theirs.cardRef).toBe(card.cardRef);
  });

  it('bad input answers 4xx with a code, never 5xx', async () => {
    await tap(NCMC_C, 0);
    const card = await link(NCMC_C, 'ncmc');
    const ref = card.cardRef;
    const cases: [string, string, unknown, number, string][] = [
      ['POST', `${C}/cards`, { kind: 'ncmc', cardNumber: '6070000000000003', name: 'x' }, 400, 'VALIDATION_FAILED'], // Luhn
      ['POST', `${C}/cards`, { kind: 'ncmc', cardNumber: '4111111111111111', name: 'x' }, 400, 'VALIDATION_FAILED'], // not RuPay
      ['POST', `${C}/cards`, { kind: 'closedLoop', cardNumber: '9812345678901234', name: 'x' }, 400, 'VALIDATION_FAILED'], // check digit
      ['POST', `${C}/cards`, { kind: 'ncmc', cardNumber: 6070000000000002, name: 'x' }, 400, 'VALIDATION_FAILED'],
      ['POST', `${C}/cards`, { kind: 'bus', cardNumber: NCMC_C, name: 'x' }, 400, 'VALIDATION_FAILED'],
      ['POST', `${C}/cards`, { kind: 'ncmc', cardNumber: NCMC_C, name: 'x\u0000y' }, 400, 'NUL_CHARACTER'],
      ['POST', `${C}/cards`, { kind: 'ncmc', cardNumber: NCMC_C, name: '<script>' }, 400, 'VALIDATION_FAILED'],
      ['POST', `${C}/cards`, { kind: 'ncmc', cardNumber: NCMC_C, name: 'a'.repeat(31) }, 400, 'VALIDATION_FAILED'],
      ['POST', `${C}/cards`, { kind: 'ncmc', cardNumber: '6'.repeat(500), name: 'x' }, 400, 'VALIDATION_FAILED'],
      ['POST', `${C}/cards`, { kind: 'ncmc', cardNumber: NCMC_C, name: 'x', extra: 1 }, 400, 'VALIDATION_FAILED'],
      ['POST', `${C}/cards`, { kind: 'ncmc', cardNumber: NCMC_C, name: 'x'.repeat(5000) }, 413, 'PAYLOAD_TOO_LARGE'],
      ['GET', `${C}/cards/${NCMC_C}`, undefined, 400, 'VALIDATION_FAILED'], // a number is never a reference
      ['GET', `${C}/cards/crd_${'x'.repeat(22)}`, undefined, 404, 'CARD_NOT_FOUND'],
      ['GET', `${C}/cards/${ref}/history?PageSize=0`, undefined, 400, 'VALIDATION_FAILED'],
      ['GET', `${C}/cards/${ref}/history?PageIndex=-1`, undefined, 400, 'VALIDATION_FAILED'],
      ['GET', `${C}/cards/${ref}/history?PageSize=abc`, undefined, 400, 'VALIDATION_FAILED'],
      ['PUT', `${C}/cards/${ref}`, { name: '' }, 400, 'VALIDATION_FAILED'],
      ['PUT', `${C}/cards/${ref}`, { name: 42 }, 400, 'VALIDATION_FAILED'],
      ['POST', `${C}/cards/${ref}/eligibility`, { amountPaise: '500' }, 400, 'VALIDATION_FAILED'],
      ['POST', `${C}/cards/${ref}/eligibility`, { amountPaise: 1.5 }, 400, 'VALIDATION_FAILED'],
      ['POST', `${C}/cards/${ref}/eligibility`, { amountPaise: -100 }, 400, 'VALIDATION_FAILED'],
      ['POST', `${C}/cards/${ref}/eligibility`, { amountPaise: 1e12 }, 400, 'VALIDATION_FAILED'],
      ['POST', `${C}/recharges`, { cardRef: ref, amountPaise: 10_000 }, 400, 'VALIDATION_FAILED'],
      ['POST', `${C}/recharges`, { cardRef: ref, amountPaise: 10_000, city: 'Mumbai!' }, 400, 'VALIDATION_FAILED'],
      ['POST', `${C}/recharges`, { cardRef: 'crd_\u0000', amountPaise: 10_000, city: 'mumbai' }, 400, 'NUL_CHARACTER'],
      ['POST', `${C}/recharges`, { cardRef: ref, amountPaise: 10_050, city: 'mumbai' }, 409, 'AMOUNT_NOT_WHOLE_RUPEES'],
      ['POST', `${C}/recharges`, { cardRef: ref, amountPaise: 900, city: 'mumbai' }, 409, 'AMOUNT_TOO_SMALL'],
      ['POST', `${C}/recharges`, { cardRef: ref, amountPaise: 200_100, city: 'mumbai' }, 409, 'OVER_CHIP_LIMIT'],
      ['GET', `${C}/recharges/CRG-1`, undefined, 400, 'VALIDATION_FAILED'],
      ['GET', `${C}/recharges/CRG_${'a'.repeat(22)}`, undefined, 404, 'ORDER_NOT_FOUND'],
      ['POST', `${C}/recharges/CRG_${'a'.repeat(22)}/offline-recharge`, undefined, 404, 'ORDER_NOT_FOUND'],
      ['GET', `${C}/recharges/CRG_${'a'.repeat(22)}/offline-recharge/confirm`, undefined, 404, 'ORDER_NOT_FOUND'],
    ];
    for (const [method, url, body, status, code] of cases) {
      const r = await req(method as 'GET', url, body);
      expect({ url, body, status: r.statusCode, code: (r.json() as { code: string }).code }).toEqual({ url, body, status, code });
    }
    expectError(await req('GET', `${C}/cards`, undefined, null), 401, 'UNAUTHENTICATED');
    const bad = await s.app.inject({
      method: 'POST',
      url: `${C}/cards`,
      headers: { ...rider.headers, 'content-type': 'application/json' },
      payload: '{"kind":',
    });
    expectError(bad, 400, 'MALFORMED_JSON');
    // Terminal: its key, then its body.
    expectError(await req('POST', `${C}/terminal/taps`, { tapId: 'tap-noauth-1', cardNumber: NCMC_C, farePaise: 100 }, null), 401, 'VALIDATOR_UNAUTHENTICATED');
    expectError(
      await req('POST', `${C}/terminal/taps`, { tapId: 'tap-noauth-1', cardNumber: NCMC_C, farePaise: 100 }, null, {
        authorization: 'Validator wrong-key-123',
      }),
      401,
      'VALIDATOR_UNAUTHENTICATED',
    );
    expectError(
      await req('POST', `${C}/terminal/taps`, { tapId: 'tap-noauth-1', cardNumber: NCMC_C, farePaise: 100 }, rider),
      401,
      'VALIDATOR_UNAUTHENTICATED',
    );
    const terminalCases: [unknown, number, string][] = [
      [{ cardNumber: NCMC_C, farePaise: 100 }, 400, 'VALIDATION_FAILED'],
      [{ tapId: 'short', cardNumber: NCMC_C, farePaise: 100 }, 400, 'VALIDATION_FAILED'],
      [{ tapId: 'tap-bad-00001', cardNumber: NCMC_C, farePaise: -1 }, 400, 'VALIDATION_FAILED'],
      [{ tapId: 'tap-bad-00001', cardNumber: NCMC_C, farePaise: 100_001 }, 400, 'VALIDATION_FAILED'],
      [{ tapId: 'tap-bad-00001', cardNumber: NCMC_C, farePaise: '100' }, 400, 'VALIDATION_FAILED'],
      [{ tapId: 'tap-bad-00001', cardNumber: NCMC_C, farePaise: 100, routeName: 'A\u0000B' }, 400, 'NUL_CHARACTER'],
      [{ tapId: 'tap-bad-00001', cardNumber: NCMC_C, farePaise: 100, routeName: 'A\u0007B' }, 400, 'VALIDATION_FAILED'],
      [{ tapId: 'tap-bad-00001', cardNumber: NCMC_C, farePaise: 100, validThru: '2030-13' }, 400, 'VALIDATION_FAILED'],
      [{ tapId: 'tap-bad-00001', cardNumber: '12345', farePaise: 100 }, 400, 'VALIDATION_FAILED'],
      [{ tapId: 'tap-bad-00001', cardNumber: '4111111111111111', farePaise: 100 }, 422, 'CARD_NOT_READABLE'],
    ];
    for (const [body, status, code] of terminalCases) {
      const r = await req('POST', `${C}/terminal/taps`, body, null, VALIDATOR);
      expect({ body, status: r.statusCode, code: (r.json() as { code: string }).code }).toEqual({ body, status, code });
    }
    // Same tap id, another request: refused, the first answer stands.
    await req('POST', `${C}/terminal/taps`, { tapId: 'tap-reuse-0001', cardNumber: NCMC_C, farePaise: 0 }, null, VALIDATOR);
    expectError(
      await req('POST', `${C}/terminal/taps`, { tapId: 'tap-reuse-0001', cardNumber: NCMC_C, farePaise: 2_000 }, null, VALIDATOR),
      422,
      'TAP_ID_REUSED',
    );
    expectError(await req('POST', '/api/ops/cards/block', { cardNumber: NCMC_C, blocked: true }, null), 401, 'OPS_UNAUTHENTICATED');
    expectError(await req('POST', '/api/ops/cards/block', { cardNumber: NCMC_C, blocked: 'yes' }, null, OPS), 400, 'VALIDATION_FAILED');
    expectError(await req('POST', '/api/ops/cards/block', { cardNumber: ncmc(999), blocked: true }, null, OPS), 404, 'CARD_UNKNOWN');
  });

  it('NCMC: recharge ₹500 by UPI (₹5 fee), paid → transfer into the offline wallet → pending → a tap writes it → history', async () => {
    const number = ncmc(1);
    await tap(number, 0, { validThru: '2031-01' });
    const card = await link(number, 'ncmc');
    const elig = await req('POST', `${C}/cards/${card.cardRef}/eligibility`, { amountPaise: 50_000 });
    expect(elig.json()).toEqual({
      eligible: true,
      reason: null,
      message: null,
      amountPaise: 50_000,
      maxRechargePaise: 200_000,
      feePaise: 500,
      payablePaise: 50_500,
    });
    const o = await order(card.cardRef, 50_000);
    expect(o).toMatchObject({ orderKind: 'ncmcCardRecharge', agency: 'NCMC', status: 'CREATED', amountPaise: 50_000, feePaise: 500, payablePaise: 50_500 });
    expect(o.fareBreakup).toEqual([
      { name: 'Recharge amount', value: 50_000 },
      { name: 'Card load fee', value: 500 },
    ]);
    expect(o.orderId).toMatch(/^CRG_/);
    // Payments charges what the order says (the amount is never the client's).
    const status = (await req('GET', `/api/payments/orders/ncmcCardRecharge/${o.orderId}/status`)).json() as { amountPaise: number };
    expect(status.amountPaise).toBe(50_500);
    expect((await payUpi(o)).json()).toMatchObject({ status: 'SUCCESS' });
    expect((await getOrder(o.orderId)).status).toBe('STAGED');
    expect(await info(card.cardRef)).toMatchObject({ stagedPaise: 50_000, pendingPaise: 0, maxRechargePaise: 150_000 });
    // A tap before the transfer writes nothing.
    expect(await tap(number, 0)).toMatchObject({ written: [], balancePaise: 0 });
    // The offline recharge, twice (the second answers the same), then its confirm.
    const moved = await req('POST', `${C}/recharges/${o.orderId}/offline-recharge`);
    expect(moved.json()).toMatchObject({ status: 'PENDING_ON_CARD' });
    expect((await req('POST', `${C}/recharges/${o.orderId}/offline-recharge`)).json()).toMatchObject({ status: 'PENDING_ON_CARD' });
    expect((await req('GET', `${C}/recharges/${o.orderId}/offline-recharge/confirm`)).json()).toMatchObject({ status: 'PENDING_ON_CARD', written: false });
    expect(await info(card.cardRef)).toMatchObject({ stagedPaise: 0, pendingPaise: 50_000, chipBalancePaise: 0 });
    clock.advance(60_000);
    const t = await tap(number, 2_500, { routeName: '42 Churchgate', terminalId: 'BUS-MH01-1234' });
    expect(t).toEqual({
      tapId: t.tapId,
      kind: 'ncmc',
      last4: number.slice(-4),
      status: 'ACCEPTED',
      declineReason: null,
      previousBalancePaise: 0,
      written: [{ orderId: o.orderId, amountPaise: 50_000 }],
      farePaise: 2_500,
      balancePaise: 47_500,
      tappedAt: clock.now(),
    });
    expect((await req('GET', `${C}/recharges/${o.orderId}/offline-recharge/confirm`)).json()).toMatchObject({
      status: 'WRITTEN',
      written: true,
      chipBalancePaise: 47_500,
    });
    expect(await info(card.cardRef)).toMatchObject({ chipBalancePaise: 47_500, pendingPaise: 0, chipSeenAt: clock.now() });
    const h = (await req('GET', `${C}/cards/${card.cardRef}/history`)).json() as {
      items: { type: string; state: string; amountPaise: number; routeName: string | null; balanceAfterPaise: number | null }[];
      hasMore: boolean;
    };
    expect(h.items[0]).toMatchObject({ type: 'TAP', state: 'ACCEPTED', amountPaise: 2_500, routeName: '42 Churchgate', balanceAfterPaise: 47_500 });
    expect(h.items.find((i) => i.type === 'RECHARGE')).toMatchObject({ state: 'WRITTEN', amountPaise: 50_000 });
    // Moving it again changes nothing; a city-card transfer is refused.
    expect((await req('POST', `${C}/recharges/${o.orderId}/offline-recharge`)).json()).toMatchObject({ status: 'WRITTEN' });
    expectError(await req('POST', `${C}/recharges/${o.orderId}/offline-recharge`, undefined, other), 404, 'ORDER_NOT_FOUND');
  });

  it('city card: recharged by card payment, pending until the next tap (no fee)', async () => {
    const number = city(1);
    await tap(number, 0);
    const card = await link(number, 'closedLoop');
    expect(card.maskedNumber).toBe(`XXXX XXXX XXXX ${number.slice(-4)}`);
    const o = await paid(card.cardRef, 20_000, 'card');
    expect(o).toMatchObject({ orderKind: 'cardRecharge', agency: 'CITYCARD', status: 'PENDING_ON_CARD', feePaise: 0, payablePaise: 20_000 });
    expectError(await req('POST', `${C}/recharges/${o.orderId}/offline-recharge`), 409, 'NOT_AN_NCMC_RECHARGE');
    expect(await tap(number, 1_500)).toMatchObject({ written: [{ orderId: o.orderId, amountPaise: 20_000 }], balancePaise: 18_500 });
    expect((await getOrder(o.orderId)).status).toBe('WRITTEN');
  });

  it('the ₹2,000 limit counts pending money before payment, at payment start and on the chip', async () => {
    const number = city(2);
    await tap(number, 0);
    const card = await link(number, 'closedLoop');
    await paid(card.cardRef, 150_000);
    // ₹1,500 pending: ₹500 more is exactly the limit; ₹501 is refused before any money moves.
    expect((await req('POST', `${C}/cards/${card.cardRef}/eligibility`, { amountPaise: 50_100 })).json()).toMatchObject({
      eligible: false,
      reason: 'OVER_CHIP_LIMIT',
      maxRechargePaise: 50_000,
      message: expect.stringMatching(/₹500/),
    });
    expectError(await req('POST', `${C}/recharges`, { cardRef: card.cardRef, amountPaise: 50_100, city: 'mumbai' }), 409, 'OVER_CHIP_LIMIT', /up to ₹500/);
    // Two orders that each fit, together over: the second is refused when its payment starts.
    const a = await order(card.cardRef, 40_000);
    const b = await order(card.cardRef, 40_000);
    expect((await payUpi(a)).json()).toMatchObject({ status: 'SUCCESS' });
    expectError(await payUpi(b), 409, 'ORDER_NOT_PAYABLE', /at most ₹2,000/);
    expect((await getOrder(b.orderId)).status).toBe('CREATED');
    // A tap writes both loads (₹1,900) and the chip never passes ₹2,000.
    const t = await tap(number, 0);
    expect(t.balancePaise).toBe(190_000);
    expect(await info(card.cardRef)).toMatchObject({ chipBalancePaise: 190_000, pendingPaise: 0, maxRechargePaise: 10_000 });
    const over = (await s.db.query<{ n: string }>('SELECT count(*) AS n FROM transit_cards WHERE chip_balance_paise > 200000')).rows[0];
    expect(Number(over.n)).toBe(0);
  });

  it('20 concurrent identical create requests (one idempotency-key) make one order; the key re-quotes until a payment starts', async () => {
    const number = city(9);
    await tap(number, 0);
    const card = await link(number, 'closedLoop', other);
    const body = { cardRef: card.cardRef, amountPaise: 30_000, city: 'mumbai' };
    const many = await Promise.all(Array.from({ length: 20 }, () => req('POST', `${C}/recharges`, body, other, { 'idempotency-key': 'card-order-key-0001' })));
    expect(many.map((m) => m.statusCode).sort()).toEqual([...Array(19).fill(200), 201]);
    expect(new Set(many.map((m) => (m.json() as Order).orderId)).size).toBe(1);
    const rows = await s.db.query<{ n: string }>('SELECT count(*) AS n FROM card_recharge_orders WHERE card_ref = $1', [card.cardRef]);
    expect(Number(rows.rows[0].n)).toBe(1);
    const first = many[0].json() as Order;
    // Another rider's same key is their own order.
    const ridersCard = ((await req('GET', `${C}/cards`)).json() as { cards: Card[] }).cards.find((c) => c.status === 'ACTIVE' && c.maxRechargePaise >= 10_000)!;
    const theirs = await req('POST', `${C}/recharges`, { cardRef: ridersCard.cardRef, amountPaise: 10_000, city: 'mumbai' }, rider, {
      'idempotency-key': 'card-order-key-0001',
    });
    expect(theirs.statusCode).toBe(201);
    expect((theirs.json() as Order).orderId).not.toBe(first.orderId);
    await tap(city(10), 0);
    const mine = await link(city(10), 'closedLoop', other, 'Second');
    const requoted = await req('POST', `${C}/recharges`, { ...body, cardRef: mine.cardRef, amountPaise: 20_000 }, other, {
      'idempotency-key': 'card-order-key-0001',
    });
    expect(requoted.statusCode).toBe(200);
    expect(requoted.json()).toMatchObject({ orderId: first.orderId, cardRef: mine.cardRef, amountPaise: 20_000, payablePaise: 20_000 });
    expect((await payUpi(requoted.json() as Order, 'success@upi', other)).json()).toMatchObject({ status: 'SUCCESS' });
    expectError(await req('POST', `${C}/recharges`, body, other, { 'idempotency-key': 'card-order-key-0001' }), 409, 'ORDER_FROZEN');
    expect(
      await req('POST', `${C}/recharges`, { ...body, cardRef: mine.cardRef, amountPaise: 20_000 }, other, { 'idempotency-key': 'card-order-key-0001' }),
    ).toMatchObject({ statusCode: 200 });
    expectError(await req('POST', `${C}/recharges`, body, other, { 'idempotency-key': 'bad key!' }), 400, 'VALIDATION_FAILED');
  });

  it('exactly once: 20 concurrent identical taps and lost answers write a load once and take the fare once', async () => {
    const number = city(3);
    await tap(number, 0);
    const card = await link(number, 'closedLoop');
    const o = await paid(card.cardRef, 10_000);
    const body = { tapId: 'tap-exactly-once-1', cardNumber: number, farePaise: 2_000, routeName: '7 Andheri' };
    const t0 = performance.now();
    const answers = await Promise.all(Array.from({ length: 20 }, () => req('POST', `${C}/terminal/taps`, body, null, VALIDATOR)));
    const ms = performance.now() - t0;
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const distinct = new Set(answers.map((a) => a.body));
    expect(distinct.size).toBe(1);
    expect(answers[0].json()).toMatchObject({
      status: 'ACCEPTED',
      previousBalancePaise: 0,
      written: [{ orderId: o.orderId, amountPaise: 10_000 }],
      farePaise: 2_000,
      balancePaise: 8_000,
    });
    // The terminal lost the answer and retries later: the same answer again, nothing applied twice.
    clock.advance(30_000);
    const retry = await req('POST', `${C}/terminal/taps`, body, null, VALIDATOR);
    expect(retry.body).toBe(answers[0].body);
    const taps = await s.db.query<{ n: string }>(`SELECT count(*) AS n FROM card_taps WHERE tap_id = 'tap-exactly-once-1'`);
    const written = await s.db.query<{ written_tap_id: string; status: string }>(
      'SELECT written_tap_id, status FROM card_recharge_orders WHERE order_id = $1',
      [o.orderId],
    );
    expect(Number(taps.rows[0].n)).toBe(1);
    expect(written.rows[0]).toEqual({ written_tap_id: 'tap-exactly-once-1', status: 'WRITTEN' });
    expect((await info(card.cardRef)).chipBalancePaise).toBe(8_000);
    // 20 different taps at once on ₹80: four ₹20 fares are taken, the rest declined, never below zero.
    const t1 = performance.now();
    const many = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        req('POST', `${C}/terminal/taps`, { tapId: `tap-burst-${i}-0001`, cardNumber: number, farePaise: 2_000 }, null, VALIDATOR),
      ),
    );
    const ms2 = performance.now() - t1;
    const outcomes = many.map((m) => (m.json() as Tap).status);
    expect(outcomes.filter((x) => x === 'ACCEPTED')).toHaveLength(4);
    expect(outcomes.filter((x) => x === 'DECLINED')).toHaveLength(16);
    expect((await info(card.cardRef)).chipBalancePaise).toBe(0);
    console.log(
      `cards exactly-once figures ${dbLabel()} ${JSON.stringify({
        identicalTaps: 20,
        http200: answers.filter((a) => a.statusCode === 200).length,
        distinctAnswers: distinct.size,
        tapRows: Number(taps.rows[0].n),
        loadsWritten: 1,
        fareTakenPaise: 2_000,
        balanceAfterPaise: 8_000,
        identicalMs: Math.round(ms),
        burstTaps: 20,
        burstAccepted: 4,
        burstDeclined: 16,
        burstFinalBalancePaise: 0,
        burstMs: Math.round(ms2),
      })}`,
    );
  });

  it('concurrent taps with different ids and a pending load: the load is written by exactly one of them', async () => {
    const number = city(4);
    await tap(number, 0);
    const card = await link(number, 'closedLoop');
    const o = await paid(card.cardRef, 5_000);
    const many = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        req('POST', `${C}/terminal/taps`, { tapId: `tap-race-${i}-0001`, cardNumber: number, farePaise: 0 }, null, VALIDATOR),
      ),
    );
    const writers = many.map((m) => m.json() as Tap).filter((t) => t.written.length);
    expect(writers).toHaveLength(1);
    expect(writers[0].written).toEqual([{ orderId: o.orderId, amountPaise: 5_000 }]);
    expect((await info(card.cardRef)).chipBalancePaise).toBe(5_000);
  });

  it('a load that can never be written is refunded: the card is blocked after payment', async () => {
    const number = city(5);
    await tap(number, 0);
    const card = await link(number, 'closedLoop');
    const o = await paid(card.cardRef, 30_000);
    const block = await req('POST', '/api/ops/cards/block', { cardNumber: number, blocked: true }, null, OPS);
    expect(block.json()).toEqual({ cardRef: card.cardRef, status: 'BLOCKED', refundedOrderIds: [o.orderId] });
    const after = await getOrder(o.orderId);
    expect(after).toMatchObject({ status: 'REFUNDED' });
    const paymentId = ((await req('GET', `/api/payments/orders/cardRecharge/${o.orderId}/status`)).json() as { paymentId: string }).paymentId;
    const refunds = (await req('GET', `/api/payments/${paymentId}/refunds`)).json() as { refunds: { amountPaise: number; status: string }[] };
    expect(refunds.refunds).toHaveLength(1);
    expect(refunds.refunds[0].amountPaise).toBe(30_000);
    // The blocked card's tap is declined and writes nothing; it cannot be recharged; blocking again refunds nothing more.
    expect(await tap(number, 1_000)).toMatchObject({ status: 'DECLINED', declineReason: 'CARD_BLOCKED', written: [], balancePaise: 0 });
    expect((await req('POST', `${C}/cards/${card.cardRef}/eligibility`, { amountPaise: 10_000 })).json()).toMatchObject({
      eligible: false,
      reason: 'CARD_BLOCKED',
    });
    expectError(await req('POST', `${C}/recharges`, { cardRef: card.cardRef, amountPaise: 10_000, city: 'mumbai' }), 409, 'CARD_BLOCKED');
    expect((await req('POST', '/api/ops/cards/block', { cardNumber: number, blocked: true }, null, OPS)).json()).toMatchObject({ refundedOrderIds: [] });
    expect((await req('GET', `/api/payments/${paymentId}/refunds`)).json()).toMatchObject({ refunds: [{ amountPaise: 30_000 }] });
    const h = (await req('GET', `${C}/cards/${card.cardRef}/history`)).json() as { items: { type: string; state: string }[] };
    expect(h.items.find((i) => i.type === 'RECHARGE')).toMatchObject({ state: 'REFUNDED' });
  });

  it('a payment that settles after the card was blocked is refunded at issue; a card expired meanwhile too', async () => {
    const number = city(6);
    await tap(number, 0);
    const card = await link(number, 'closedLoop');
    const o = await order(card.cardRef, 25_000);
    // a UPI collect the rider has not approved yet
    const waiting = await payUpi(o, 'asha@okaxis', rider, 'wait');
    expect(waiting.hosted).toBe('waiting');
    expect(waiting.json()).toMatchObject({ status: 'PAYMENT_PROCESSING' });
    expect((await getOrder(o.orderId)).status).toBe('PAYMENT_PROCESSING');
    await req('POST', '/api/ops/cards/block', { cardNumber: number, blocked: true }, null, OPS);
    // then approved in the UPI app
    const attempts = (await fetch(`${s.gateway.url}/v1/orders/${waiting.started!.checkout!.fields.order_id}/payments`, {
      headers: { authorization: `Basic ${Buffer.from(`${DEV_RAZORPAY.keyId}:${DEV_RAZORPAY.keySecret}`).toString('base64')}` },
    }).then((r) => r.json())) as { items: { id: string }[] };
    await s.gateway.control(`upi/${attempts.items[0].id}`, { action: 'approve' });
    const status = (await req('GET', `/api/payments/orders/cardRecharge/${o.orderId}/status`)).json() as { paymentId: string; status: string };
    const payment = (await req('GET', `/api/payments/${status.paymentId}`)).json() as { status: string };
    expect(payment.status).toBe('SUCCESS');
    expect((await getOrder(o.orderId)).status).toBe('REFUNDED');
    // The refund is asked once payments' transaction has committed.
    let refunds: { amountPaise: number }[] = [];
    for (let i = 0; i < 40 && !refunds.length; i++) {
      await new Promise((r) => setTimeout(r, 100));
      refunds = ((await req('GET', `/api/payments/${status.paymentId}/refunds`)).json() as { refunds: { amountPaise: number }[] }).refunds;
    }
    expect(refunds.map((r) => r.amountPaise)).toEqual([25_000]);

    // Expired: the next tap reads from the chip that the card was valid through last month (October 2026); the tap is
    // declined and the pending load refunded.
    const exp = city(7);
    await tap(exp, 0, { validThru: '2030-12' });
    const expCard = await link(exp, 'closedLoop');
    const e = await paid(expCard.cardRef, 10_000);
    expect(await tap(exp, 1_000, { validThru: '2026-10' })).toMatchObject({ status: 'DECLINED', declineReason: 'CARD_EXPIRED', written: [] });
    expect((await getOrder(e.orderId)).status).toBe('REFUNDED');
    expect(await info(expCard.cardRef)).toMatchObject({ expired: true, maxRechargePaise: 0 });
    expectError(await req('POST', `${C}/recharges`, { cardRef: expCard.cardRef, amountPaise: 10_000, city: 'mumbai' }), 409, 'CARD_EXPIRED');
  });

  it('history is paged newest first and shows only the rider’s own recharges and taps since linking', async () => {
    const number = city(8);
    await tap(number, 0);
    clock.advance(1_000);
    // The rider has 10 cards linked by now: an 11th is refused until one is unlinked.
    expect(((await req('GET', `${C}/cards`)).json() as { cards: Card[] }).cards).toHaveLength(10);
    expectError(await req('POST', `${C}/cards`, { kind: 'closedLoop', cardNumber: number, name: 'Eleventh' }), 409, 'TOO_MANY_CARDS');
    const oldest = ((await req('GET', `${C}/cards`)).json() as { cards: Card[] }).cards[0];
    expect((await req('DELETE', `${C}/cards/${oldest.cardRef}`)).statusCode).toBe(204);
    const card = await link(number, 'closedLoop');
    await paid(card.cardRef, 100_000);
    for (let i = 0; i < 24; i++) {
      clock.advance(5_000);
      await tap(number, 1_000, { routeName: `Route ${i}` });
    }
    const p0 = (await req('GET', `${C}/cards/${card.cardRef}/history?PageIndex=0&PageSize=20`)).json() as {
      items: { type: string; routeName: string | null; at: number }[];
      hasMore: boolean;
      pageIndex: number;
    };
    expect(p0).toMatchObject({ pageIndex: 0, hasMore: true });
    expect(p0.items).toHaveLength(20);
    expect(p0.items[0].routeName).toBe('Route 23');
    const p1 = (await req('GET', `${C}/cards/${card.cardRef}/history?PageIndex=1&PageSize=20`)).json() as { items: { type: string }[]; hasMore: boolean };
    // The registering tap is before the link: 24 taps and the recharge, 25 entries.
    expect(p1.items).toHaveLength(5);
    expect(p1.hasMore).toBe(false);
    expect(p1.items.at(-1)!.type).toBe('RECHARGE');
  });
});
