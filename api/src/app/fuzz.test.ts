import { randomUUID } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { z, type ZodType } from 'zod';
import { registeredRoutes } from '../platform/server';
import { dbLabel } from '../testing/test-db';
import { KIOSK, startTestServer, type TestServer } from '../testing/test-server';
import { signIn, type Session } from '../testing/accounts';

// Every registered route, walked with hostile values built from its own schema (NUL bytes, huge
// strings, wrong types, unicode edge cases, bad multipart, GraphQL client mistakes). Any 5xx fails the test, and so
// does a 4xx without the usual {code, message} body. It prints how many requests it sent and what they answered.

type Json = Record<string, unknown>;

/** Values a field of this name plausibly takes, so the rest of a request is valid and the hostile field reaches deep. */
const HINTS: Record<string, unknown> = {
  phoneNumber: '9876512345',
  countryCode: '+91',
  city: 'mumbai',
  cityId: 'mumbai',
  deviceId: 'fuzz-device-0001',
  otp: '123456',
  routeId: 'AE-T1-KHR',
  fromStopId: 'T1-BAY',
  toStopId: 'KHARGHAR',
  stopId: 'T1-BAY',
  terminalId: 'T1',
  product: 'express',
  lat: 19.07,
  lon: 72.87,
  mailId: 'asha@example.in',
  email: 'asha@example.in',
  firstName: 'Asha',
  lastName: 'Rao',
  name: 'Asha Rao',
  orderKind: 'ticket',
  appVer: '1001',
  kind: 'singleJourney',
  passengers: { adult: 1 },
  farePaise: 15000,
  message: 'Help me',
  label: 'Home stop',
  refId: 'T1-BAY',
  vpa: 'asha@upi',
  number: '4111111111111111',
  cvv: '123',
  expiryMonth: 12,
  expiryYear: 2030,
};

const HOSTILE_STRINGS: [string, string][] = [
  ['NUL', 'a\u0000b'],
  ['only NUL', '\u0000'],
  ['huge', 'x'.repeat(200_000)],
  ['lone surrogate', '\ud800x'],
  ['RTL override', '\u202eevil'],
  ['emoji and ZWJ', '👩🏽‍🚒'.repeat(40)],
  ['zero-width', '\u200b\u200d\ufeff'],
  ['SQL', "'; DROP TABLE users; --"],
  ['path', '../../../../etc/passwd'],
  ['fullwidth digits', '９８７６５４３２１０'],
  ['combining', 'e\u0301\u0301\u0301\u0301'],
];
const WRONG_TYPES: [string, unknown][] = [
  ['null', null],
  ['zero', 0],
  ['negative', -1],
  ['huge number', 1e308],
  ['unsafe int', 2 ** 53 + 1],
  ['fraction', 1.5],
  ['true', true],
  ['empty array', []],
  ['object', { $gt: '' }],
  ['array of strings', ['a']],
  ['deep array', JSON.parse('['.repeat(2000) + ']'.repeat(2000))],
];
const PARAM_VALUES: [string, string][] = [
  ['NUL', 'a%00b'],
  ['huge', 'x'.repeat(4000)],
  ['bad UTF-8', '%ED%A0%80'],
  ['RTL', '%E2%80%AEx'],
  ['dots', '..%2F..%2Fetc'],
  ['emoji', '%F0%9F%91%8D'],
  ['percent', '%25%00'],
];

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  default?: unknown;
  minItems?: number;
  additionalProperties?: unknown;
};

const toJson = (schema: unknown): JsonSchema | null => {
  if (!schema || typeof (schema as ZodType).safeParse !== 'function') return null;
  try {
    return z.toJSONSchema(schema as ZodType, { unrepresentable: 'any', io: 'input' }) as JsonSchema;
  } catch {
    return null;
  }
};

/** A plausible value for a JSON schema (names from HINTS first). */
function sample(s: JsonSchema | undefined, name = '', depth = 0): unknown {
  if (!s || depth > 6) return 'x';
  if (name in HINTS) return HINTS[name];
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return sample(alt.find((a) => a.type !== 'null') ?? alt[0], name, depth + 1);
  if (s.allOf?.length) return sample(s.allOf[0], name, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      if (s.format === 'uuid') return randomUUID();
      if (s.format === 'email') return 'asha@example.in';
      if (s.format === 'date-time') return new Date().toISOString();
      if (s.format === 'date') return new Date().toISOString().slice(0, 10);
      return 'a'.repeat(Math.max(1, s.minLength ?? 1));
    case 'integer':
    case 'number':
      return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(s.items, '', depth + 1));
    case 'object':
    default: {
      const out: Json = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sample(v, k, depth + 1);
      return out;
    }
  }
}

