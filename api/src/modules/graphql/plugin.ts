import type { FastifyInstance } from 'fastify';
import mercurius, { type IResolvers } from 'mercurius';
import { GraphQLError, NoSchemaIntrospectionCustomRule, type ExecutionResult } from 'graphql';
import { transitTypeDefs } from '@sawari/contracts';
import { ApiError, INTERNAL_MESSAGE } from '../../platform/errors';
import { transitResolvers, type GraphqlServices } from './resolvers';
import { costRule, fieldBudgetRule } from './limits';

export const GRAPHQL_PATH = '/api/graphql';
/** Deepest selection a query may have: the deepest the schema allows (planTrip.itineraries.legs.from.routes.
 *  frequency_data_array.start_time). The schema has no cycles today; the limit keeps it so if one is added. */
export const MAX_DEPTH = 7;

export interface GraphqlOptions extends GraphqlServices {
  /** Serves GraphiQL at /graphiql (development only). */
  graphiql: boolean;
  /** Answers schema introspection (`__schema`, `__type`); off in production, where the app needs none (its types are
   *  generated from the schema file) and a map of every field only helps someone probing the API. `__typename` stays. */
  introspection: boolean;
  /** The realtime module's resolvers, merged over the empty defaults of its fields. */
  realtime?: IResolvers;
}

interface FormattedError {
  message: string;
  locations?: readonly { line: number; column: number }[];
  path?: readonly (string | number)[];
  extensions: { code: string } & Record<string, unknown>;
}

/** GraphQL's own request errors (syntax, unknown field, wrong argument type, depth, budget): BAD_USER_INPUT-like. */
const REQUEST_ERROR_CODE = 'GRAPHQL_VALIDATION_FAILED';

/**
 * One error as the client sees it. Our ApiErrors keep their code and message (BAD_USER_INPUT, NOT_FOUND, ...);
 * errors thrown with mercurius' ErrorWithProps keep their extensions; errors in the request itself (parse,
 * validation, variables) say what is wrong; anything else is logged and answered as INTERNAL without details.
 */
function formatError(error: GraphQLError, log: { error(o: object, m: string): void }): FormattedError {
  const original = error.originalError as (Error & { extensions?: Record<string, unknown>; code?: string }) | undefined;
  const where = { ...(error.locations ? { locations: error.locations } : {}), ...(error.path ? { path: error.path } : {}) };
  if (original instanceof ApiError) return { message: original.message, ...where, extensions: { code: original.code } };
  if (original && original.constructor.name === 'ErrorWithProps' && original.extensions) {
    return { message: original.message, ...where, extensions: { code: 'INTERNAL', ...original.extensions } as FormattedError['extensions'] };
  }
  const requestLevel =
    !original ||
    original instanceof GraphQLError ||
    original instanceof SyntaxError ||
    /^4\d\d$/.test(String((original as { statusCode?: number }).statusCode)); // 400, 413 body too large, 415, ...
  if (requestLevel && !error.path) return { message: error.message, ...where, extensions: { code: REQUEST_ERROR_CODE } };
  log.error({ err: original ?? error, path: error.path }, 'GraphQL resolver failed');
  return { message: INTERNAL_MESSAGE, ...where, extensions: { code: 'INTERNAL' } };
}

/** Flattens mercurius' wrapper errors (MER_ERR_GQL_VALIDATION carries the GraphQL errors in `.errors`). */
function flatten(errors: readonly GraphQLError[]): GraphQLError[] {
  return errors.flatMap((e) => {
    const outer = e.originalError as { errors?: unknown; statusCode?: number } | undefined;
    const inner = outer?.errors;
    // A wrapper with a 4xx status (a mutation sent by GET: 405) carries the client's mistake as plain Errors: they
    // are request errors, not our failures.
    const clientMistake = /^4\d\d$/.test(String(outer?.statusCode));
    if (Array.isArray(inner))
      return inner.map((x) => (x instanceof GraphQLError ? x : new GraphQLError((x as Error).message, clientMistake ? {} : { originalError: x as Error })));
    return [e];
  });
}

/**
 * POST /api/graphql (mercurius, inside its own encapsulated context so its error handler only covers this route).
 * Schema: transitTypeDefs, exactly. Every error answer is the GraphQL shape `{ data, errors: [{ message, extensions:
 * { code } }] }`: 200 when execution started (data may be null), 400 for a request GraphQL refuses before running it.
 */
export async function graphqlPlugin(app: FastifyInstance, opts: GraphqlOptions): Promise<void> {
  // The server's validator compiler takes zod schemas; mercurius' routes carry JSON schemas for the GraphQL request
  // shape. Here the one thing checked is what mercurius needs: a query string (no batches, no persisted queries).
  app.setValidatorCompiler(({ httpPart }) => (data: unknown) => {
    if (httpPart !== 'body' && httpPart !== 'querystring') return { value: data };
    const query = (data as { query?: unknown } | null)?.query;
    if (typeof query === 'string' && query.trim()) return { value: data };
    return { error: Object.assign(new Error('Send the GraphQL query as "query", a string.'), { statusCode: 400 }) };
  });
  if (opts.planner?.close) app.addHook('onClose', async () => opts.planner?.close?.());
  await app.register(mercurius, {
    schema: transitTypeDefs,
    resolvers: transitResolvers(opts, opts.realtime),
    path: GRAPHQL_PATH,
    graphiql: opts.graphiql,
    queryDepth: MAX_DEPTH,
    validationRules: [...(opts.introspection ? [] : [NoSchemaIntrospectionCustomRule]), fieldBudgetRule, costRule],
    allowBatchedQueries: false,
    additionalRouteOptions: { bodyLimit: 64 * 1024 },
    errorFormatter: (execution: ExecutionResult & { statusCode?: number }, ctx) => {
      const log = ctx.reply ? ctx.reply.log : ctx.app.log;
      const errors = flatten(execution.errors ?? []).map((e) => formatError(e, log));
      const requestError = !execution.data && errors.every((e) => e.extensions.code === REQUEST_ERROR_CODE);
      return { statusCode: requestError ? 400 : 200, response: { data: execution.data ?? null, errors } };
    },
  });
}
