import { z } from 'zod';
import { defineSection } from '../../platform/config';
import type { RazorpayConfig } from './razorpay-gateway';

/**
 * The development gateway's keys (api/src/dev-gateway speaks Razorpay's API with them). Refused in production: going
 * live is the city's own keys, webhook secret and URLs (docs/payments.md "Going live").
 */
export const DEV_RAZORPAY = {
  keyId: 'rzp_test_sawari_dev',
  keySecret: 'sawari_dev_gateway_key_secret',
  webhookSecret: 'sawari_dev_webhook_secret',
  apiUrl: 'http://127.0.0.1:8090',
} as const;

export interface PaymentSettings {
  /** How often each instance runs reconciliation (PAYMENTS_RECONCILE_EVERY_MS; unset: 15 s; 0: not in this instance). */
  reconcileEveryMs?: number;
  /** How long an open payment waits before reconciliation asks the gateway about it (PAYMENTS_STALE_MS; unset: 2 min). */
  staleMs?: number;
  /** Seconds the gateway's page keeps taking a payment (PAYMENTS_CHECKOUT_TIMEOUT_S; unset: 900). */
  checkoutTimeoutSeconds?: number;
  /** Our public origin for the gateway's return URLs (PUBLIC_ORIGIN, e.g. https://sawari.example.in; unset: the request's). */
  publicOrigin?: string;
  /** The gateway (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET, RAZORPAY_API_URL, RAZORPAY_CHECKOUT_URL). */
  razorpay: RazorpayConfig;
}

const ms = (name: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`)
    .optional();
const url = (name: string) =>
  z
    .string()
    .url(`${name} must be a URL like https://api.razorpay.com`)
    .refine((v) => /^https?:\/\//.test(v), `${name} must be an http(s) URL`)
    .optional();
const secret = (name: string) => z.string().min(8, `${name} must be at least 8 characters`).max(200).optional();

export const paymentSettings = defineSection<PaymentSettings>({
  variables: {
    PAYMENTS_RECONCILE_EVERY_MS: ms('PAYMENTS_RECONCILE_EVERY_MS', 0, 3_600_000),
    // Never below 5 s: a live instance takes milliseconds from recording a payment to asking the gateway.
    PAYMENTS_STALE_MS: ms('PAYMENTS_STALE_MS', 5000, 3_600_000),
    PAYMENTS_CHECKOUT_TIMEOUT_S: ms('PAYMENTS_CHECKOUT_TIMEOUT_S', 60, 86_400),
    PUBLIC_ORIGIN: url('PUBLIC_ORIGIN'),
    RAZORPAY_KEY_ID: z
      .string()
      .regex(/^rzp_(test|live)_[A-Za-z0-9_]{4,40}$/, 'RAZORPAY_KEY_ID looks like rzp_live_…')
      .optional(),
    RAZORPAY_KEY_SECRET: secret('RAZORPAY_KEY_SECRET'),
    RAZORPAY_WEBHOOK_SECRET: secret('RAZORPAY_WEBHOOK_SECRET'),
    RAZORPAY_API_URL: url('RAZORPAY_API_URL'),
    RAZORPAY_CHECKOUT_URL: url('RAZORPAY_CHECKOUT_URL'),
  },
  build: (e, ctx) => {
    const production = ctx.env === 'production';
    const keyId = (e.RAZORPAY_KEY_ID as string | undefined) ?? DEV_RAZORPAY.keyId;
    const keySecret = (e.RAZORPAY_KEY_SECRET as string | undefined) ?? DEV_RAZORPAY.keySecret;
    const webhookSecret = (e.RAZORPAY_WEBHOOK_SECRET as string | undefined) ?? DEV_RAZORPAY.webhookSecret;
    if (production && (keySecret === DEV_RAZORPAY.keySecret || webhookSecret === DEV_RAZORPAY.webhookSecret || keyId === DEV_RAZORPAY.keyId))
      ctx.problem(
        "RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET must be the city's own in production (the development gateway's are refused)",
      );
    const apiUrl = (e.RAZORPAY_API_URL as string | undefined) ?? DEV_RAZORPAY.apiUrl;
    return {
      ...(e.PAYMENTS_RECONCILE_EVERY_MS === undefined ? {} : { reconcileEveryMs: e.PAYMENTS_RECONCILE_EVERY_MS as number }),
      ...(e.PAYMENTS_STALE_MS === undefined ? {} : { staleMs: e.PAYMENTS_STALE_MS as number }),
      ...(e.PAYMENTS_CHECKOUT_TIMEOUT_S === undefined ? {} : { checkoutTimeoutSeconds: e.PAYMENTS_CHECKOUT_TIMEOUT_S as number }),
      ...(e.PUBLIC_ORIGIN === undefined ? {} : { publicOrigin: e.PUBLIC_ORIGIN as string }),
      razorpay: { keyId, keySecret, webhookSecret, apiUrl, checkoutUrl: (e.RAZORPAY_CHECKOUT_URL as string | undefined) ?? apiUrl },
    };
  },
});
