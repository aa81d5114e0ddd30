import { hkdfSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { ServerKeys } from '../../platform/secrets';
import type { AuthGuard } from '../auth';
import { CounterLedger, type CounterOptions, type PaymentGateway } from './gateway';
import { RazorpayGateway } from './razorpay-gateway';
import { DEV_RAZORPAY, type PaymentSettings } from './settings';
import { OrderKinds, type OrderKind } from './order-kind';
import { gatewayRoutes, paymentOpsRoutes, paymentRoutes } from './routes';
import { PaymentService } from './service';
import { jobsOf } from '../../platform/jobs';

export interface PaymentsDeps {
  /** Default: Razorpay's adapter with `settings.razorpay` (the development gateway's keys and URL when unset). */
  gateway?: PaymentGateway;
  /** The cash counter's ledger timings. */
  counter?: CounterOptions;
  /** The configuration's payments part (gateway keys and URLs, checkout timeout, public origin). */
  settings?: Partial<PaymentSettings>;
  /** Order kinds besides the built-in ones (tests add their own). */
  orderKinds?: Record<string, OrderKind>;
  /** Reconciliation interval in ms; 0 turns the in-server job off (default 15 s). */
  reconcileEveryMs?: number;
  /** How long an unanswered payment waits before reconciliation may fail it (default 2 min; PAYMENTS_STALE_MS). */
  staleMs?: number;
  /** The payments and sandbox clock (default: the server's). */
  now?: Clock;
}

const built = new WeakMap<FastifyInstance, { service: PaymentService; kinds: OrderKinds }>();

/**
 * The payments service and the order kinds registered on a server (the OrderKind contract suite runs every registered
 * kind: a new seller gets it by registering). Undefined for a server without payments.
 */
export function paymentsOf(app: FastifyInstance): { service: PaymentService; kinds: OrderKinds } | undefined {
  return built.get(app);
}

/**
 * Builds the payments service (its order kinds registry starts empty: the composition root registers each seller's
 * OrderKind with `kinds.register`, also after this call, so sellers can be given `service` for free orders and refunds),
 * registers its routes and starts the reconciliation job (stopped on close).
 */
export async function createPaymentsModule(
  app: FastifyInstance,
  ctx: {
    db: Db;
    keys: ServerKeys;
    guard: AuthGuard;
    now: Clock;
    log: FastifyInstance['log'];
    deps?: PaymentsDeps;
    /** Operator keys (key → name) for the cash counter route; without them the route is not served. */
    opsKeys?: Map<string, string>;
  },
): Promise<{ service: PaymentService; kinds: OrderKinds }> {
  const deps = ctx.deps ?? {};
  const now = deps.now ?? ctx.now;
  const kinds = new OrderKinds();
  for (const [kind, port] of Object.entries(deps.orderKinds ?? {})) kinds.register(kind, port);
  const settings = deps.settings ?? {};
  const gateway = deps.gateway ?? new RazorpayGateway(settings.razorpay ?? { ...DEV_RAZORPAY, checkoutUrl: DEV_RAZORPAY.apiUrl });
  const requestKey = Buffer.from(hkdfSync('sha256', ctx.keys.accessToken, 'sawari', 'payments-request-fingerprint', 32));
  const service = new PaymentService(ctx.db, gateway, kinds, now, {
    requestKey,
    log: ctx.log,
    staleMs: deps.staleMs ?? settings.staleMs,
    counter: new CounterLedger(ctx.db, now, deps.counter),
    checkoutTimeoutSeconds: settings.checkoutTimeoutSeconds,
    publicOrigin: settings.publicOrigin,
  });
  built.set(app, { service, kinds });
  await app.register(paymentRoutes, { service, guard: ctx.guard });
  await app.register(gatewayRoutes, { service, gateway: gateway.name });
  if (ctx.opsKeys?.size) await app.register(paymentOpsRoutes, { service, keys: ctx.opsKeys });
  // settles pending payments and refunds with the gateway and delivers outcomes (claimed with leases in the database)
  jobsOf(app).every('payments.reconcile', deps.reconcileEveryMs ?? 15_000, () => service.reconcile());
  return { service, kinds };
}
