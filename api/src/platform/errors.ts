import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodError, ZodType } from 'zod';

/** An error meant for the client: its status, code and message are sent as they are. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra response headers, e.g. retry-after on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The database cannot be reached (connection refused or dropped, server shutting down or restarting). Answered 503
 * `DB_UNAVAILABLE` with retry-after; the process lives on and the pool reconnects when the server is back.
 */
export class DatabaseUnavailableError extends ApiError {
  constructor(override readonly cause: unknown) {
    super(503, 'DB_UNAVAILABLE', 'Our database is not reachable right now. Please try again in a moment.', { 'retry-after': '5' });
    this.name = 'DatabaseUnavailableError';
  }
}

export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/** Carries zod's issues from the validator compiler to the error handler. */
export class RequestValidationError extends Error {
  validationContext?: string;
  constructor(readonly zodError: ZodError) {
    super('request validation failed');
    this.name = 'RequestValidationError';
  }
}

const PART_NAMES: Record<string, string> = { body: 'request body', params: 'path', querystring: 'query string', headers: 'headers' };

/** "timeWindow.toTime: toTime is before fromTime" style sentence naming each field (at most three). */
export function describeZodError(error: ZodError, context = 'body'): string {
  const part = PART_NAMES[context] ?? context;
  const sentences = error.issues.slice(0, 3).map((issue) => {
    const field = issue.path.map(String).join('.');
    return field ? `Field "${field}" in the ${part}: ${issue.message}` : `The ${part} is not valid: ${issue.message}`;
  });
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more problems)` : '';
  return `${sentences.join('; ')}${more}.`;
}

/** Route schemas are zod schemas: validation (and coercion/defaults) by zod, errors carried to the handler. */
export function installZodValidator(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => {
    const zod = schema as ZodType;
    return (data: unknown) => {
      const r = zod.safeParse(data);
      return r.success ? { value: r.data } : { error: new RequestValidationError(r.error) };
    };
  });
}

/** Fastify's own 4xx (parsing and limits), with messages a person can act on. */
function frameworkError(err: FastifyError): { status: number; code: string; message: string } | null {
  const status = err.statusCode ?? 500;
  if (status < 400 || status >= 500) return null;
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, code: 'MALFORMED_JSON', message: 'The request body is not valid JSON.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: 'MALFORMED_JSON', message: 'The request body is empty; send a JSON object.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return status === 415
        ? { status, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as application/json.' }
        : { status, code: 'BAD_REQUEST', message: 'The request body does not match its content-length.' };
  }
  if (err instanceof SyntaxError || /JSON/.test(err.message)) return { status: 400, code: 'MALFORMED_JSON', message: 'The request body is not valid JSON.' };
  if (status === 413) return { status, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' };
  if (status === 415) return { status, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as application/json.' };
  if (status === 404) return { status, code: 'NOT_FOUND', message: 'Nothing was found at this address.' };
  return { status, code: 'BAD_REQUEST', message: 'The request could not be understood. Check its format and try again.' };
}

export function errorBody(code: string, message: string): { code: string; message: string } {
  return { code, message };
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError | RequestValidationError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof DatabaseUnavailableError) request.log.error({ err: err.cause }, 'database unavailable');
    if (err instanceof ApiError) {
      if (err.headers) reply.headers(err.headers);
      return reply.code(err.status).send(errorBody(err.code, err.message));
    }
    if (err instanceof RequestValidationError) {
      return reply.code(400).send(errorBody('VALIDATION_FAILED', describeZodError(err.zodError, err.validationContext)));
    }
    const known = frameworkError(err as FastifyError);
    if (known) {
      request.log.info({ code: (err as FastifyError).code, status: known.status }, known.message);
      return reply.code(known.status).send(errorBody(known.code, known.message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(errorBody('INTERNAL', INTERNAL_MESSAGE));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody('NOT_FOUND', `Nothing is served at ${request.method} ${request.url.split('?')[0]}.`));
  });
}
