import path from 'node:path';
import { z } from 'zod';
import { parsePrivateKey, parsePublicJwks, type PublicJwk } from '../modules/validation/keys';

/** Validated server configuration. Built from the environment by `loadConfig`, or by hand in tests. */
export interface Config {
  port: number;
  host: string;
  /** Directory for PGlite data, or 'memory://' for an in-memory database. */
  dataDir: string;
  /** When set, a PostgreSQL server is used through a pg pool instead of PGlite. */
  databaseUrl?: string;
  env: 'development' | 'test' | 'production';
  kioskKeys: string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Repo root holding shell/dist and <remote>/dist; null (WEB_ROOT=off) turns static serving off (API only). */
  webRoot: string | null;
  /** HS256 secret for access tokens (and the root of the other server keys). Required in production; elsewhere,
   *  when unset, one is generated once and kept in the database's server_secrets table. */
  authTokenSecret?: string;
  /** 'dev' keeps messages in the sms_outbox table (refused in production); 'http' posts them to a gateway. */
  sms: SmsConfig;
  /** Rider support contacts shown with the office hours. */
  support: { phone: string; email: string };
  /** Sandbox gateway: how long a "pending" test instrument stays pending before it settles (PAYMENTS_SANDBOX_PENDING_MS;
   *  unset: the gateway's default, 30 s). End-to-end tests shorten it. */
  sandboxPendingMs?: number;
  /** ES256 key that signs ticket codes (PKCS#8 base64/PEM or private JWK). Required in production; elsewhere, when
   *  unset, one is generated once and kept in server_secrets (docs/validation.md). */
  ticketSigningKey?: string;
  /** More public keys validators accept (key rotation: the next key before it signs, the previous one after). */
  ticketVerifyKeys?: PublicJwk[];
  /** Validators (conductor machines, gates) that may punch: `authorization: Validator <key>`. Unset outside
   *  production: the development key `sawari-dev-validator`. */
  validatorKeys?: { name: string; key: string }[];
}

export type SmsConfig = { provider: 'dev' } | { provider: 'http'; url: string; token: string; senderId: string; timeoutMs: number };

const DEV_SUPPORT = { phone: '+91 22 4000 1234', email: 'support@sawari.example' };

const DEV_KIOSK_KEY = 'sawari-dev-kiosk';
const repoRoot = path.resolve(__dirname, '../../..');

