import { z } from 'zod';
import { defineSection } from '../../platform/config';

export interface PaymentSettings {
  /** Sandbox gateway: how long a "pending" test instrument stays pending before it settles (PAYMENTS_SANDBOX_PENDING_MS;
   *  unset: the gateway's default, 30 s). End-to-end tests shorten it. */
  sandboxPendingMs?: number;
  /** How often each instance runs reconciliation (PAYMENTS_RECONCILE_EVERY_MS; unset: 15 s; 0: not in this instance). */
  reconcileEveryMs?: number;
  /** How long a payment whose request never reached the gateway (an instance killed at that moment) waits before
   *  reconciliation asks the gateway and, finding no charge, fails it (PAYMENTS_STALE_MS; unset: 2 min). */
  staleMs?: number;
}

const ms = (name: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number of milliseconds`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`)
    .optional();

export const paymentSettings = defineSection<PaymentSettings>({
  variables: {
    PAYMENTS_SANDBOX_PENDING_MS: ms('PAYMENTS_SANDBOX_PENDING_MS', 500, 3_600_000),
    PAYMENTS_RECONCILE_EVERY_MS: ms('PAYMENTS_RECONCILE_EVERY_MS', 0, 3_600_000),
    // Never below 5 s: a live instance takes milliseconds from recording a payment to asking the gateway.
    PAYMENTS_STALE_MS: ms('PAYMENTS_STALE_MS', 5000, 3_600_000),
  },
  build: (e) => ({
    ...(e.PAYMENTS_SANDBOX_PENDING_MS === undefined ? {} : { sandboxPendingMs: e.PAYMENTS_SANDBOX_PENDING_MS as number }),
    ...(e.PAYMENTS_RECONCILE_EVERY_MS === undefined ? {} : { reconcileEveryMs: e.PAYMENTS_RECONCILE_EVERY_MS as number }),
    ...(e.PAYMENTS_STALE_MS === undefined ? {} : { staleMs: e.PAYMENTS_STALE_MS as number }),
  }),
});
