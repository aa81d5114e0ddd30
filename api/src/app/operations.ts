import type { FastifyInstance } from 'fastify';
import type { Clock } from '../platform/clock';
import type { Db } from '../platform/db';
import { metricsOf } from '../platform/metrics';
import { migrationsApplied, readMigrations } from '../platform/migrate';
import { readinessOf } from '../platform/readiness';
import type { PlannerService } from '../modules/planner/service';
import { PaymentStore } from '../modules/payments/store';

/**
 * What an operator watches (docs/operations.md): the conditions of GET /api/ready and the gauges of GET /metrics that
 * read the modules' state. The request histogram and the business counters are the platform's (platform/metrics.ts).
 */
export function registerOperations(
  app: FastifyInstance,
  { db, planner, live, now }: { db: Db; planner: PlannerService; live: { readonly feedsCompiled: boolean }; now: Clock },
): void {
  const migrations = readMigrations();
  const ready = readinessOf(app);
  // The database answers with every migration of this build applied (a newer instance waits for its migrations).
  ready.require('the database and its migrations', () => migrationsApplied(db, migrations));
  // Today's trip-planner networks are built: the first plan of an instance does not wait seconds for one.
  ready.require("today's planner networks", () => planner.networksReady);
  // Every city's feed is compiled for live data: a first ETA, vehicle or route map does not compile one on its request.
  ready.require("each city's feed compiled for live data", () => live.feedsCompiled);

  const metrics = metricsOf(app);
  metrics.gauge('sawari_planner_queue_length', 'Trip plans waiting for a planner worker', () => planner.queueStats.queued);
  metrics.gauge('sawari_planner_queue_capacity', 'Trip plans that may wait before new ones are refused (PLANNER_BUSY)', () => planner.queueStats.capacity);
  const payments = new PaymentStore(db);
  metrics.gauge('sawari_reconciliation_backlog', 'Payments and refunds unsettled or undelivered for more than a minute', () =>
    payments.reconciliationBacklog(now() - 60_000),
  );
  if (db.poolStats) {
    const pool = () => db.poolStats!();
    metrics.labelledGauge('sawari_db_pool_connections', 'Database pool connections by state (in_use, idle)', 'state', () => {
      const s = pool();
      return { in_use: s.total - s.idle, idle: s.idle };
    });
    metrics.gauge('sawari_db_pool_waiting', 'Queries waiting for a database pool connection', () => pool().waiting);
  }
}
