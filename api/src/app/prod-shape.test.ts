import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { payOnHostedPage } from '../dev-gateway/driver';
import { card } from '../testing/gateway-pay';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';
import { postGatewayReturn } from '../cli/spawned-server.testing';

// The production shape (deploy/, scripts/prod-shape.mjs) started for real: HAProxy in front of three
// API instances (api/dist, plain node) on one PostgreSQL database, Prometheus scraping them. Runs in the PostgreSQL
// pass of npm test (TEST_DATABASE_URL: a database of its own is made beside it); needs Debian's haproxy and prometheus
// (the script installs them as root). Loopback only, ports 18360-18365. The instances take payments through the
// development gateway, started in this process on a port of its own (RAZORPAY_API_URL, RAZORPAY_CHECKOUT_URL), its
// webhooks sent through HAProxy.
const root = path.resolve(__dirname, '../../..');
const script = path.join(root, 'scripts/prod-shape.mjs');
const BASE_PORT = 18360;
const LB = `http://127.0.0.1:${BASE_PORT}`;
const API_PORTS = [BASE_PORT + 1, BASE_PORT + 2, BASE_PORT + 3];
const PROMETHEUS = `http://127.0.0.1:${BASE_PORT + 4}`;
const DIR = `/tmp/sawari-prod-shape-test-${process.pid}`;
const KIOSK = { authorization: 'Kiosk sawari-dev-kiosk' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The instances' settings: a payment orphaned by a killed instance is failed or settled by reconciliation (every
 *  second, on any instance) after 5 s instead of 2 min, so the test sees every purchase end. */
const shapeEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info', PAYMENTS_STALE_MS: '5000', PAYMENTS_RECONCILE_EVERY_MS: '1000' };
let gw: TestGateway | null = null;

function shape(...args: string[]): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, [script, ...args, '--base-port', String(BASE_PORT), '--dir', DIR, ...(shapeDb ? ['--database-url', shapeDb] : [])], {
    cwd: root,
    encoding: 'utf8',
    timeout: 150_000,
    env: shapeEnv,
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/** The script run without blocking this process (its load loops keep running meanwhile). */
function shapeAsync(...args: string[]): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args, '--base-port', String(BASE_PORT), '--dir', DIR, ...(shapeDb ? ['--database-url', shapeDb] : [])], {
      cwd: root,
      env: shapeEnv,
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 140_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, out });
    });
  });
}

/** The test database's server, a database of the shape's own beside it. */
const testUrl = process.env.TEST_DATABASE_URL;
const shapeDb = testUrl
  ? (() => {
      const u = new URL(testUrl);
      u.pathname = `/sawari_shape_${process.pid}`;
      return u.toString();
    })()
  : null;

const promtool = '/usr/bin/promtool';
// Debian's prometheus brings promtool; the script installs it when missing and root (else says how).
const havePromtool = existsSync(promtool) || spawnSync(process.execPath, [script, 'install'], { encoding: 'utf8', timeout: 300_000 }).status === 0;

(havePromtool ? describe : describe.skip)('alert rules (promtool)', () => {
  it('deploy/alerts.yml is valid, and each alert fires on series that should fire it and stays quiet on healthy ones', () => {
    const check = spawnSync(promtool, ['check', 'rules', path.join(root, 'deploy/alerts.yml')], { encoding: 'utf8' });
    expect(check.stdout).toContain('SUCCESS: 6 rules found');
    expect(check.status).toBe(0);
    const unit = spawnSync(promtool, ['test', 'rules', path.join(root, 'deploy/alerts.test.yml')], { encoding: 'utf8' });
    expect(`${unit.stdout}${unit.stderr}`).toContain('SUCCESS');
    expect(unit.status).toBe(0);
  });
});
if (!havePromtool) console.log('alert rules not checked: promtool (Debian package prometheus) is missing and cannot be installed here (not root)');

let started = false;
let skipReason: string | null = testUrl ? null : 'runs in the PostgreSQL pass of npm test (TEST_DATABASE_URL unset)';
if (skipReason) console.log(`production shape tests skipped: ${skipReason}`);

interface Rider {
  phone: string;
  headers: Record<string, string>;
  userId: string;
}

