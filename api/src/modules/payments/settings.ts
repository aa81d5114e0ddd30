import { z } from 'zod';
import { defineSection } from '../../platform/config';

export interface PaymentSettings {
  /** Sandbox gateway: how long a "pending" test instrument stays pending before it settles (PAYMENTS_SANDBOX_PENDING_MS;
   *  unset: the gateway's default, 30 s). End-to-end tests shorten it. */
  sandboxPendingMs?: number;
}

export const paymentSettings = defineSection<PaymentSettings>({
  variables: {
    PAYMENTS_SANDBOX_PENDING_MS: z.coerce
      .number({ message: 'PAYMENTS_SANDBOX_PENDING_MS must be a number' })
      .int('PAYMENTS_SANDBOX_PENDING_MS must be a whole number of milliseconds')
      .min(500, 'PAYMENTS_SANDBOX_PENDING_MS must be at least 500')
      .max(3_600_000, 'PAYMENTS_SANDBOX_PENDING_MS must be at most 3600000 (1 h)')
      .optional(),
  },
  build: (e) => (e.PAYMENTS_SANDBOX_PENDING_MS === undefined ? {} : { sandboxPendingMs: e.PAYMENTS_SANDBOX_PENDING_MS as number }),
});
