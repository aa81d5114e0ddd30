import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { apiErrorSchema, readyResponseSchema } from '@sawari/contracts';
import { errorBody } from './errors';

/**
 * Readiness: whether the load balancer may send this instance traffic. Liveness is /api/health (the
 * process and its database answer); readiness also waits for what the first requests need (the migrations, the
 * day's planner networks) and turns false again the moment the process starts draining on SIGTERM, so the balancer
 * stops sending requests before the listener closes (docs/operations.md "Rolling restarts").
 */
export class Readiness {
  private readonly checks: { name: string; check: () => boolean | Promise<boolean> }[] = [];
  private draining = false;

  /** A condition (named in the 503's message while it is false). A check that throws counts as false. */
  require(name: string, check: () => boolean | Promise<boolean>): void {
    this.checks.push({ name, check });
  }

  /** From now on the instance answers 503 DRAINING (SIGTERM). */
  drain(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  /** The conditions not met now (empty: ready). */
  async waitingFor(): Promise<string[]> {
    const results = await Promise.all(
      this.checks.map(async ({ name, check }) =>
        (await Promise.resolve()
          .then(check)
          .catch(() => false))
          ? null
          : name,
      ),
    );
    return results.filter((n): n is string => n !== null);
  }
}

const readinessByServer = new WeakMap<FastifyInstance, Readiness>();

/** The readiness of a platform server (the composition root adds conditions; main drains it on SIGTERM). */
export function readinessOf(app: FastifyInstance): Readiness {
  const r = readinessByServer.get(app);
  if (!r) throw new Error('readinessOf: not a platform server');
  return r;
}

/** GET /api/ready: 200 {status: 'ready'}; 503 DRAINING once draining; 503 NOT_READY naming what it waits for. */
export function registerReadiness(app: FastifyInstance, readiness: Readiness = new Readiness()): Readiness {
  readinessByServer.set(app, readiness);
  app.get('/api/ready', { schema: { response: { 200: readyResponseSchema, 503: apiErrorSchema } } }, async (_request, reply) => {
    if (readiness.isDraining) return reply.code(503).send(errorBody('DRAINING', 'This instance is shutting down.'));
    const waiting = await readiness.waitingFor();
    if (readiness.isDraining) return reply.code(503).send(errorBody('DRAINING', 'This instance is shutting down.'));
    if (waiting.length) return reply.code(503).send(errorBody('NOT_READY', `Starting: waiting for ${waiting.join(', ')}.`));
    return { status: 'ready' as const };
  });
  return readiness;
}

/** A request id from the load balancer is kept when it is 1 to 64 of these characters (log- and header-safe). */
export const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's `genReqId`: the `x-request-id` header when it is well formed (one value, 1-64 safe characters), else a
 * new random one. Fastify binds it to every log line of the request (`reqId`); `installRequestIds` answers it back.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && REQUEST_ID.test(given)) return given;
  return randomBytes(12).toString('base64url');
}

/** Every answer carries its request's id (`x-request-id`), errors included. */
export function installRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
