import type { FastifyInstance } from 'fastify';
import { payResponseSchema, type PayResponse } from '@sawari/contracts';
import { payOnHostedPage } from '../dev-gateway/driver';
import { TEST_CARDS, TEST_OTP } from '../dev-gateway/defaults';

/** What a rider does on the gateway's hosted page (the development gateway's test instruments, docs/checkout.md). */
export type HostedInstrument = Parameters<typeof payOnHostedPage>[1];

export const card = (number: string = TEST_CARDS.success, otp: string = TEST_OTP): HostedInstrument => ({
  method: 'card',
  number,
  expiry: '12/30',
  cvv: '123',
  otp,
});
/** UPI collect: the rider approves or declines it in the UPI app, or leaves it waiting (approved later, or it expires). */
export const upi = (vpa: string, decision: 'approve' | 'decline' | 'wait' = 'approve'): HostedInstrument =>
  decision === 'wait' ? { method: 'upi', vpa } : { method: 'upi', vpa, approve: decision === 'approve' };
export const netbanking = (bank: string, outcome: 'success' | 'failure' | 'close' = 'success'): HostedInstrument => ({ method: 'netbanking', bank, outcome });
export const wallet = (code: string, approve = true): HostedInstrument => ({ method: 'wallet', wallet: code, approve });

/** An inject()-like answer, so tests that read `.statusCode` and `.json()` of a pay request keep their shape. */
export interface PayOutcome {
  statusCode: number;
  json(): PayResponse & { code?: string; message?: string };
  /** The pay request's own answer (with the gateway's checkout), before the rider went to the gateway's page. */
  started: PayResponse | null;
  /** Where the gateway's page left the rider: back with a result, left the page, or waiting (UPI not approved yet). */
  hosted: 'callback' | 'cancel' | 'waiting' | null;
}

/**
 * Pays an order as a rider does: POST pay (method and prefill only, never card data), then the gateway's hosted page
 * over HTTP as a browser would (the development gateway's driver), then the gateway's return posted to our API, and
 * answers the payment's state as the pay request used to ({paymentId, status, failureReason}). Cash answers at once.
 */
/** The gateway's return posted to our server as the rider's browser posts it (a 303 back to the checkout, else throws). */
export async function postGatewayReturn(app: FastifyInstance, result: { url: string; fields: Record<string, string> }): Promise<void> {
  const url = new URL(result.url);
  const back = await app.inject({
    method: 'POST',
    url: url.pathname + url.search,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(result.fields).toString(),
  });
  if (back.statusCode !== 303) throw new Error(`gateway return answered ${back.statusCode}: ${back.body}`);
}

export async function payThroughGateway(
  app: FastifyInstance,
  who: { headers: Record<string, string> },
  kind: string,
  orderId: string,
  instrument: HostedInstrument | { method: 'cash' },
  opts: { key?: string; prefill?: Record<string, string>; returnPath?: string } = {},
): Promise<PayOutcome> {
  const key = opts.key ?? `gw-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  const prefill =
    opts.prefill ?? (instrument.method === 'netbanking' ? { bank: instrument.bank } : instrument.method === 'wallet' ? { wallet: instrument.wallet } : {});
  const res = await app.inject({
    method: 'POST',
    url: `/api/payments/${kind}/${orderId}/pay`,
    headers: { ...who.headers, 'idempotency-key': key },
    payload: { method: instrument.method, prefill, ...(opts.returnPath ? { returnPath: opts.returnPath } : {}) },
  });
  if (res.statusCode !== 200) return { statusCode: res.statusCode, json: () => res.json(), started: null, hosted: null };
  const started = payResponseSchema.parse(res.json());
  if (!started.checkout || instrument.method === 'cash') return { statusCode: 200, json: () => started, started, hosted: null };
  const result = await payOnHostedPage(started.checkout, instrument);
  if (result.kind === 'callback') await postGatewayReturn(app, result);
  else if (result.kind === 'cancel') {
    const url = new URL(result.url);
    const back = await app.inject({ method: 'GET', url: url.pathname + url.search });
    if (back.statusCode !== 303) throw new Error(`gateway cancel answered ${back.statusCode}: ${back.body}`);
  }
  const view = await app.inject({ method: 'GET', url: `/api/payments/${started.paymentId}`, headers: who.headers });
  const p = view.json() as { paymentId: string; orderStatus: PayResponse['status']; failureReason: string | null; checkout?: PayResponse['checkout'] };
  const answer: PayResponse = {
    paymentId: p.paymentId,
    status: p.orderStatus,
    failureReason: p.failureReason,
    ...(p.checkout ? { checkout: p.checkout } : {}),
  };
  return { statusCode: 200, json: () => answer, started, hosted: result.kind };
}
