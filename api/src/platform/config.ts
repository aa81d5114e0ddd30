import path from 'node:path';
import { z, type ZodType } from 'zod';
import { buildMapSources, mapVariables, type MapSources } from './map-tiles';
import { secretWeakness } from './secret-strength';

export type Environment = 'development' | 'test' | 'production';

/** The platform's part of the configuration (server, database, logs, static files, the root secret, proxies). Each
 *  module adds its own part through a `ConfigSection`; the composition root (api/src/app/config.ts) joins them. */
export interface PlatformConfig {
  port: number;
  host: string;
  /** Directory for PGlite data, or 'memory://' for an in-memory database. */
  dataDir: string;
  /** When set, a PostgreSQL server is used through a pg pool instead of PGlite. */
  databaseUrl?: string;
  env: Environment;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Repo root holding shell/dist and <remote>/dist; null (WEB_ROOT=off) turns static serving off (API only). */
  webRoot: string | null;
  /** HS256 secret for access tokens (and the root of the other server keys). Required in production; elsewhere,
   *  when unset, one is generated once and kept in the database's server_secrets table. */
  authTokenSecret?: string;
  /** Addresses (IPs or CIDR ranges) of the reverse proxies whose `x-forwarded-for` is believed (TRUST_PROXY). Empty:
   *  no proxy is trusted and the client address is the socket's peer (docs/hardening.md). */
  trustProxy: string[];
  /** Addresses (IPs or CIDR ranges) answered on GET /metrics (METRICS_ALLOW; default loopback). Behind a trusted
   *  proxy the forwarded client address is the one checked (platform/metrics.ts). */
  metricsAllow?: string[];
  /** On SIGTERM, how long /api/ready answers 503 while requests are still served, before the listener closes
   *  (SHUTDOWN_DRAIN_MS; default 2000 in production, else 0): the load balancer's health check sees it first. */
  drainMs?: number;
  /** Map tile sources by city (SAWARI_MAP_TILES, SAWARI_MAP_PMTILES, SAWARI_MAP_ATTRIBUTION; map-tiles.ts): only the
   *  URL templates' origins are added to the page CSP. Unset: maps draw the built-in style, nothing fetched elsewhere. */
  mapSources?: MapSources;
  /** Origins a page's form may post to besides our own (the payment gateway's hosted page; CSP form-action). */
  formActionOrigins?: string[];
}

/** The platform's part only; modules that need nothing else take this. */
export type Config = PlatformConfig;

/** What a section's `build` gets: the environment kind and a way to report a problem (all are reported at once). */
export interface SectionContext {
  env: Environment;
  problem(message: string): void;
}

/**
 * A module's settings: the environment variables it reads (zod schemas; empty strings count as unset) and how they
 * become its part of the configuration. Problems are reported, never thrown, so every bad value is listed at once.
 */
export interface ConfigSection<T extends object> {
  variables: Record<string, ZodType>;
  build(values: Record<string, unknown>, ctx: SectionContext): T;
}

export const defineSection = <T extends object>(section: ConfigSection<T>): ConfigSection<T> => section;

const repoRoot = path.resolve(__dirname, '../../..');

/** TRUST_PROXY entries: IPv4/IPv6 addresses, optionally with a /prefix (what proxy-addr accepts). */
const proxyEntry = /^(?:[0-9]{1,3}(?:\.[0-9]{1,3}){3}|[0-9a-fA-F:]*:[0-9a-fA-F:.]*)(?:\/[0-9]{1,3})?$/;

