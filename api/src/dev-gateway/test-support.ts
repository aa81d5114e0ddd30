// Helpers for the development gateway's own tests: a gateway on a free port, Basic-auth JSON calls, a webhook
// receiver that answers what the test says.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startDevGateway, type DevGatewayOptions } from './server';

export const KEY_ID = 'rzp_test_gatewaytests';
export const KEY_SECRET = 'gateway_tests_key_secret';
export const WEBHOOK_SECRET = 'gateway_tests_webhook_secret';

export async function startTestGateway(opts: Partial<DevGatewayOptions> = {}) {
  const gw = await startDevGateway({
    port: 0,
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: WEBHOOK_SECRET,
    webhookRetrySeconds: [0.1, 0.2, 0.3],
    ...opts,
  });
  const auth = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`;
  const api = async (method: string, path: string, body?: unknown, headers: Record<string, string> = { authorization: auth }) => {
    const res = await fetch(`${gw.url}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, body: (text ? JSON.parse(text) : null) as any, headers: res.headers };
  };
  const dev = async (path: string, body?: unknown) => api(body === undefined ? 'GET' : 'POST', `/__dev/${path}`, body, {});
  const order = async (amount = 5000, receipt = 'rcpt_1') => {
    const r = await api('POST', '/v1/orders', { amount, currency: 'INR', receipt, notes: { kind: 'ticket' } });
    if (r.status !== 200) throw new Error(`order: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as { id: string; amount: number; receipt: string; created_at: number };
  };
  const checkout = (orderId: string, extra: Record<string, string> = {}) => ({
    action: `${gw.url}/v1/checkout/embedded`,
    fields: {
      key_id: KEY_ID,
      order_id: orderId,
      name: 'Sawari',
      description: 'Ticket 42',
      callback_url: 'http://127.0.0.1:9/return/pay_1',
      cancel_url: 'http://127.0.0.1:9/cancel/pay_1',
      timeout: '900',
      ...extra,
    },
  });
  return { ...gw, api, dev, order, checkout };
}

export const paymentSignature = (orderId: string, paymentId: string, secret = KEY_SECRET) =>
  createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: { event: string; payload: Record<string, { entity: Record<string, unknown> }>; [k: string]: unknown };
}

/** A webhook endpoint: answers the n-th delivery of each event id with statuses[n] (the last one repeats). */
export async function startReceiver(statuses: number[] = [200]) {
  const received: Received[] = [];
  const seen = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, body, json: JSON.parse(body) as Received['json'] });
      const id = String(req.headers['x-razorpay-event-id']);
      const n = seen.get(id) ?? 0;
      seen.set(id, n + 1);
      res.statusCode = statuses[Math.min(n, statuses.length - 1)];
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
  return {
    url,
    received,
    events: () => received.map((r) => r.json.event),
    async waitFor(pred: (r: Received[]) => boolean, ms = 5000) {
      const until = Date.now() + ms;
      while (!pred(received)) {
        if (Date.now() > until) throw new Error(`webhooks not received in time; got ${received.map((r) => r.json.event).join(', ')}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
