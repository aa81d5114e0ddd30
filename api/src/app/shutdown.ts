import type { FastifyInstance } from 'fastify';
import { readinessOf } from '../platform/readiness';

/**
 * How long requests still in flight get once the listener closes. A connection still open after it (a response the
 * client stopped reading, a browser that went offline mid-download) is cut, so the onClose hooks run (the database is
 * closed cleanly) instead of the process waiting for the hard limit and exiting without closing it (seen in e2e: one
 * open browser connection held every such stop for 10 s, then `shutdown took too long`).
 */
export const REQUEST_GRACE_MS = 5_000;

/**
 * A rolling restart's stop (docs/operations.md "Rolling restarts"): readiness turns 503 at once, requests are still
 * served for `drainMs` while the load balancer notices, then the listener closes and requests in flight get
 * `graceMs`; connections left after that are closed, then the onClose hooks run.
 */
export async function closeGracefully(app: FastifyInstance, { drainMs = 0, graceMs = REQUEST_GRACE_MS }: { drainMs?: number; graceMs?: number } = {}) {
  readinessOf(app).drain();
  if (drainMs) await new Promise((resolve) => setTimeout(resolve, drainMs));
  const cut = setTimeout(() => {
    app.log.warn({ graceMs }, 'requests still open after the shutdown grace: closing their connections');
    app.server.closeAllConnections();
  }, graceMs);
  cut.unref();
  try {
    await app.close(); // stops accepting, waits for requests in flight, then runs the onClose hooks (the database last)
  } finally {
    clearTimeout(cut);
  }
}
