import path from 'node:path';
import { parseConfig } from './config';
import { newPrivateKeyText } from '../modules/validation/keys';

const PROD_ACCOUNTS = { AUTH_TOKEN_SECRET: 'a'.repeat(40), SMS_HTTP_URL: 'https://sms.example/send', TICKET_SIGNING_KEY: newPrivateKeyText() };

describe('config', () => {
  it('has development defaults', () => {
    const r = parseConfig({});
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.config).toMatchObject({ port: 8080, host: '0.0.0.0', env: 'development', kioskKeys: ['sawari-dev-kiosk'], logLevel: 'info' });
    expect(r.config.dataDir).toBe(path.resolve('./.data'));
    expect(r.config.webRoot).toBe(path.resolve(__dirname, '../../..'));
    expect(r.config.databaseUrl).toBeUndefined();
  });

  it('reads every variable', () => {
    const r = parseConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      DATABASE_URL: 'postgres://u@h/db',
      SAWARI_ENV: 'test',
      KIOSK_KEYS: 'key-one-1, key-two-2',
      LOG_LEVEL: 'warn',
      WEB_ROOT: '/srv/web',
      AUTH_TOKEN_SECRET: 's'.repeat(32),
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example/send',
      SMS_HTTP_TOKEN: 'tok',
      SMS_SENDER_ID: 'SAWARI',
      SMS_HTTP_TIMEOUT_MS: '3000',
      SUPPORT_PHONE: '+91 80 1234 5678',
      SUPPORT_EMAIL: 'help@sawari.in',
    });
    expect(r).toEqual({
      ok: true,
      config: {
        port: 9000,
        host: '127.0.0.1',
        dataDir: 'memory://',
        databaseUrl: 'postgres://u@h/db',
        env: 'test',
        kioskKeys: ['key-one-1', 'key-two-2'],
        logLevel: 'warn',
        webRoot: '/srv/web',
        authTokenSecret: 's'.repeat(32),
        sms: { provider: 'http', url: 'https://sms.example/send', token: 'tok', senderId: 'SAWARI', timeoutMs: 3000 },
        support: { phone: '+91 80 1234 5678', email: 'help@sawari.in' },
      },
    });
  });

  it('turns static serving off with WEB_ROOT=off', () => {
    const r = parseConfig({ WEB_ROOT: 'off' });
    expect(r.ok && r.config.webRoot).toBeNull();
  });

  it('reads the sandbox pending time (PAYMENTS_SANDBOX_PENDING_MS) and refuses values out of range', () => {
    expect(parseConfig({}).ok && (parseConfig({}) as { config: { sandboxPendingMs?: number } }).config.sandboxPendingMs).toBeUndefined();
    const r = parseConfig({ PAYMENTS_SANDBOX_PENDING_MS: '4000' });
    expect(r.ok && r.config.sandboxPendingMs).toBe(4000);
    for (const bad of ['499', '3600001', '2.5', 'soon']) {
      const b = parseConfig({ PAYMENTS_SANDBOX_PENDING_MS: bad });
      expect(b.ok).toBe(false);
      if (!b.ok) expect(b.errors.join(' ')).toMatch(/PAYMENTS_SANDBOX_PENDING_MS/);
    }
  });

  it('names each bad value', () => {
    const r = parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.join('\n')).toMatch(/PORT must be a number/);
    expect(r.errors.join('\n')).toMatch(/DATABASE_URL must start with postgres/);
    expect(r.errors.join('\n')).toMatch(/LOG_LEVEL must be one of/);
  });

  it('requires kiosk keys in production and refuses the development key there', () => {
    const missing = parseConfig({ NODE_ENV: 'production' });
    expect(missing).toEqual({ ok: false, errors: [expect.stringMatching(/KIOSK_KEYS is required in production/)] });
    const dev = parseConfig({ NODE_ENV: 'production', KIOSK_KEYS: 'sawari-dev-kiosk' });
    expect(dev.ok).toBe(false);
    const good = parseConfig({ NODE_ENV: 'production', KIOSK_KEYS: 'a-long-real-key', ...PROD_ACCOUNTS });
    expect(good.ok && good.config.kioskKeys).toEqual(['a-long-real-key']);
  });

  it('requires a token secret and a real SMS gateway in production; development uses the outbox provider', () => {
    const base = { NODE_ENV: 'production', KIOSK_KEYS: 'a-long-real-key' };
    const errors = (env: Record<string, string>) => {
      const r = parseConfig(env);
      return r.ok ? [] : r.errors;
    };
    expect(errors({ ...base, SMS_HTTP_URL: PROD_ACCOUNTS.SMS_HTTP_URL })).toEqual([expect.stringMatching(/AUTH_TOKEN_SECRET is required in production/)]);
    expect(errors({ ...base, AUTH_TOKEN_SECRET: 'short' })).toEqual(expect.arrayContaining([expect.stringMatching(/at least 32 characters/)]));
    expect(errors({ ...base, AUTH_TOKEN_SECRET: PROD_ACCOUNTS.AUTH_TOKEN_SECRET })).toEqual([expect.stringMatching(/SMS_HTTP_URL is required/)]);
    expect(errors({ ...base, ...PROD_ACCOUNTS, SMS_PROVIDER: 'dev' })).toEqual([expect.stringMatching(/SMS_PROVIDER=dev is refused in production/)]);
    const dev = parseConfig({});
    expect(dev.ok && dev.config.sms).toEqual({ provider: 'dev' });
    expect(dev.ok && dev.config.authTokenSecret).toBeUndefined();
  });

  it('SAWARI_ENV wins over NODE_ENV and test mode is quiet', () => {
    const r = parseConfig({ NODE_ENV: 'production', SAWARI_ENV: 'test' });
    expect(r.ok && r.config.env).toBe('test');
    expect(r.ok && r.config.logLevel).toBe('silent');
  });
});
