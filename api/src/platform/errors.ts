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

/** Errors of the multipart parser (busboy, @fastify/multipart) for a body that is not valid multipart. */
function uploadError(err: Error & { code?: string }, request: FastifyRequest): { status: number; code: string; message: string } | null {
  const multipart = /^multipart\//i.test(String(request.headers['content-type'] ?? ''));
  const parserWords = /^Multipart: |Unexpected end of (form|multipart)|Malformed (part )?header|Malformed urlencoded|Part terminated early/i.test(
    err.message ?? '',
  );
  if (!parserWords && !(multipart && (err.code === 'ERR_STREAM_PREMATURE_CLOSE' || err.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE'))) return null;
  return {
    status: 400,
    code: 'BAD_UPLOAD',
    message: 'The upload could not be read (the form data is incomplete or malformed). Choose the file again and retry.',
  };
}

/**
 * PostgreSQL data exceptions caused by a value from the request that validation let through (a NUL character, text
 * that is not a valid number, uuid or date, a number out of range, text too long). A net under the validators: the
 * request is refused with 400 instead of 500, and the log says which statement refused it.
 */
const DATA_EXCEPTIONS = new Set(['22021', '22P05', '22P02', '22003', '22001', '22007', '22008', '2200D', '22023']);
function dataException(err: Error & { code?: string }): { status: number; code: string; message: string } | null {
  if (typeof err.code !== 'string' || !DATA_EXCEPTIONS.has(err.code)) return null;
  return {
    status: 400,
    code: 'INVALID_VALUE',
    message: 'A value in the request is not valid (a character, number or date the server cannot store). Check it and try again.',
  };
}

const NUL = '\u0000';
/** The path (keys from the value down, reversed) to the first string or key holding a NUL character, or null. */
function nulAt(value: unknown, depth: number): string[] | null {
  if (typeof value === 'string') return value.includes(NUL) ? [] : null;
  if (value === null || typeof value !== 'object' || depth > 64 || Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const at = nulAt(value[i], depth + 1);
      if (at) return (at.push(String(i)), at);
    }
    return null;
  }
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    if (k.includes(NUL)) return [k];
    const at = nulAt((value as Record<string, unknown>)[k], depth + 1);
    if (at) return (at.push(k), at);
  }
  return null;
}

/** The first place in a parsed request part where a string or key holds a NUL character, or null. Walks without
 *  allocating (it runs on every request): the path is only built for the one that has a NUL. */
export function findNul(value: unknown): string | null {
  const at = nulAt(value, 0);
  return at === null ? null : at.length ? at.reverse().join('.') : '(value)';
}

const REQUEST_PARTS = [
  ['path', 'params'],
  ['query string', 'query'],
  ['request body', 'body'],
] as const;

/**
 * No text the server takes may hold a NUL character (PostgreSQL cannot store one in text; no rider types one): any
 * route, with or without a schema, refuses it in its path, query or JSON body with 400 NUL_CHARACTER. Synchronous:
 * it runs on every request.
 */
export function installInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [part, key] of REQUEST_PARTS) {
      const at = findNul(request[key]);
      if (at) return done(new ApiError(400, 'NUL_CHARACTER', `The ${part} has a NUL character (\\u0000) in "${at}"; remove it and try again.`));
    }
    done();
  });
}

/** Fastify answers a client error (headers too large, a malformed request line) on the socket: in our shape too. */
export function clientErrorHandler(err: Error & { code?: string }, socket: import('node:stream').Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'HEADERS_TOO_LARGE', 'The request headers are too large. Clear the site data (cookies) and try again.']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'REQUEST_TIMEOUT', 'The request took too long to arrive. Try again.']
        : [400, 'Bad Request', 'BAD_REQUEST', 'The request could not be understood. Check its format and try again.'];
  const body = JSON.stringify(errorBody(code, message));
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(err);
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
    const known = uploadError(err as Error, request) ?? dataException(err as Error) ?? frameworkError(err as FastifyError);
    if (known) {
      request.log.info({ code: (err as FastifyError).code, status: known.status, err: known.code === 'INVALID_VALUE' ? err : undefined }, known.message);
      return reply.code(known.status).send(errorBody(known.code, known.message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(errorBody('INTERNAL', INTERNAL_MESSAGE));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody('NOT_FOUND', `Nothing is served at ${request.method} ${request.url.split('?')[0]}.`));
  });
}
