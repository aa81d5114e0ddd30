// Webhooks: Razorpay's payloads, signed over the raw body, one event id per event on every delivery; retried until
// answered 2xx; the chaos switches (duplicates, captured before authorized, before the rider's callback); hold, drop,
// flush and replay.
import { createHmac } from 'node:crypto';
import { payOnHostedPage } from './driver';
import { startReceiver, startTestGateway, WEBHOOK_SECRET } from './test-support';

type Gw = Awaited<ReturnType<typeof startTestGateway>>;
type Rx = Awaited<ReturnType<typeof startReceiver>>;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setup(statuses: number[] = [200], opts: Parameters<typeof startTestGateway>[0] = {}): Promise<{ gw: Gw; rx: Rx }> {
  const rx = await startReceiver(statuses);
  cleanups.push(() => rx.close());
  const gw = await startTestGateway({ webhookUrl: rx.url, ...opts });
  cleanups.push(() => gw.close());
  return { gw, rx };
}

const card = (number = '4111111111111111') => ({ method: 'card' as const, number, expiry: '12/30', cvv: '123' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function pay(gw: Gw, amount = 5000, instrument: Parameters<typeof payOnHostedPage>[1] = card()) {
  const o = await gw.order(amount);
  const out = await payOnHostedPage(gw.checkout(o.id), instrument);
  return {
    order: o,
    out,
    paymentId:
      out.kind === 'callback' ? (out.fields.razorpay_payment_id ?? (JSON.parse(out.fields['error[metadata]']) as { payment_id: string }).payment_id) : '',
  };
}

it('a captured payment: payment.authorized, payment.captured, order.paid, signed, with event ids and Razorpay payloads', async () => {
  const { gw, rx } = await setup();
  const { order, paymentId } = await pay(gw);
  await rx.waitFor((r) => r.length >= 3);
  expect(rx.events()).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
  for (const r of rx.received) {
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers['x-razorpay-signature']).toBe(createHmac('sha256', WEBHOOK_SECRET).update(r.body).digest('hex'));
    expect(r.headers['x-razorpay-event-id']).toMatch(/^evt_[0-9A-Za-z]{14}$/);
    expect(r.json).toEqual(expect.objectContaining({ entity: 'event', account_id: expect.stringMatching(/^acc_/), created_at: expect.any(Number) }));
  }
  expect(new Set(rx.received.map((r) => r.headers['x-razorpay-event-id'])).size).toBe(3);
  const [auth, cap, paid] = rx.received.map((r) => r.json);
  expect(auth.contains).toEqual(['payment']);
  expect(auth.payload.payment.entity).toEqual(
    expect.objectContaining({ id: paymentId, status: 'authorized', captured: false, order_id: order.id, amount: 5000 }),
  );
  expect(cap.payload.payment.entity).toEqual(expect.objectContaining({ id: paymentId, status: 'captured', captured: true }));
  expect(paid.contains).toEqual(['payment', 'order']);
  expect(paid.payload.order.entity).toEqual(expect.objectContaining({ id: order.id, status: 'paid', amount_paid: 5000, amount_due: 0 }));
  const log = (await gw.dev('webhooks/log')).body.items as { event: string; attempt: number; status: number; outcome: string }[];
  expect(log.map((l) => [l.event, l.attempt, l.status, l.outcome])).toEqual([
    ['payment.authorized', 1, 200, 'delivered'],
    ['payment.captured', 1, 200, 'delivered'],
    ['order.paid', 1, 200, 'delivered'],
  ]);
});

it('payment.failed for a declined card; refund.created then refund.processed on the clock; refund.failed for norefund@upi', async () => {
  const { gw, rx } = await setup();
  const declined = await pay(gw, 5000, card('4000000000000002'));
  await rx.waitFor((r) => r.some((x) => x.json.event === 'payment.failed'));
  const failedEvent = rx.received.find((x) => x.json.event === 'payment.failed')!;
  expect(failedEvent.json.payload.payment.entity).toEqual(expect.objectContaining({ id: declined.paymentId, status: 'failed', error_reason: 'card_declined' }));

  const { paymentId } = await pay(gw, 5000);
  const refund = (await gw.api('POST', `/v1/payments/${paymentId}/refund`, { amount: 1500, receipt: 'r1' })).body;
  await rx.waitFor((r) => r.some((x) => x.json.event === 'refund.created'));
  const created = rx.received.find((x) => x.json.event === 'refund.created')!.json;
  expect(created.contains).toEqual(['refund', 'payment']);
  expect(created.payload.refund.entity).toEqual(expect.objectContaining({ id: refund.id, status: 'pending', amount: 1500, receipt: 'r1' }));
  expect(created.payload.payment.entity).toEqual(expect.objectContaining({ id: paymentId, amount_refunded: 1500, refund_status: 'partial' }));
  await sleep(150);
  expect(rx.events()).not.toContain('refund.processed');
  await gw.dev('clock', { advanceSeconds: 20 });
  await rx.waitFor((r) => r.some((x) => x.json.event === 'refund.processed'));
  expect(rx.received.find((x) => x.json.event === 'refund.processed')!.json.payload.refund.entity).toEqual(
    expect.objectContaining({ id: refund.id, status: 'processed' }),
  );

  const o = await gw.order(3000);
  const w = await payOnHostedPage(gw.checkout(o.id), { method: 'upi', vpa: 'norefund@upi', approve: true });
  const pid = w.kind === 'callback' ? w.fields.razorpay_payment_id : '';
  const nr = (await gw.api('POST', `/v1/payments/${pid}/refund`, {})).body;
  await gw.dev('clock', { advanceSeconds: 20 });
  await rx.waitFor((r) => r.some((x) => x.json.event === 'refund.failed'));
  expect(rx.received.find((x) => x.json.event === 'refund.failed')!.json.payload.refund.entity).toEqual(
    expect.objectContaining({ id: nr.id, status: 'failed' }),
  );
});

it('retries a delivery answered 500 until a 2xx, with the same event id, body and signature', async () => {
  const { gw, rx } = await setup([500, 500, 200]);
  const o = await gw.order(5000);
  await gw.dev('webhooks', { mode: 'hold' });
  await payOnHostedPage(gw.checkout(o.id), card());
  await gw.dev('webhooks', { mode: 'deliver' });
  // every event: 500, 500, then 200 (a retry does not hold the other events back)
  await rx.waitFor((r) => r.length >= 9, 5000);
  const first = rx.received.filter((r) => r.json.event === 'payment.authorized');
  expect(first).toHaveLength(3);
  expect(new Set(first.map((r) => r.headers['x-razorpay-event-id'])).size).toBe(1);
  expect(new Set(first.map((r) => r.body)).size).toBe(1);
  expect(new Set(first.map((r) => r.headers['x-razorpay-signature'])).size).toBe(1);
  const log = (await gw.dev('webhooks/log')).body.items as { event: string; attempt: number; status: number; kind: string }[];
  expect(rx.events().filter((e) => e === 'order.paid')).toHaveLength(3);
  expect(log.filter((l) => l.event === 'payment.authorized').map((l) => [l.attempt, l.status, l.kind])).toEqual([
    [1, 500, 'first'],
    [2, 500, 'retry'],
    [3, 200, 'retry'],
  ]);
});

it('a network error is retried; after the last retry the delivery gives up (logged)', async () => {
  const gw = await startTestGateway({ webhookUrl: 'http://127.0.0.1:9/closed', webhookRetrySeconds: [0.05, 0.05] });
  cleanups.push(() => gw.close());
  await pay(gw, 5000, card('4000000000000002'));
  const until = Date.now() + 5000;
  let log: { outcome: string; status: number | null; error?: string }[] = [];
  while (Date.now() < until) {
    log = (await gw.dev('webhooks/log')).body.items;
    if (log.some((l) => l.outcome === 'gave_up')) break;
    await sleep(30);
  }
  expect(log.map((l) => l.outcome)).toEqual(['failed', 'failed', 'failed', 'gave_up']);
  expect(log[0]).toEqual(expect.objectContaining({ status: null, error: expect.any(String) }));
});

it('chaos: every event twice with the same id; captured before authorized; captured before the rider is back', async () => {
  const { gw, rx } = await setup([200], { chaos: { duplicateRate: 1, reorder: true, earlyWebhook: true } });
  await pay(gw);
  // earlyWebhook: by the time the driver has the callback form, the captured webhook has been delivered.
  expect(rx.events()).toContain('payment.captured');
  await rx.waitFor((r) => r.length >= 6);
  expect(rx.events()).toEqual(['payment.captured', 'payment.captured', 'payment.authorized', 'payment.authorized', 'order.paid', 'order.paid']);
  const ids = rx.received.map((r) => r.headers['x-razorpay-event-id']);
  expect(ids[0]).toBe(ids[1]);
  expect(ids[2]).toBe(ids[3]);
  expect(ids[0]).not.toBe(ids[2]);
  const log = (await gw.dev('webhooks/log')).body.items as { kind: string; attempt: number }[];
  expect(log.map((l) => [l.kind, l.attempt])).toEqual([
    ['first', 1],
    ['duplicate', 2],
    ['first', 1],
    ['duplicate', 2],
    ['first', 1],
    ['duplicate', 2],
  ]);
});

it('hold queues, flush delivers and answers what it delivered; drop loses them; redeliver replays any event', async () => {
  const { gw, rx } = await setup();
  expect((await gw.dev('webhooks', { mode: 'hold' })).body).toEqual(expect.objectContaining({ mode: 'hold' }));
  const { paymentId } = await pay(gw);
  await sleep(300);
  expect(rx.received).toHaveLength(0);
  expect((await gw.dev('webhooks/log')).body.queued.map((q: { event: string }) => q.event)).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
  const flushed = (await gw.dev('webhooks/flush', {})).body.delivered as { event: string; status: number; outcome: string }[];
  expect(flushed.map((d) => [d.event, d.status, d.outcome])).toEqual([
    ['payment.authorized', 200, 'delivered'],
    ['payment.captured', 200, 'delivered'],
    ['order.paid', 200, 'delivered'],
  ]);
  expect(rx.events()).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
  expect((await gw.dev('webhooks/log')).body.queued).toEqual([]);

  await gw.dev('webhooks', { mode: 'drop' });
  await gw.api('POST', `/v1/payments/${paymentId}/refund`, { amount: 100 });
  expect((await gw.dev('webhooks/flush', {})).body.delivered).toEqual([]);
  await sleep(200);
  expect(rx.received).toHaveLength(3);
  const dropped = ((await gw.dev('webhooks/log')).body.items as { eventId: string; event: string; outcome: string }[]).find((l) => l.outcome === 'dropped')!;
  expect(dropped.event).toBe('refund.created');

  // A replay of the dropped one, and of an old one: same event id and body as the first delivery.
  await gw.dev('webhooks', { mode: 'deliver' });
  const replay = (await gw.dev('webhooks/redeliver', { eventId: dropped.eventId })).body;
  expect(replay).toEqual(expect.objectContaining({ eventId: dropped.eventId, status: 200, outcome: 'delivered', kind: 'redeliver', attempt: 1 }));
  const firstId = rx.received[0].headers['x-razorpay-event-id'] as string;
  const again = (await gw.dev('webhooks/redeliver', { eventId: firstId })).body;
  expect(again).toEqual(expect.objectContaining({ attempt: 2, status: 200 }));
  expect(rx.received.at(-1)!.body).toBe(rx.received[0].body);
  expect(rx.received.at(-1)!.headers['x-razorpay-event-id']).toBe(firstId);
});

it('the webhook URL can be set at run time; held events go out once delivering again', async () => {
  const gw = await startTestGateway();
  cleanups.push(() => gw.close());
  const rx = await startReceiver();
  cleanups.push(() => rx.close());
  await gw.dev('webhooks', { url: rx.url, mode: 'hold' });
  await pay(gw);
  await sleep(200);
  expect(rx.received).toHaveLength(0);
  await gw.dev('webhooks', { mode: 'deliver' });
  await rx.waitFor((r) => r.length === 3);
});