const envSchema = z
  .object({
    PORT: z.coerce.number({ message: 'PORT must be a number' }).int('PORT must be a whole number').min(0, 'PORT must be 0..65535').max(65535, 'PORT must be 0..65535').default(8080),
    HOST: z.string().min(1, 'HOST must not be empty').default('0.0.0.0'),
    DATA_DIR: z.string().min(1, 'DATA_DIR must not be empty').default('./.data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
    SAWARI_ENV: z.enum(['development', 'test', 'production'], { message: 'SAWARI_ENV must be development, test or production' }).optional(),
    NODE_ENV: z.string().optional(),
    KIOSK_KEYS: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent' }).optional(),
    WEB_ROOT: z.string().min(1, 'WEB_ROOT must not be empty').optional(),
    AUTH_TOKEN_SECRET: z.string().min(32, 'AUTH_TOKEN_SECRET must be at least 32 characters').optional(),
    SMS_PROVIDER: z.enum(['dev', 'http'], { message: 'SMS_PROVIDER must be dev or http' }).optional(),
    SMS_HTTP_URL: z.url({ protocol: /^https?$/, message: 'SMS_HTTP_URL must be an http(s) URL' }).optional(),
    SMS_HTTP_TOKEN: z.string().optional(),
    SMS_SENDER_ID: z.string().max(11, 'SMS_SENDER_ID must be at most 11 characters').optional(),
    SMS_HTTP_TIMEOUT_MS: z.coerce.number({ message: 'SMS_HTTP_TIMEOUT_MS must be a number' }).int().min(100, 'SMS_HTTP_TIMEOUT_MS must be at least 100').max(60_000, 'SMS_HTTP_TIMEOUT_MS must be at most 60000').optional(),
    SUPPORT_PHONE: z.string().max(40).optional(),
    SUPPORT_EMAIL: z.email({ message: 'SUPPORT_EMAIL must be an email address' }).optional(),
    PAYMENTS_SANDBOX_PENDING_MS: z.coerce
      .number({ message: 'PAYMENTS_SANDBOX_PENDING_MS must be a number' })
      .int('PAYMENTS_SANDBOX_PENDING_MS must be a whole number of milliseconds')
      .min(500, 'PAYMENTS_SANDBOX_PENDING_MS must be at least 500')
      .max(3_600_000, 'PAYMENTS_SANDBOX_PENDING_MS must be at most 3600000 (1 h)')
      .optional(),
    TICKET_SIGNING_KEY: z.string().optional(),
    TICKET_VERIFY_KEYS: z.string().optional(),
    VALIDATOR_KEYS: z.string().optional(),
  })
  .transform((e, ctx) => {
    const nodeEnv = e.NODE_ENV === 'production' || e.NODE_ENV === 'test' ? e.NODE_ENV : undefined;
    const env = e.SAWARI_ENV ?? nodeEnv ?? 'development';
    const keys = (e.KIOSK_KEYS ?? '').split(',').map((k) => k.trim()).filter(Boolean);
    if (keys.length === 0) {
      if (env === 'production') {
        ctx.addIssue({ code: 'custom', path: ['KIOSK_KEYS'], message: 'KIOSK_KEYS is required in production (comma-separated kiosk keys)' });
        return z.NEVER;
      }
      keys.push(DEV_KIOSK_KEY);
    } else if (env === 'production' && keys.includes(DEV_KIOSK_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['KIOSK_KEYS'], message: `KIOSK_KEYS must not contain the development key ${DEV_KIOSK_KEY} in production` });
      return z.NEVER;
    }
    if (keys.some((k) => k.length < 8)) {
      ctx.addIssue({ code: 'custom', path: ['KIOSK_KEYS'], message: 'every kiosk key in KIOSK_KEYS must be at least 8 characters' });
      return z.NEVER;
    }
    if (env === 'production' && !e.AUTH_TOKEN_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_TOKEN_SECRET'], message: 'AUTH_TOKEN_SECRET is required in production (at least 32 random characters)' });
      return z.NEVER;
    }
    const smsProvider = e.SMS_PROVIDER ?? (env === 'production' ? 'http' : 'dev');
    if (smsProvider === 'dev' && env === 'production') {
      ctx.addIssue({ code: 'custom', path: ['SMS_PROVIDER'], message: 'SMS_PROVIDER=dev is refused in production; use SMS_PROVIDER=http' });
      return z.NEVER;
    }
    if (smsProvider === 'http' && !e.SMS_HTTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMS_HTTP_URL'], message: 'SMS_HTTP_URL is required when SMS_PROVIDER is http (the default in production)' });
      return z.NEVER;
    }
    const sms: SmsConfig =
      smsProvider === 'http'
        ? { provider: 'http', url: e.SMS_HTTP_URL as string, token: e.SMS_HTTP_TOKEN ?? '', senderId: e.SMS_SENDER_ID ?? 'SAWARI', timeoutMs: e.SMS_HTTP_TIMEOUT_MS ?? 5000 }
        : { provider: 'dev' };
    let ticketVerifyKeys: PublicJwk[] | undefined;
    try {
      if (e.TICKET_SIGNING_KEY) parsePrivateKey(e.TICKET_SIGNING_KEY);
      if (e.TICKET_VERIFY_KEYS) ticketVerifyKeys = parsePublicJwks(e.TICKET_VERIFY_KEYS);
    } catch (err) {
      ctx.addIssue({ code: 'custom', path: ['TICKET_SIGNING_KEY'], message: (err as Error).message });
      return z.NEVER;
    }
    if (env === 'production' && !e.TICKET_SIGNING_KEY) {
      ctx.addIssue({ code: 'custom', path: ['TICKET_SIGNING_KEY'], message: 'TICKET_SIGNING_KEY is required in production (an ES256 private key: PKCS#8 base64 or JWK; see docs/validation.md)' });
      return z.NEVER;
    }
    const validatorKeys: { name: string; key: string }[] = [];
    for (const entry of (e.VALIDATOR_KEYS ?? '').split(',').map((x) => x.trim()).filter(Boolean)) {
      const m = /^([A-Za-z0-9._@-]{1,60})=(.{12,200})$/.exec(entry);
      if (!m) {
        ctx.addIssue({ code: 'custom', path: ['VALIDATOR_KEYS'], message: 'VALIDATOR_KEYS: each entry must be name=key with a key of at least 12 characters' });
        return z.NEVER;
      }
      if (env === 'production' && m[2] === 'sawari-dev-validator') {
        ctx.addIssue({ code: 'custom', path: ['VALIDATOR_KEYS'], message: 'VALIDATOR_KEYS must not contain the development key sawari-dev-validator in production' });
        return z.NEVER;
      }
      validatorKeys.push({ name: m[1], key: m[2] });
    }
    const config: Config = {
      port: e.PORT,
      host: e.HOST,
      dataDir: e.DATA_DIR === 'memory://' ? e.DATA_DIR : path.resolve(e.DATA_DIR),
      databaseUrl: e.DATABASE_URL,
      env,
      kioskKeys: keys,
      logLevel: e.LOG_LEVEL ?? (env === 'test' ? 'silent' : 'info'),
      webRoot: e.WEB_ROOT === 'off' ? null : path.resolve(e.WEB_ROOT ?? repoRoot),
      authTokenSecret: e.AUTH_TOKEN_SECRET,
      sms,
      support: { phone: e.SUPPORT_PHONE ?? DEV_SUPPORT.phone, email: e.SUPPORT_EMAIL ?? DEV_SUPPORT.email },
      sandboxPendingMs: e.PAYMENTS_SANDBOX_PENDING_MS,
      ticketSigningKey: e.TICKET_SIGNING_KEY,
      ticketVerifyKeys,
      validatorKeys: validatorKeys.length ? validatorKeys : undefined,
    };
    return config;
  });

export type ConfigResult = { ok: true; config: Config } | { ok: false; errors: string[] };

/** Parses an environment; never throws. Empty strings count as unset. */
export function parseConfig(env: NodeJS.ProcessEnv): ConfigResult {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const r = envSchema.safeParse(cleaned);
  if (r.success) return { ok: true, config: r.data };
  return { ok: false, errors: r.error.issues.map((i) => i.message) };
}

/** Reads process.env; on a bad value prints one line per problem and exits with status 1. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const r = parseConfig(env);
  if (r.ok) return r.config;
  process.stderr.write(`Invalid configuration:\n${r.errors.map((m) => `  - ${m}`).join('\n')}\n`);
  process.exit(1);
}

/** A configuration for tests: in-memory PGlite, silent logs, no static serving, the dev kiosk key. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    env: 'test',
    kioskKeys: [DEV_KIOSK_KEY],
    logLevel: 'silent',
    webRoot: null,
    sms: { provider: 'dev' },
    support: DEV_SUPPORT,
    ...overrides,
  };
}
