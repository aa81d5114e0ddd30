import { startDevGateway } from '../dev-gateway/server';
import { DEV_RAZORPAY, type RazorpayConfig } from '../modules/payments';
import { freePort } from './free-port';

export { freePort };

/** The development gateway in this test process, on a free port of its own (its own origin), with its test controls. */
export interface TestGateway {
  url: string;
  /** The API's Razorpay configuration for this gateway. */
  razorpay: RazorpayConfig;
  /** POST /__dev/<path> (outage, webhooks mode/flush/redeliver, clock, upi approve/decline). */
  control(path: string, body?: unknown): Promise<unknown>;
  /** GET /__dev/<path> (webhooks/log, state). */
  inspect(path: string): Promise<unknown>;
  close(): Promise<void>;
}

export async function startTestGateway(opts: { webhookUrl?: string; upiExpirySeconds?: number; refundSettleSeconds?: number } = {}): Promise<TestGateway> {
  const gw = await startDevGateway({
    port: 0,
    keyId: DEV_RAZORPAY.keyId,
    keySecret: DEV_RAZORPAY.keySecret,
    webhookSecret: DEV_RAZORPAY.webhookSecret,
    webhookUrl: opts.webhookUrl,
    upiExpirySeconds: opts.upiExpirySeconds,
    refundSettleSeconds: opts.refundSettleSeconds,
    webhookRetrySeconds: [0.2, 0.5, 1, 2],
  });
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await fetch(`${gw.url}/__dev/${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`dev gateway /__dev/${path} answered ${res.status}: ${text}`);
    return text ? (JSON.parse(text) as unknown) : null;
  };
  return {
    url: gw.url,
    razorpay: { ...DEV_RAZORPAY, apiUrl: gw.url, checkoutUrl: gw.url, timeoutMs: 5000 },
    control: (path, body = {}) => call('POST', path, body),
    inspect: (path) => call('GET', path),
    close: () => gw.close(),
  };
}
