import path from 'node:path';
import { parseConfig } from './config';

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
    const r = parseConfig({ PORT: '9000', HOST: '127.0.0.1', DATA_DIR: 'memory://', DATABASE_URL: 'postgres://u@h/db', SAWARI_ENV: 'test', KIOSK_KEYS: 'key-one-1, key-two-2', LOG_LEVEL: 'warn', WEB_ROOT: '/srv/web' });
    expect(r).toEqual({
      ok: true,
      config: { port: 9000, host: '127.0.0.1', dataDir: 'memory://', databaseUrl: 'postgres://u@h/db', env: 'test', kioskKeys: ['key-one-1', 'key-two-2'], logLevel: 'warn', webRoot: '/srv/web' },
    });
  });

  it('turns static serving off with WEB_ROOT=off', () => {
    const r = parseConfig({ WEB_ROOT: 'off' });
    expect(r.ok && r.config.webRoot).toBeNull();
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
    const good = parseConfig({ NODE_ENV: 'production', KIOSK_KEYS: 'a-long-real-key' });
    expect(good.ok && good.config.kioskKeys).toEqual(['a-long-real-key']);
  });

  it('SAWARI_ENV wins over NODE_ENV and test mode is quiet', () => {
    const r = parseConfig({ NODE_ENV: 'production', SAWARI_ENV: 'test' });
    expect(r.ok && r.config.env).toBe('test');
    expect(r.ok && r.config.logLevel).toBe('silent');
  });
});
