import path from 'node:path';
import { parseConfig } from './config';
import { newPrivateKeyText } from '../modules/validation/keys';

/** A production root secret of random characters (a weak one is refused: platform/secret-strength.ts secretWeakness). */
const STRONG_SECRET = 'Zk3v9QmN7pX2rT8wLc5yHb1dFg6jKs4A';
/** The city's own payment gateway account (production refuses the development gateway's keys). */
const PROD_GATEWAY = {
  RAZORPAY_KEY_ID: 'rzp_live_CityOfMumbai01',
  RAZORPAY_KEY_SECRET: 'city-key-secret-0123456789',
  RAZORPAY_WEBHOOK_SECRET: 'city-webhook-secret-0123',
};
const PROD_ACCOUNTS = { AUTH_TOKEN_SECRET: STRONG_SECRET, SMS_HTTP_URL: 'https://sms.example/send', TICKET_SIGNING_KEY: newPrivateKeyText(), ...PROD_GATEWAY };

describe('config', () => {
  it('has development defaults', () => {
    const r = parseConfig({});
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.config).toMatchObject({ port: 8080, host: '0.0.0.0', env: 'development', kioskKeys: ['sawari-dev-kiosk'], logLevel: 'info' });
    expect(r.config.dataDir).toBe(path.resolve('./.data'));
    expect(r.config.webRoot).toBe(path.resolve(__dirname, '../../..'));
    expect(r.config.trustProxy).toEqual([]);
    expect([...r.config.opsKeys]).toEqual([['sawari-dev-ops', 'dev']]);
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
      METRICS_ALLOW: '127.0.0.1, 10.0.0.0/8',
      SHUTDOWN_DRAIN_MS: '1500',
      PAYMENTS_RECONCILE_EVERY_MS: '5000',
      PAYMENTS_STALE_MS: '60000',
      PAYMENTS_CHECKOUT_TIMEOUT_S: '600',
      PUBLIC_ORIGIN: 'https://sawari.example.in',
      RAZORPAY_KEY_ID: 'rzp_test_City0001',
      RAZORPAY_KEY_SECRET: 'key-secret-0001',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-0001',
      RAZORPAY_API_URL: 'https://api.razorpay.com',
      RAZORPAY_CHECKOUT_URL: 'https://checkout.razorpay.com',
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
        trustProxy: [],
        metricsAllow: ['127.0.0.1', '10.0.0.0/8'],
        drainMs: 1500,
        reconcileEveryMs: 5000,
        staleMs: 60000,
        checkoutTimeoutSeconds: 600,
        publicOrigin: 'https://sawari.example.in',
        razorpay: {
          keyId: 'rzp_test_City0001',
          keySecret: 'key-secret-0001',
          webhookSecret: 'webhook-secret-0001',
          apiUrl: 'https://api.razorpay.com',
          checkoutUrl: 'https://checkout.razorpay.com',
        },
        opsKeys: new Map([['sawari-dev-ops', 'dev']]),
      },
    });
  });

  it('refuses a METRICS_ALLOW entry that is no address, a drain over a minute and a stale time under 5 s; no drain and no METRICS_ALLOW list by default in development', () => {
    const r = parseConfig({ METRICS_ALLOW: '127.0.0.1,prometheus.local', SHUTDOWN_DRAIN_MS: '90000', PAYMENTS_STALE_MS: '1000' });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.join('\n')).toMatch(/METRICS_ALLOW: "prometheus.local"/);
      expect(r.errors.join('\n')).toMatch(/SHUTDOWN_DRAIN_MS/);
      expect(r.errors.join('\n')).toMatch(/PAYMENTS_STALE_MS must be at least 5000/);
    }
    const dev = parseConfig({});
    expect(dev.ok && dev.config.drainMs).toBe(0);
    expect(dev.ok && dev.config.metricsAllow).toBeUndefined();
  });

  it('turns static serving off with WEB_ROOT=off', () => {
    const r = parseConfig({ WEB_ROOT: 'off' });
    expect(r.ok && r.config.webRoot).toBeNull();
  });

  it('takes payments through the development gateway by default, its checkout on the API URL; refuses bad gateway values', () => {
    const dev = parseConfig({});
    expect(dev.ok && dev.config.razorpay).toEqual({
      keyId: 'rzp_test_sawari_dev',
      keySecret: 'sawari_dev_gateway_key_secret',
      webhookSecret: 'sawari_dev_webhook_secret',
      apiUrl: 'http://127.0.0.1:8090',
      checkoutUrl: 'http://127.0.0.1:8090',
    });
    // a gateway elsewhere (a test's, on its own port): the checkout page follows the API unless told otherwise
    const moved = parseConfig({ RAZORPAY_API_URL: 'http://127.0.0.1:41234' });
    expect(moved.ok && moved.config.razorpay).toMatchObject({ apiUrl: 'http://127.0.0.1:41234', checkoutUrl: 'http://127.0.0.1:41234' });
    for (const [name, bad, why] of [
      ['RAZORPAY_API_URL', 'api.razorpay.com', /RAZORPAY_API_URL must be a URL/],
      ['RAZORPAY_CHECKOUT_URL', 'ftp://checkout.example', /RAZORPAY_CHECKOUT_URL must be an http\(s\) URL/],
      ['RAZORPAY_KEY_ID', 'sk_live_123', /RAZORPAY_KEY_ID looks like rzp_live_/],
      ['RAZORPAY_KEY_SECRET', 'short', /RAZORPAY_KEY_SECRET must be at least 8 characters/],
      ['PAYMENTS_CHECKOUT_TIMEOUT_S', '59', /PAYMENTS_CHECKOUT_TIMEOUT_S must be at least 60/],
      ['PAYMENTS_CHECKOUT_TIMEOUT_S', '2.5', /PAYMENTS_CHECKOUT_TIMEOUT_S must be a whole number/],
      ['PUBLIC_ORIGIN', 'sawari.example.in', /PUBLIC_ORIGIN must be a URL/],
    ] as const) {
      const r = parseConfig({ [name]: bad });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors.join('\n')).toMatch(why);
    }
  });

  it("refuses the development gateway's keys in production", () => {
    const prod = { NODE_ENV: 'production', KIOSK_KEYS: 'a-long-real-key', ...PROD_ACCOUNTS };
    expect(parseConfig(prod).ok).toBe(true);
    for (const dev of [
      { RAZORPAY_KEY_ID: '' },
      { RAZORPAY_KEY_ID: 'rzp_test_sawari_dev' },
      { RAZORPAY_KEY_SECRET: 'sawari_dev_gateway_key_secret' },
      { RAZORPAY_WEBHOOK_SECRET: 'sawari_dev_webhook_secret' },
    ]) {
      const r = parseConfig({ ...prod, ...dev });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors).toEqual([expect.stringMatching(/must be the city's own in production/)]);
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
    const missing = parseConfig({ NODE_ENV: 'production', ...PROD_ACCOUNTS });
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
    expect(errors({ ...base, ...PROD_ACCOUNTS, AUTH_TOKEN_SECRET: '' })).toEqual([expect.stringMatching(/AUTH_TOKEN_SECRET is required in production/)]);
    expect(errors({ ...base, ...PROD_ACCOUNTS, AUTH_TOKEN_SECRET: 'short' })).toEqual(
      expect.arrayContaining([expect.stringMatching(/at least 32 characters/)]),
    );
    expect(errors({ ...base, ...PROD_ACCOUNTS })).toEqual([]);
    expect(errors({ ...base, ...PROD_ACCOUNTS, AUTH_TOKEN_SECRET: 'a'.repeat(40) })).toEqual([
      expect.stringMatching(/^AUTH_TOKEN_SECRET is too weak for production: it has only 1 different characters .*openssl rand/),
    ]);
    expect(errors({ ...base, ...PROD_ACCOUNTS, AUTH_TOKEN_SECRET: 'password1234'.repeat(3) })).toEqual([expect.stringMatching(/too weak.*repeats/)]);
    // Outside production the same secret is only a development convenience: not refused.
    expect(parseConfig({ AUTH_TOKEN_SECRET: 'a'.repeat(40) }).ok).toBe(true);
    expect(parseConfig({ SAWARI_ENV: 'test', AUTH_TOKEN_SECRET: 'a'.repeat(40) }).ok).toBe(true);
    expect(errors({ ...base, ...PROD_ACCOUNTS, SMS_HTTP_URL: '' })).toEqual([expect.stringMatching(/SMS_HTTP_URL is required/)]);
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

  it('reports every configuration problem at once, not the first one only', () => {
    const r = parseConfig({ NODE_ENV: 'production', PORT: 'eighty', LOG_LEVEL: 'loud', SMS_SENDER_ID: 'MUCH-TOO-LONG-ID' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    for (const m of [
      /PORT must be a number/,
      /LOG_LEVEL must be one of/,
      /SMS_SENDER_ID must be at most 11/,
      /KIOSK_KEYS is required in production/,
      /AUTH_TOKEN_SECRET is required in production/,
      /TICKET_SIGNING_KEY is required in production/,
    ]) {
      expect(r.errors).toEqual(expect.arrayContaining([expect.stringMatching(m)]));
    }
  });

  it('refuses to start in production with a development operator, validator or kiosk key', () => {
    const prod = { NODE_ENV: 'production', KIOSK_KEYS: 'a-long-real-key', ...PROD_ACCOUNTS };
    expect(parseConfig(prod).ok).toBe(true);
    const ok = parseConfig({ ...prod, OPS_KEYS: 'asha=0123456789abcdef' });
    expect(ok.ok && [...ok.config.opsKeys]).toEqual([['0123456789abcdef', 'asha']]);
    expect(parseConfig(prod).ok && (parseConfig(prod) as { ok: true; config: { opsKeys: Map<string, string> } }).config.opsKeys.size).toBe(0);
    const bad = parseConfig({ ...prod, OPS_KEYS: 'dev=sawari-dev-ops', VALIDATOR_KEYS: 'dev=sawari-dev-validator', KIOSK_KEYS: 'sawari-dev-kiosk' });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/OPS_KEYS must not contain the development key/),
        expect.stringMatching(/VALIDATOR_KEYS must not contain the development key/),
        expect.stringMatching(/KIOSK_KEYS must not contain the development key/),
      ]),
    );
    expect(parseConfig({ OPS_KEYS: 'no-equals-sign' }).ok).toBe(false);
  });

  it('trusts only the proxies named in TRUST_PROXY', () => {
    const r = parseConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16, ::1' });
    expect(r.ok && r.config.trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    const bad = parseConfig({ TRUST_PROXY: 'true' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.join(' ')).toMatch(/TRUST_PROXY: "true" is not an IP address/);
  });
});
