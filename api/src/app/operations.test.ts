import { seedCityConfig } from '../seed';
import { readinessOf } from '../platform/readiness';
import { dbLabel } from '../testing/test-db';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signIn, TestClock, type Session } from '../testing/accounts';
import { card, payThroughGateway } from '../testing/gateway-pay';

/** One sample of a metric in Prometheus text: its value, or 0 when the series is not there (yet). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

// GET /metrics (Prometheus), GET /api/ready, x-request-id.
describe(`operations: metrics, readiness, request ids ${dbLabel()}`, () => {
  const clock = new TestClock();
  let s: TestServer;
  let rider: Session;
  beforeAll(async () => {
    s = await startTestServer({
      seed: false,
      now: clock.now,
      before: (t) => seedCityConfig(t.db),
      config: { metricsAllow: ['127.0.0.1', '198.51.100.0/24'] },
      // Readiness as `npm start` has it: it waits for the planner's networks and the live feeds built at start.
      warmAtStart: true,
    });
    rider = await signIn(s.app, s.db, '9876591001');
  }, 60_000);
  afterAll(() => s?.cleanup());

  const metrics = async (headers: Record<string, string> = {}) => s.app.inject({ url: '/metrics', headers });

  it('answers Prometheus text to allowed addresses only: loopback and the configured range; others get the plain 404', async () => {
    await s.app.inject({ url: '/api/health' });
    const ok = await metrics();
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.body).toContain('# TYPE sawari_http_request_duration_seconds histogram');
    expect(sample(ok.body, 'sawari_http_request_duration_seconds_count{route="/api/health",method="GET",status="2xx"}')).toBeGreaterThanOrEqual(1);
    expect(ok.body).toMatch(/sawari_http_request_duration_seconds_bucket\{le="0\.3",route="\/api\/health",method="GET",status="2xx"\} \d+/);
    // the gauges of the composition root, Node's event-loop lag, and a business counter's declaration
    for (const name of ['sawari_planner_queue_capacity', 'sawari_planner_queue_length', 'sawari_reconciliation_backlog', 'nodejs_eventloop_lag_seconds'])
      expect(ok.body).toMatch(new RegExp(`^${name} \\d`, 'm'));
    expect(ok.body).toContain('# TYPE sawari_payments_total counter');
    if (s.kind === 'postgres') expect(ok.body).toMatch(/^sawari_db_pool_connections\{state="in_use"\} \d+/m);

    // a client behind the trusted proxy (x-forwarded-for) is checked, not the proxy's loopback address
    const outside = await metrics({ 'x-forwarded-for': '203.0.113.9' });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(outside.body).not.toContain('sawari_');
    expect((await metrics({ 'x-forwarded-for': '198.51.100.7' })).statusCode).toBe(200);
  });

  it("counts a real payment on the gateway's page: the SUCCESS payments counter, the pass ordered and the pass issued each move by one", async () => {
    const before = (await metrics()).body;
    const order = await s.app.inject({
      method: 'POST',
      url: '/api/passes/v3/orders',
      headers: rider.headers,
      payload: {
        appVer: '1.0.0',
        city: 'mumbai',
        deviceId: 'test-device-1',
        source: 1,
        paymentProps: { lpVer: '1', paymentType: 'online' },
        proofs: [],
        userDetails: { mailId: 'a@b.in', mobileNumber: '9876591001', userName: 'Asha Rao', gender: 'F', dobInMillis: 0, userId: rider.userId },
        passProps: { passStartDate: '2025-08-14', categoryId: 'adult', fmId: 'mum-gen-30', configurationId: 'mum-general', passFare: 1100 },
      },
    });
    expect(order.statusCode).toBe(201);
    const tx = (order.json() as { transactionId: string }).transactionId;
    const paid = await payThroughGateway(s.app, rider, 'pass', tx, card(), { key: 'metrics-pay-0001' });
    expect(paid.json()).toMatchObject({ status: 'SUCCESS' });
    const after = (await metrics()).body;
    const moved = (series: string) => sample(after, series) - sample(before, series);
    expect({
      payments: moved('sawari_payments_total{outcome="SUCCESS"}'),
      failed: moved('sawari_payments_total{outcome="FAILED"}'),
      ordered: moved('sawari_orders_created_total{kind="pass"}'),
      issued: moved('sawari_products_issued_total{kind="pass"}'),
    }).toEqual({ payments: 1, failed: 0, ordered: 1, issued: 1 });
    expect(sample(after, 'sawari_http_request_duration_seconds_count{route="/api/payments/:orderKind/:orderId/pay",method="POST",status="2xx"}')).toBe(1);
    // the gateway's return to us (a 303 back to the rider's page) is counted under its route too
    expect(
      sample(after, 'sawari_http_request_duration_seconds_count{route="/api/payments/gateway/razorpay/return/:paymentId",method="POST",status="3xx"}'),
    ).toBe(1);
  });

  it('counts OTPs sent and refused (the resend wait)', async () => {
    const before = (await metrics()).body;
    const first = await s.app.inject({ url: '/api/auth/otp?phoneNumber=9876591002&countryCode=%2B91', headers: { 'x-forwarded-for': '10.8.0.1' } });
    const again = await s.app.inject({ url: '/api/auth/otp?phoneNumber=9876591002&countryCode=%2B91', headers: { 'x-forwarded-for': '10.8.0.1' } });
    expect([first.statusCode, again.statusCode]).toEqual([200, 429]);
    const after = (await metrics()).body;
    expect(sample(after, 'sawari_otps_total{outcome="sent"}') - sample(before, 'sawari_otps_total{outcome="sent"}')).toBe(1);
    expect(sample(after, 'sawari_otps_total{outcome="refused"}') - sample(before, 'sawari_otps_total{outcome="refused"}')).toBe(1);
  });

  it('keeps a well-formed x-request-id and answers it back; replaces a malformed one with a new id', async () => {
    const kept = await s.app.inject({ url: '/api/health', headers: { 'x-request-id': 'lb-7f3a.09:Z_-' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.09:Z_-');
    const error = await s.app.inject({ url: '/api/nothing-here', headers: { 'x-request-id': 'lb-404' } });
    expect([error.statusCode, error.headers['x-request-id']]).toEqual([404, 'lb-404']);
    for (const bad of ['has space', 'x'.repeat(65), 'semi;colon', '']) {
      const r = await s.app.inject({ url: '/api/health', headers: { 'x-request-id': bad } });
      expect(r.headers['x-request-id']).toMatch(/^[A-Za-z0-9._:-]{1,64}$/);
      expect(r.headers['x-request-id']).not.toBe(bad);
    }
    const a = (await s.app.inject({ url: '/api/health' })).headers['x-request-id'];
    const b = (await s.app.inject({ url: '/api/health' })).headers['x-request-id'];
    expect(a).toMatch(/^[A-Za-z0-9._:-]{16}$/);
    expect(a).not.toBe(b);
  });

  it('is ready once migrated with the planner networks built; not ready while a migration is missing; 503 DRAINING once draining, alive all along', async () => {
    const ready = async () => {
      const r = await s.app.inject({ url: '/api/ready' });
      return { status: r.statusCode, code: (r.json() as { code?: string }).code ?? (r.json() as { status: string }).status };
    };
    const deadline = Date.now() + 20_000;
    while ((await ready()).status !== 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await ready()).toEqual({ status: 200, code: 'ready' });

    const last = (await s.db.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version DESC LIMIT 1')).rows[0];
    await s.db.query('DELETE FROM schema_migrations WHERE version = $1', [last.version]);
    try {
      const r = await s.app.inject({ url: '/api/ready' });
      expect(r.statusCode).toBe(503);
      expect(r.json()).toMatchObject({ code: 'NOT_READY', message: expect.stringContaining('migrations') });
    } finally {
      await s.db.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [last.version, last.name]);
    }
    expect((await ready()).status).toBe(200);

    readinessOf(s.app).drain();
    expect(await ready()).toEqual({ status: 503, code: 'DRAINING' });
    expect((await s.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});

describe(`a server without the work at start (the API tests' servers) ${dbLabel()}`, () => {
  it('is ready at once: it waits for no network or feed it does not build ahead', async () => {
    const s = await startTestServer({ warmAtStart: false });
    try {
      // Nothing is built ahead, so nothing is waited for: ready on the first ask, not after a build.
      expect((await s.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await s.cleanup();
    }
  });
});
