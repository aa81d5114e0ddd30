import type {
  FastifyInstance,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  FastifyBaseLogger,
} from 'fastify';
import type { z, ZodType } from 'zod';

/**
 * The zod type provider: a route's `schema` entries are zod schemas (from @sawari/contracts), so `request.body`,
 * `request.query`, `request.params` are typed by them (no casts) and a handler must return what the response schema
 * takes. Written here instead of taken from fastify-type-provider-zod: that package's v7 (the one for zod 4) makes
 * @fastify/swagger and openapi-types required peers, and our validator must answer our own `{code, message}` anyway
 * (installZodValidator); the provider itself is these four lines. See docs/architecture.md "Route schemas".
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends ZodType ? z.input<this['schema']> : unknown;
}

/** A Fastify instance whose routes are typed by their zod schemas. */
export type ZodFastify = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** Inside a route plugin: `const app = typed(fastify)`, then declare routes with zod schemas. */
export const typed = (app: FastifyInstance): ZodFastify => app.withTypeProvider<ZodTypeProvider>();

const isZod = (schema: unknown): schema is ZodType => typeof (schema as { safeParse?: unknown } | null)?.safeParse === 'function';

/** A response that does not match its route's response schema: a bug on our side (logged, answered 500). */
export class ResponseSchemaError extends Error {
  constructor(readonly zodError: z.ZodError) {
    super(
      `response does not match its schema: ${zodError.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ')}`,
    );
    this.name = 'ResponseSchemaError';
  }
}

/**
 * Responses with a zod schema are parsed by it before JSON.stringify: an object schema drops every key it does not
 * name, so a field added to a row by mistake never reaches the client. Answers without a schema (errors, routes that
 * declare none) are stringified as they are.
 */
export function installZodSerializer(app: FastifyInstance): void {
  app.setSerializerCompiler(({ schema }) => {
    if (!isZod(schema)) return (data) => JSON.stringify(data);
    return (data) => {
      const r = schema.safeParse(data);
      if (!r.success) throw new ResponseSchemaError(r.error);
      return JSON.stringify(r.data);
    };
  });
}
