import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const proxyAddr = require('proxy-addr') as { compile(list: string[]): (addr: string, i: number) => boolean };

/**
 * Prometheus metrics (docs/operations.md lists them). Two registries are joined on `GET /metrics`:
 *
 * - the process's: business counters modules increment with one call (`businessMetrics.paymentSettled('SUCCESS')`),
 *   and Node's own process metrics (CPU, memory, event-loop lag, GC), started once per process;
 * - each server's: the request latency histogram (route template, method, status class) and the gauges the
 *   composition root adds (planner queue, database pool, reconciliation backlog), read when scraped.
 *
 * One process runs one server in production; tests running several servers in one process see the counters of all.
 */

const processRegistry = new Registry();
let defaultsStarted = false;

const counter = (name: string, help: string, labelNames: string[] = []) => new Counter({ name, help, labelNames, registers: [processRegistry] });

const orders = counter('sawari_orders_created_total', 'Orders created, by order kind', ['kind']);
const payments = counter('sawari_payments_total', 'Payments reaching an outcome from the gateway (SUCCESS, FAILED, PENDING)', ['outcome']);
const refunds = counter('sawari_refunds_total', 'Refunds reaching an outcome from the gateway (SUCCESS, FAILED, PENDING)', ['outcome']);
const issued = counter('sawari_products_issued_total', 'Products issued for a paid or free order, by order kind', ['kind']);
const punches = counter('sawari_punches_total', 'Validator punches of tickets and passes, by result (accepted, refused)', ['result']);
const taps = counter('sawari_card_taps_total', 'Card taps recorded by terminals, by result (approved, declined)', ['result']);
const loads = counter('sawari_card_loads_written_total', 'Pending card loads written to a card at a tap');
const seats = counter('sawari_seats_total', 'Reserved seats held, sold or released', ['event']);
const otps = counter('sawari_otps_total', 'One-time passwords sent or refused (rate limit, resend wait)', ['outcome']);

/** The business counters, one call each at the place the thing happens (after it happened). */
export const businessMetrics = {
  orderCreated: (kind: string) => orders.inc({ kind }),
  paymentSettled: (outcome: string) => payments.inc({ outcome }),
  refundSettled: (outcome: string) => refunds.inc({ outcome }),
  productIssued: (kind: string) => issued.inc({ kind }),
  punch: (result: 'accepted' | 'refused') => punches.inc({ result }),
  cardTap: (result: 'approved' | 'declined') => taps.inc({ result }),
  cardLoadsWritten: (n: number) => n > 0 && loads.inc(n),
  seats: (event: 'held' | 'sold' | 'released', n: number) => n > 0 && seats.inc({ event }, n),
  otp: (outcome: 'sent' | 'refused') => otps.inc({ outcome }),
};

/** Upper bounds in seconds: fine below 300 ms (the latency target), coarse above. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2.5, 5, 10];

export interface ServerMetrics {
  readonly registry: Registry;
  /** A gauge read at each scrape (`collect` may query the database; a failure leaves the gauge out of that scrape). */
  gauge(name: string, help: string, collect: () => number | Promise<number>): void;
  /** A gauge with labels, each label set's value read at each scrape. */
  labelledGauge(name: string, help: string, labelName: string, collect: () => Record<string, number> | Promise<Record<string, number>>): void;
}

const serverMetrics = new WeakMap<FastifyInstance, ServerMetrics>();

/** The metrics of a platform server (the composition root adds its gauges here). */
export function metricsOf(app: FastifyInstance): ServerMetrics {
  const m = serverMetrics.get(app);
  if (!m) throw new Error('metricsOf: not a platform server');
  return m;
}

type Child = { observe(v: number): void };

/**
 * Adds the request latency histogram (observed on every answer) and `GET /metrics`, answered only to `allow`
 * (METRICS_ALLOW: addresses or CIDR ranges). The address checked is the client's as the server believes it: behind a
 * trusted proxy (TRUST_PROXY) the forwarded one, so a scrape relayed by the load balancer from outside is refused.
 * Others get the ordinary 404 (the route's existence is not told).
 */
export function installMetrics(app: FastifyInstance, allow: readonly string[]): ServerMetrics {
  if (!defaultsStarted) {
    defaultsStarted = true;
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  }
  const registry = new Registry();
  const latency = new Histogram({
    name: 'sawari_http_request_duration_seconds',
    help: 'Time from request to answer, by route template, method and status class',
    labelNames: ['route', 'method', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  // A child per label set, kept: observing through labels() hashes the labels on every answer.
  const children = new Map<string, Child>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = `${Math.floor(reply.statusCode / 100)}xx`;
    const key = `${request.method} ${status} ${route}`;
    let child = children.get(key);
    if (!child) children.set(key, (child = latency.labels({ route, method: request.method, status })));
    child.observe(reply.elapsedTime / 1000);
    done();
  });

  const metrics: ServerMetrics = {
    registry,
    gauge(name, help, collect) {
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          const value = await Promise.resolve()
            .then(collect)
            .catch(() => null);
          if (value !== null) this.set(value);
        },
      });
    },
    labelledGauge(name, help, labelName, collect) {
      new Gauge({
        name,
        help,
        labelNames: [labelName],
        registers: [registry],
        async collect() {
          const values = await Promise.resolve()
            .then(collect)
            .catch(() => ({}));
          for (const [label, value] of Object.entries(values)) this.set({ [labelName]: label }, value);
        },
      });
    },
  };
  serverMetrics.set(app, metrics);

  const allowed = proxyAddr.compile([...allow]);
  app.get('/metrics', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!allowed(request.ip, 0)) return reply.callNotFound();
    const joined = Registry.merge([processRegistry, registry]);
    const text = await joined.metrics();
    return reply.header('content-type', joined.contentType).header('cache-control', 'no-store').send(text);
  });
  return metrics;
}

/** Loopback: the default of METRICS_ALLOW. */
export const DEFAULT_METRICS_ALLOW = ['127.0.0.1/8', '::1'];