const platformSection = defineSection<PlatformConfig>({
  variables: {
    PORT: z.coerce
      .number({ message: 'PORT must be a number' })
      .int('PORT must be a whole number')
      .min(0, 'PORT must be 0..65535')
      .max(65535, 'PORT must be 0..65535')
      .default(8080),
    HOST: z.string().min(1, 'HOST must not be empty').default('0.0.0.0'),
    DATA_DIR: z.string().min(1, 'DATA_DIR must not be empty').default('./.data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .optional(),
    WEB_ROOT: z.string().min(1, 'WEB_ROOT must not be empty').optional(),
    AUTH_TOKEN_SECRET: z.string().min(32, 'AUTH_TOKEN_SECRET must be at least 32 characters').optional(),
    TRUST_PROXY: z.string().optional(),
    METRICS_ALLOW: z.string().optional(),
    SHUTDOWN_DRAIN_MS: z.coerce
      .number({ message: 'SHUTDOWN_DRAIN_MS must be a number' })
      .int('SHUTDOWN_DRAIN_MS must be a whole number of milliseconds')
      .min(0, 'SHUTDOWN_DRAIN_MS must be 0..60000')
      .max(60_000, 'SHUTDOWN_DRAIN_MS must be 0..60000')
      .optional(),
    ...mapVariables,
  },
  build(e, ctx) {
    if (ctx.env === 'production' && !e.AUTH_TOKEN_SECRET) ctx.problem('AUTH_TOKEN_SECRET is required in production (at least 32 random characters)');
    const weakness = ctx.env === 'production' && e.AUTH_TOKEN_SECRET ? secretWeakness(e.AUTH_TOKEN_SECRET as string) : null;
    if (weakness) ctx.problem(`AUTH_TOKEN_SECRET is too weak for production: ${weakness}. Use a random one, e.g. openssl rand -base64 48`);
    const trustProxy = String(e.TRUST_PROXY ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const entry of trustProxy) {
      if (!proxyEntry.test(entry)) ctx.problem(`TRUST_PROXY: "${entry}" is not an IP address or CIDR range (list the proxies' addresses, comma separated)`);
    }
    const metricsAllow = String(e.METRICS_ALLOW ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const entry of metricsAllow) {
      if (!proxyEntry.test(entry)) ctx.problem(`METRICS_ALLOW: "${entry}" is not an IP address or CIDR range (list the scrapers' addresses, comma separated)`);
    }
    const dataDir = e.DATA_DIR as string;
    return {
      port: e.PORT as number,
      host: e.HOST as string,
      dataDir: dataDir === 'memory://' ? dataDir : path.resolve(dataDir),
      databaseUrl: e.DATABASE_URL as string | undefined,
      env: ctx.env,
      logLevel: (e.LOG_LEVEL as PlatformConfig['logLevel'] | undefined) ?? (ctx.env === 'test' ? 'silent' : 'info'),
      webRoot: e.WEB_ROOT === 'off' ? null : path.resolve((e.WEB_ROOT as string | undefined) ?? repoRoot),
      authTokenSecret: e.AUTH_TOKEN_SECRET as string | undefined,
      trustProxy,
      metricsAllow: metricsAllow.length ? metricsAllow : undefined,
      drainMs: (e.SHUTDOWN_DRAIN_MS as number | undefined) ?? (ctx.env === 'production' ? 2000 : 0),
      mapSources: buildMapSources(e, ctx.problem),
    };
  },
});

const envKindSchema = z.object({
  SAWARI_ENV: z.enum(['development', 'test', 'production'], { message: 'SAWARI_ENV must be development, test or production' }).optional(),
  NODE_ENV: z.string().optional(),
});

export type ConfigResult<C> = { ok: true; config: C } | { ok: false; errors: string[] };

type Joined<S extends readonly ConfigSection<object>[]> = PlatformConfig & UnionToIntersection<S[number] extends ConfigSection<infer T> ? T : never>;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/**
 * Parses an environment into the platform's part joined with every section's part; never throws. Every problem of
 * every section is collected, so a bad deployment learns all its mistakes in one start. Empty strings count as unset.
 */
export function parseEnvironment<S extends readonly ConfigSection<object>[]>(env: NodeJS.ProcessEnv, sections: S): ConfigResult<Joined<S>> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const errors: string[] = [];
  const kind = envKindSchema.safeParse(cleaned);
  if (!kind.success) errors.push(...kind.error.issues.map((i) => i.message));
  const nodeEnv = cleaned.NODE_ENV === 'production' || cleaned.NODE_ENV === 'test' ? cleaned.NODE_ENV : undefined;
  const envKind: Environment = (kind.success ? kind.data.SAWARI_ENV : undefined) ?? nodeEnv ?? 'development';
  const joined: Record<string, unknown> = {};
  for (const section of [platformSection, ...sections] as ConfigSection<object>[]) {
    // Each variable on its own, so one bad value does not hide the section's other checks; a bad variable is left
    // out of `build`, and what `build` then says about that variable is not repeated.
    const values: Record<string, unknown> = {};
    const failed: string[] = [];
    for (const [name, schema] of Object.entries(section.variables)) {
      const r = schema.safeParse(cleaned[name]);
      if (r.success) values[name] = r.data;
      else {
        failed.push(name);
        errors.push(...r.error.issues.map((i) => i.message));
      }
    }
    const ctx: SectionContext = { env: envKind, problem: (m) => failed.some((name) => m.includes(name)) || errors.push(m) };
    Object.assign(joined, section.build(values, ctx));
  }
  if (errors.length) return { ok: false, errors };
  return { ok: true, config: joined as Joined<S> };
}

/** Prints one line per problem and exits with status 1 (used by the entry points on a bad configuration). */
export function exitOnConfigErrors<C>(r: ConfigResult<C>): C {
  if (r.ok) return r.config;
  process.stderr.write(`Invalid configuration:\n${r.errors.map((m) => `  - ${m}`).join('\n')}\n`);
  process.exit(1);
}

/** The platform's part for tests: in-memory PGlite, silent logs, no static serving, no proxy. */
export function testPlatformConfig(): PlatformConfig {
  return { port: 0, host: '127.0.0.1', dataDir: 'memory://', env: 'test', logLevel: 'silent', webRoot: null, trustProxy: [] };
}

/** The platform's part of process.env only, exiting on a bad value (command-line tools that just open the database). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  return exitOnConfigErrors(parseEnvironment(env, []));
}