/** Paths of the leaves of a sampled value (objects and the first element of arrays), at most `depth` deep. */
function leafPaths(value: unknown, depth = 3, prefix: (string | number)[] = []): (string | number)[][] {
  if (depth === 0 || value === null || typeof value !== 'object') return prefix.length ? [prefix] : [];
  if (Array.isArray(value)) return [prefix, ...(value.length ? leafPaths(value[0], depth - 1, [...prefix, 0]) : [])].filter((p) => p.length);
  return [...(prefix.length ? [prefix] : []), ...Object.entries(value).flatMap(([k, v]) => leafPaths(v, depth - 1, [...prefix, k]))];
}
function withValue(base: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(base) as Json;
  let at: Json = copy;
  for (const key of path.slice(0, -1)) at = at[key as string] as Json;
  at[path[path.length - 1] as string] = value;
  return copy;
}

interface Probe {
  label: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
  body?: string | Buffer;
}

function authFor(url: string): Record<string, string> {
  if (url.startsWith('/api/ops/')) return { authorization: 'Ops sawari-dev-ops' };
  if (url.startsWith('/api/validation/punches')) return { authorization: 'Validator sawari-dev-validator' };
  if (url.startsWith('/api/airport/') || url.startsWith('/api/tub/')) return KIOSK;
  return {};
}

const qs = (query: Json): string => {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const x of v) parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(x))}`);
    else parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
};
const safeEncode = (v: string): string => {
  try {
    return encodeURIComponent(v);
  } catch {
    return '%ED%A0%80';
  }
};

/** The hostile requests for one route, from its schema. */
function probesFor(route: RouteOptions, method: string): Probe[] {
  const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown };
  const paramsSchema = toJson(schema.params);
  const querySchema = toJson(schema.querystring);
  const bodySchema = toJson(schema.body);
  const paramNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
  const baseParams = Object.fromEntries(paramNames.map((p) => [p, String(sample(paramsSchema?.properties?.[p], p))]));
  const urlWith = (params: Record<string, string>) => route.url.replace(/:([A-Za-z0-9_]+)/g, (_, p: string) => params[p] ?? safeEncode(baseParams[p]));
  const baseQuery = (querySchema ? sample(querySchema) : {}) as Json;
  const baseBody = bodySchema ? sample(bodySchema) : undefined;
  const out: Probe[] = [];
  const base = (over: Partial<Probe>): Probe => ({ label: '', method, url: urlWith({}) + qs(baseQuery), payload: baseBody, ...over });

  out.push(base({ label: 'sampled' }));
  for (const p of paramNames)
    for (const [label, v] of PARAM_VALUES) out.push(base({ label: `param ${p}: ${label}`, url: urlWith({ [p]: v }) + qs(baseQuery) }));
  for (const key of Object.keys(querySchema?.properties ?? {})) {
    for (const [label, v] of HOSTILE_STRINGS)
      if (label !== 'huge')
        out.push(
          base({
            label: `query ${key}: ${label}`,
            url:
              urlWith({}) +
              `?${Object.entries({ ...baseQuery, [key]: undefined })
                .filter(([, x]) => x !== undefined)
                .map(([k, x]) => `${k}=${encodeURIComponent(String(x))}`)
                .join('&')}&${key}=${safeEncode(v)}`,
          }),
        );
    out.push(base({ label: `query ${key}: repeated`, url: urlWith({}) + qs({ ...baseQuery, [key]: ['1', '2'] }) }));
    out.push(base({ label: `query ${key}: huge`, url: urlWith({}) + qs({ ...baseQuery, [key]: 'x'.repeat(6000) }) }));
  }
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) && bodySchema) {
    for (const path of leafPaths(baseBody)) {
      const at = path.join('.');
      for (const [label, v] of HOSTILE_STRINGS) out.push(base({ label: `body ${at}: ${label}`, payload: withValue(baseBody, path, v) }));
      for (const [label, v] of WRONG_TYPES) out.push(base({ label: `body ${at}: ${label}`, payload: withValue(baseBody, path, v) }));
    }
    for (const [label, v] of [...WRONG_TYPES, ['string', 'just a string'], ['NUL string', '\u0000']] as [string, unknown][])
      out.push(base({ label: `whole body: ${label}`, payload: v }));
    out.push(base({ label: 'body: not JSON', payload: undefined, body: '{"a": tru', headers: { 'content-type': 'application/json' } }));
    out.push(base({ label: 'body: NUL in JSON key', payload: undefined, body: '{"a\\u0000b": 1}', headers: { 'content-type': 'application/json' } }));
    out.push(base({ label: 'body: too large', payload: undefined, body: `{"a":"${'x'.repeat(1_100_000)}"}`, headers: { 'content-type': 'application/json' } }));
    out.push(base({ label: 'body: wrong media type', payload: undefined, body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }));
  }
  return out;
}

const BOUNDARY = 'fuzzboundary';
const multipartProbes = (url: string): Probe[] => [
  { label: 'multipart: no boundary', method: 'POST', url, body: 'abc', headers: { 'content-type': 'multipart/form-data' } },
  {
    label: 'multipart: truncated',
    method: 'POST',
    url,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  },
  { label: 'multipart: garbage', method: 'POST', url, body: '\u0000\u0000garbage', headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } },
  {
    label: 'multipart: header without end',
    method: 'POST',
    url,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"`,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  },
  {
    label: 'multipart: no file part',
    method: 'POST',
    url,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--${BOUNDARY}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  },
  {
    label: 'multipart: NUL file name',
    method: 'POST',
    url,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\nContent-Type: image/png\r\n\r\nxx\r\n--${BOUNDARY}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  },
];