async function signIn(phone: string, n: number): Promise<Rider> {
  const ip = { 'x-forwarded-for': `10.77.0.${n}` };
  const otp = await fetch(`${LB}/api/auth/otp?phoneNumber=${phone}&countryCode=%2B91`, { headers: ip });
  if (otp.status !== 200) throw new Error(`otp ${otp.status} ${await otp.text()}`);
  const outbox = (await (await fetch(`${LB}/api/dev/sms-outbox?phoneNumber=${phone}`)).json()) as { messages: { body: string }[] };
  const code = /\b(\d{6})\b/.exec(outbox.messages[0].body)![1];
  const deviceId = `shape-device-${n}`;
  const r = await fetch(`${LB}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...ip },
    body: JSON.stringify({ phoneNumber: phone, countryCode: '+91', otp: code, deviceId }),
  });
  const body = (await r.json()) as { userId: string; accessToken: string };
  if (r.status !== 200) throw new Error(`login ${r.status} ${JSON.stringify(body)}`);
  return {
    phone,
    userId: body.userId,
    headers: { accesstoken: body.accessToken, authtype: 'ACCESS_TOKEN', userid: body.userId, deviceid: deviceId, 'x-type': 'pass', ...ip },
  };
}

/** Steady load through HAProxy: `workers` loops of board reads (GET) and board polls (POST), until stopped. */
function steadyLoad(workers: number) {
  let stop = false;
  const results = { ok: 0, failed: 0, failures: [] as string[] };
  const loops = (async () => {
    const config = (await (await fetch(`${LB}/api/airport/v1/boards/express/T1`, { headers: KIOSK })).json()) as {
      city: string;
      routeStopPairs: { routeId: string; stopId: string }[];
    };
    const now = Date.now();
    const poll = JSON.stringify({
      routeStopPairs: config.routeStopPairs.map(({ routeId, stopId }) => ({ routeId, stopId })),
      timeWindow: { fromTime: String(now), toTime: String(now + 43_200_000) },
    });
    await Promise.all(
      Array.from({ length: workers }, async (_, w) => {
        for (let i = 0; !stop; i++) {
          const get = (i + w) % 2 === 0;
          try {
            const r = get
              ? await fetch(`${LB}/api/airport/v1/boards/express/T1`, { headers: KIOSK, signal: AbortSignal.timeout(10_000) })
              : await fetch(`${LB}/api/tub/v1/trips/${config.city}/by_route_stop_pairs`, {
                  method: 'POST',
                  headers: { ...KIOSK, 'content-type': 'application/json' },
                  body: poll,
                  signal: AbortSignal.timeout(10_000),
                });
            await r.arrayBuffer();
            if (r.status === 200) results.ok += 1;
            else {
              results.failed += 1;
              results.failures.push(`${get ? 'GET' : 'POST'} ${r.status}`);
            }
          } catch (err) {
            results.failed += 1;
            results.failures.push(`${get ? 'GET' : 'POST'} ${(err as Error).message}`);
          }
          await sleep(20);
        }
      }),
    );
  })();
  return {
    results,
    stop: async () => {
      stop = true;
      await loops;
      return results;
    },
  };
}

(testUrl ? describe : describe.skip)('production shape: HAProxy, three instances, one PostgreSQL, Prometheus', () => {
  beforeAll(async () => {
    gw = await startTestGateway({ webhookUrl: `${LB}/api/payments/gateway/razorpay/webhook` });
    Object.assign(shapeEnv, { RAZORPAY_API_URL: gw.url, RAZORPAY_CHECKOUT_URL: gw.url });
    const r = shape('start', '--fresh');
    if (r.status === 3) {
      skipReason = `HAProxy or Prometheus cannot be installed here: ${r.out.trim()}`;
      console.log(`production shape tests skipped: ${skipReason}`);
      return;
    }
    if (r.status !== 0) throw new Error(`prod-shape start failed (${r.status}):\n${r.out}`);
    started = true;
  }, 170_000);

  afterAll(async () => {
    if (started) shape('stop');
    if (started) rmSync(DIR, { recursive: true, force: true });
    await gw?.close();
    if (shapeDb) {
      const u = new URL(shapeDb);
      const name = u.pathname.slice(1);
      u.pathname = '/postgres';
      const admin = new Client({ connectionString: u.toString() });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    }
  }, 60_000);

  const live = () => {
    if (skipReason) console.log(`skipped: ${skipReason}`);
    return !skipReason;
  };

  it('answers through HAProxy with the request id kept, /metrics refused outside, every instance scraped by Prometheus', async () => {
    if (!live()) return;
    const r = await fetch(`${LB}/api/health`, { headers: { 'x-request-id': 'shape-check-0001' } });
    expect([r.status, r.headers.get('x-request-id')]).toEqual([200, 'shape-check-0001']);
    const made = await fetch(`${LB}/api/health`, { headers: { 'x-request-id': 'bad id!' } });
    expect(made.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9._:-]{1,64}$/);
    expect(made.headers.get('x-request-id')).not.toBe('bad id!');
    // a request that writes log lines (a 404 is logged at info) carries the balancer's id on each of them
    await fetch(`${LB}/api/not-here`, { headers: { 'x-request-id': 'shape-log-0001' } });
    await sleep(300);
    const lines = [1, 2, 3].flatMap((n) =>
      readFileSync(path.join(DIR, `api${n}.log`), 'utf8')
        .split('\n')
        .filter((l) => l.includes('/api/not-here')),
    );
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(JSON.parse(l)).toMatchObject({ reqId: 'shape-log-0001', status: 404 });

    expect((await fetch(`${LB}/metrics`)).status).toBe(404);
    for (const port of API_PORTS)
      expect(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()).toContain('sawari_http_request_duration_seconds_bucket');
    // Prometheus scrapes every 5 s: all three instances (and HAProxy) up
    let up: string[] = [];
    for (let i = 0; i < 60 && up.length < 4; i++) {
      const t = (await (await fetch(`${PROMETHEUS}/api/v1/targets`)).json()) as { data: { activeTargets: { scrapeUrl: string; health: string }[] } };
      up = t.data.activeTargets.filter((x) => x.health === 'up').map((x) => x.scrapeUrl);
      if (up.length < 4) await sleep(500);
    }
    expect(up.sort()).toEqual([...API_PORTS, BASE_PORT + 5].map((p) => `http://127.0.0.1:${p}/metrics`).sort());
  }, 60_000);

  it('the boards and live arrivals of the three instances agree (same feed, same seeded live source, same instant)', async () => {
    if (!live()) return;
    const config = (await (await fetch(`${LB}/api/airport/v1/boards/express/T1`, { headers: KIOSK })).json()) as {
      city: string;
      routeStopPairs: { routeId: string; stopId: string }[];
    };
    // one fixed window, so every instance is asked the same question
    const from = Math.floor(Date.now() / 60_000) * 60_000;
    const poll = JSON.stringify({
      routeStopPairs: config.routeStopPairs.map(({ routeId, stopId }) => ({ routeId, stopId })),
      timeWindow: { fromTime: String(from), toTime: String(from + 43_200_000) },
    });
    const boards = await Promise.all(
      API_PORTS.map(async (p) =>
        (
          await fetch(`http://127.0.0.1:${p}/api/tub/v1/trips/${config.city}/by_route_stop_pairs`, {
            method: 'POST',
            headers: { ...KIOSK, 'content-type': 'application/json' },
            body: poll,
          })
        ).text(),
      ),
    );
    expect(boards[0].length).toBeGreaterThan(20);
    expect(new Set(boards).size).toBe(1);
    // live arrivals at the board's first stop (the simulator is a function of its seed and the time; each instance
    // caches a city's snapshot per 5 s slot of the clock, so asked in one slot they answer alike)
    const stopId = config.routeStopPairs[0].stopId;
    const query = JSON.stringify({
      query: `query($c: ID!, $s: ID!) { stopArrivals(city: $c, stopId: $s) { route_id tripId scheduledTime expectedTime vNo tS delaySeconds } }`,
      variables: { c: config.city, s: stopId },
    });
    for (let attempt = 0; attempt < 3; attempt++) {
      // start just after a 5 s slot begins, so the three answers fall in one slot
      await sleep(5000 - (Date.now() % 5000) + 100);
      const live = await Promise.all(
        API_PORTS.map(async (p) =>
          (await fetch(`http://127.0.0.1:${p}/api/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: query })).text(),
        ),
      );
      if (new Set(live).size === 1) {
        expect(JSON.parse(live[0])).not.toHaveProperty('errors');
        return;
      }
      if (attempt === 2) expect(live[1]).toBe(live[0]);
    }
  }, 60_000);

  it('a rolling restart of all three instances under steady load answers every request', async () => {
    if (!live()) return;
    const load = steadyLoad(6);
    await sleep(1500);
    const t0 = Date.now();
    const r = await shapeAsync('restart');
    const restartMs = Date.now() - t0;
    await sleep(1500);
    const res = await load.stop();
    console.log(`rolling restart figures ${JSON.stringify({ answered: res.ok, failed: res.failed, restartMs, failures: res.failures.slice(0, 5) })}`);
    expect({ status: r.status, out: r.status === 0 ? '' : r.out }).toEqual({ status: 0, out: '' });
    expect(res.ok).toBeGreaterThan(500);
    expect({ failed: res.failed, failures: res.failures.slice(0, 5) }).toEqual({ failed: 0, failures: [] });
  }, 150_000);

  it('kill -9 of one instance during purchases: every purchase ends paid once, nobody is charged twice, nothing is lost', async () => {
    if (!live()) return;
    const riders = await Promise.all([1, 2, 3, 4].map((n) => signIn(`98765600${String(n).padStart(2, '0')}`, n)));
    const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const call = async (url: string, headers: Record<string, string>, body: unknown) => {
      const r = await fetch(`${LB}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };
    /** What the app does: the same idempotency key again after a network error, a 5xx or "in progress", until an answer. */
    const withRetries = async (url: string, headers: Record<string, string>, body: unknown, until: number) => {
      let last = '';
      while (Date.now() < until) {
        try {
          const r = await call(url, headers, body);
          if (r.status < 500 && r.body.code !== 'PAYMENT_IN_PROGRESS') return { ...r, retried: last };
          last = `${r.status} ${String(r.body.code)}`;
        } catch (err) {
          last = (err as Error).message;
        }
        await sleep(250);
      }
      throw new Error(`no answer before the deadline (last: ${last})`);
    };
    /** The payment's order state once it is final (the rider's page polls GET /api/payments/:id); retried as the app does. */
    const finalStatus = async (rider: Rider, paymentId: string, until: number) => {
      let last = '';
      while (Date.now() < until) {
        try {
          const r = await fetch(`${LB}/api/payments/${paymentId}`, { headers: rider.headers, signal: AbortSignal.timeout(15_000) });
          const body = (await r.json()) as { orderStatus?: string; code?: string };
          if (r.status === 200 && body.orderStatus !== 'PAYMENT_PROCESSING') return String(body.orderStatus);
          last = `${r.status} ${String(body.orderStatus ?? body.code)}`;
        } catch (err) {
          last = (err as Error).message;
        }
        await sleep(250);
      }
      return `not final before the deadline (last: ${last})`;
    };
    const outcomes: { orderId: string; status: string; retried: boolean; returned: number | string | null }[] = [];
    let stop = false;
    const buyers = riders.map(async (rider, w) => {
      for (let i = 0; !stop; i++) {
        const until = Date.now() + 40_000;
        const order = await withRetries(
          '/api/passes/v3/orders',
          { ...rider.headers, 'idempotency-key': `order-${w}-${i}-${process.pid}` },
          {
            appVer: '1.0.0',
            city: 'mumbai',
            deviceId: rider.headers.deviceid,
            source: 1,
            paymentProps: { lpVer: '1', paymentType: 'online' },
            proofs: [],
            userDetails: { mailId: 'a@b.in', mobileNumber: rider.phone, userName: 'Asha Rao', gender: 'F', dobInMillis: 0, userId: rider.userId },
            passProps: { passStartDate: today, categoryId: 'adult', fmId: 'mum-gen-30', configurationId: 'mum-general', passFare: 1100 },
          },
          until,
        );
        if (order.status !== 201) throw new Error(`order: ${order.status} ${JSON.stringify(order.body)}`);
        const orderId = String(order.body.transactionId);
        const paid = await withRetries(
          `/api/payments/pass/${orderId}/pay`,
          { ...rider.headers, 'idempotency-key': `pay-${w}-${i}-${process.pid}` },
          { method: 'card' },
          until,
        );
        const checkout = paid.body.checkout as { action: string; fields: Record<string, string> } | undefined;
        if (paid.status !== 200 || !checkout) {
          const status = String(paid.body.status ?? paid.body.code);
          outcomes.push({ orderId, status, retried: !!paid.retried || !!order.retried, returned: null });
          // Told the order is already paid, a rider has the pass and stops buying it. A buyer that went on would spin:
          // while the killed instance's claim on that order's delivery lasts (up to its 60 s lease), every new order
          // for the same pass is answered with that paid order. A CI run under load counted 50 SUCCESS and 50
          // ORDER_ALREADY_PAID with one delivery healed after 48 s: one rider's loop, by all signs, not half the sales.
          if (status === 'ORDER_ALREADY_PAID') return;
          continue;
        }
        // the rider on the gateway's page (the gateway stays up: only an instance of ours is killed), then the
        // gateway's return posted once through HAProxy; one lost to the kill is settled by the webhook or reconciliation
        const page = await payOnHostedPage(checkout, card());
        if (page.kind !== 'callback') throw new Error(`expected the gateway to call back, got ${page.kind}`);
        const returned = await postGatewayReturn(page).then(
          (r) => r.status,
          (err: Error) => err.message,
        );
        const status = await finalStatus(rider, String(paid.body.paymentId), until + 30_000);
        outcomes.push({ orderId, status, retried: !!paid.retried || !!order.retried, returned });
      }
    });
    const buying = Promise.all(buyers);
    await sleep(2500);
    const killed = await shapeAsync('kill', '2');
    expect(killed.status).toBe(0);
    await sleep(4000);
    stop = true;
    await buying;
    const revived = await shapeAsync('revive', '2');
    expect(revived.status).toBe(0);

    const db = new Client({ connectionString: shapeDb! });
    await db.connect();
    try {
      const ids = outcomes.map((o) => o.orderId);
      /** The gateway's own account of what it charged: its captured payments by our payment id (its order's receipt). */
      const gatewayCharges = async () => {
        const { ledger } = (await gw!.inspect('state')) as {
          ledger: { orders: Record<string, { receipt: string }>; payments: Record<string, { order_id: string; status: string; amount_refunded: number }> };
        };
        const byReceipt = new Map<string, { charged: number; refunded: number }>();
        for (const p of Object.values(ledger.payments)) {
          if (p.status !== 'captured' && p.status !== 'refunded') continue;
          const receipt = ledger.orders[p.order_id].receipt;
          const c = byReceipt.get(receipt) ?? { charged: 0, refunded: 0 };
          byReceipt.set(receipt, { charged: c.charged + 1, refunded: c.refunded + (p.amount_refunded > 0 ? 1 : 0) });
        }
        return byReceipt;
      };
      const readOrders = async () => {
        const charges = await gatewayCharges();
        const rows = (
          await db.query<{ order_id: string; payments: string; succeeded: string; failed: string; passes: string; payment_ids: string[] }>(
            `SELECT o.id AS order_id,
                  (SELECT count(*) FROM payments p WHERE p.order_id = o.id) AS payments,
                  (SELECT count(*) FROM payments p WHERE p.order_id = o.id AND p.status = 'SUCCESS') AS succeeded,
                  (SELECT count(*) FROM payments p WHERE p.order_id = o.id AND p.status = 'FAILED') AS failed,
                  (SELECT count(*) FROM passes s WHERE s.transaction_id = o.id) AS passes,
                  ARRAY(SELECT p.id FROM payments p WHERE p.order_id = o.id) AS payment_ids
             FROM unnest($1::text[]) AS o(id)`,
            [[...new Set(ids)]],
          )
        ).rows;
        return rows.map((r) => ({
          orderId: r.order_id,
          payments: +r.payments,
          succeeded: +r.succeeded,
          failed: +r.failed,
          charged: r.payment_ids.reduce((n, id) => n + (charges.get(id)?.charged ?? 0), 0),
          refunded: r.payment_ids.reduce((n, id) => n + (charges.get(id)?.refunded ?? 0), 0),
          passes: +r.passes,
        }));
      };
      // A payment the killed instance had settled but not yet delivered (claimed for delivery, then killed) gets its
      // pass from reconciliation once the claim's 60 s lease has passed: the healing is waited for (and timed), not
      // assumed to have happened by the time the buyers stop.
      const healStarted = Date.now();
      let perOrder = await readOrders();
      const undelivered = () => perOrder.filter((o) => o.succeeded === 1 && o.passes === 0);
      const undeliveredAtFirst = undelivered().length;
      while (undelivered().length > 0 && Date.now() - healStarted < 110_000) {
        await sleep(1000);
        perOrder = await readOrders();
      }
      console.log(`kill -9 healing ${JSON.stringify({ undeliveredWhenTheBuyersStopped: undeliveredAtFirst, healedInMs: Date.now() - healStarted })}`);
      // a charge at the gateway whose receipt is no payment of ours (a payment row lost with the killed instance)
      const receipts = [...(await gatewayCharges()).keys()];
      const known = new Set((await db.query<{ id: string }>('SELECT id FROM payments WHERE id = ANY($1::text[])', [receipts])).rows.map((r) => r.id));
      const orphanCharges = receipts.filter((r) => !known.has(r)).length;
      console.log(
        `kill -9 figures ${JSON.stringify({
          purchases: outcomes.length,
          succeeded: outcomes.filter((o) => o.status === 'SUCCESS').length,
          failedNoCharge: outcomes.filter((o) => o.status === 'PAYMENT_FAILED').length,
          alreadyPaid: outcomes.filter((o) => o.status === 'ORDER_ALREADY_PAID').length,
          retriedByTheClient: outcomes.filter((o) => o.retried).length,
          returnsLost: outcomes.filter((o) => o.returned !== null && o.returned !== 303).length,
          outcomes: [...new Set(outcomes.map((o) => o.status))],
          orphanCharges,
        })}`,
      );
      expect(outcomes.length).toBeGreaterThan(8);
      // Every purchase ended for the client: SUCCESS; ORDER_ALREADY_PAID (the passes module answered a new order for
      // the same pass with the rider's order whose payment was under way, and that order was paid); or
      // PAYMENT_FAILED (a request the killed instance had recorded but never sent to the gateway, failed by
      // reconciliation once the gateway had no order for it). A return lost to the kill changes none of this: the
      // gateway's webhook or reconciliation settles the payment.
      const ends = ['SUCCESS', 'ORDER_ALREADY_PAID', 'PAYMENT_FAILED'];
      expect(outcomes.filter((o) => !ends.includes(o.status))).toEqual([]);
      expect(outcomes.filter((o) => o.status === 'SUCCESS').length).toBeGreaterThan(outcomes.length / 2);
      const told = new Map<string, Set<string>>();
      for (const o of outcomes) told.set(o.orderId, (told.get(o.orderId) ?? new Set()).add(o.status));
      const paidAsTold = (id: string) => told.get(id)!.has('SUCCESS') || told.get(id)!.has('ORDER_ALREADY_PAID');
      // One payment per order (the retries replayed it), but for attempts that failed with nothing charged, each told
      // to the client as PAYMENT_FAILED: the order stays the rider's open order, so the next purchase of the same pass
      // is answered with it and pays it again (a second payment row, once seen when the kill left a payment recorded
      // but never sent to the gateway). At most one charge at the gateway (none refunded), and a pass exactly when it
      // was charged and the client was told it is paid: nobody charged twice, no charge without its pass, no pass
      // without its charge.
      const toldFailed = (id: string) => told.get(id)!.has('PAYMENT_FAILED');
      const wrong = perOrder.filter(
        (o) =>
          o.payments !== o.succeeded + o.failed ||
          o.succeeded > 1 ||
          (o.failed > 0 && !toldFailed(o.orderId)) ||
          o.payments < 1 ||
          o.charged > 1 ||
          o.refunded > 0 ||
          o.charged !== o.succeeded ||
          o.passes !== o.succeeded ||
          paidAsTold(o.orderId) !== (o.succeeded === 1),
      );
      expect(wrong).toEqual([]);
      expect(orphanCharges).toBe(0);
    } finally {
      await db.end();
    }
  }, 260_000);
});