const GRAPHQL_MISTAKES: [string, unknown][] = [
  ['no query', {}],
  ['query not a string', { query: 42 }],
  ['syntax error', { query: '{ stops(' }],
  ['unknown field', { query: '{ nope }' }],
  ['variables not an object', { query: 'query Q($id: String!) { __typename }', variables: 'abc' }],
  ['variables an array', { query: 'query Q($id: String!) { __typename }', variables: [1] }],
  ['variable of a wrong type', { query: 'query Q($n: Int!) { __typename }', variables: { n: 'abc' } }],
  ['missing variable', { query: 'query Q($n: Int!) { __typename }' }],
  ['unknown operationName', { query: 'query A { __typename } query B { __typename }', operationName: 'C' }],
  ['two operations, no name', { query: 'query A { __typename } query B { __typename }' }],
  ['operationName not a string', { query: 'query A { __typename }', operationName: 7 }],
  ['NUL in query', { query: '{ __typename\u0000 }' }],
  ['huge query', { query: `{ ${'__typename '.repeat(6000)} }` }],
  ['mutation on a read schema', { query: 'mutation { x }' }],
  ['subscription', { query: 'subscription { x }' }],
  ['batch', [{ query: '{ __typename }' }]],
];

describe(`schema fuzz: every route with hostile values ${dbLabel()}`, () => {
  let s: TestServer;
  let rider: Session;
  beforeAll(async () => {
    s = await startTestServer();
    rider = await signIn(s.app, s.db, '9876512399', 'fuzz-device-0001');
  }, 60_000);
  afterAll(() => s?.cleanup());

  it('answers no 5xx and only {code, message} 4xx', async () => {
    const routes = registeredRoutes(s.app).filter((r) => r.url.startsWith('/api/'));
    const probes: Probe[] = [];
    for (const route of routes) {
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
      for (const method of methods) {
        if (route.url === '/api/graphql') {
          if (method === 'POST') for (const [label, payload] of GRAPHQL_MISTAKES) probes.push({ label: `graphql: ${label}`, method, url: route.url, payload });
          else probes.push({ label: 'graphql GET without query', method, url: route.url }, { label: 'graphql GET NUL', method, url: `${route.url}?query=%00` });
          continue;
        }
        if (route.url === '/api/auth/logout') continue; // would end the session the other probes use; covered below
        const isUpload = method === 'POST' && !route.schema?.body && /file|upload|image|document|proof/i.test(route.url);
        probes.push(...(isUpload ? [...multipartProbes(route.url.replace(/:([A-Za-z0-9_]+)/g, 'x')), ...probesFor(route, method)] : probesFor(route, method)));
      }
    }
    probes.push({ label: 'logout: NUL token', method: 'POST', url: '/api/auth/logout', payload: { refreshToken: `${'a'.repeat(20)}\u0000` } });

    const counts: Record<string, number> = {};
    const failures: string[] = [];
    for (const p of probes) {
      const headers = { ...rider.headers, ...authFor(p.url), ...(p.headers ?? {}) };
      const res = await s.app.inject({
        method: p.method as 'GET',
        url: p.url,
        headers,
        ...(p.body !== undefined ? { payload: p.body } : p.payload !== undefined ? { payload: p.payload as object } : {}),
      });
      counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
      const where = `${p.method} ${p.url.slice(0, 120)} [${p.label}]`;
      // GET /api/ready's 503 is its answer, not a fault: a test server builds no planner network ahead (readiness.test.ts)
      const notReady = p.url.startsWith('/api/ready') && res.statusCode === 503 && (res.json() as { code?: string }).code === 'NOT_READY';
      if (res.statusCode >= 500 && !notReady) failures.push(`${where} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      else if (p.url.startsWith('/api/graphql')) {
        const body = res.json() as { errors?: { extensions?: { code?: string } }[] };
        if (body.errors?.some((e) => e.extensions?.code === 'INTERNAL')) failures.push(`${where} → ${res.statusCode} INTERNAL in GraphQL errors`);
      } else if (res.statusCode >= 400) {
        let body: unknown;
        try {
          body = res.json();
        } catch {
          body = res.body;
        }
        const b = body as { code?: unknown; message?: unknown };
        if (typeof b?.code !== 'string' || typeof b?.message !== 'string')
          failures.push(`${where} → ${res.statusCode} without {code, message}: ${res.body.slice(0, 120)}`);
      }
    }
    // eslint-disable-next-line no-console
    console.log(
      `schema fuzz ${dbLabel()}: ${routes.length} routes, ${probes.length} requests; answers by status ${JSON.stringify(counts)}; ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
    expect(routes.length).toBeGreaterThan(40);
  }, 600_000);
});
