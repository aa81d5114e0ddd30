import { generateKeyPairSync } from 'node:crypto';
import { keyIdOf } from '@sawari/domain';
import { parseConfig, testConfig } from '../../app/config';
import { buildServer } from '../../app/server';
import { dbLabel, openTestDb } from '../../testing/test-db';
import { newPrivateKeyText, parsePrivateKey } from './keys';

const ec = () => generateKeyPairSync('ec', { namedCurve: 'P-256' });

describe('ticket signing keys in the configuration', () => {
  it('TICKET_SIGNING_KEY takes PKCS#8 base64 or base64url, PEM, or a private JWK; refuses other curves and junk', () => {
    const { privateKey } = ec();
    const forms = [
      privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
      newPrivateKeyText(),
      privateKey.export({ format: 'pem', type: 'pkcs8' }) as string,
      JSON.stringify(privateKey.export({ format: 'jwk' })),
    ];
    for (const f of forms) expect(parseConfig({ TICKET_SIGNING_KEY: f }).ok).toBe(true);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    expect(parseConfig({ TICKET_SIGNING_KEY: rsa })).toEqual({ ok: false, errors: [expect.stringMatching(/P-256/)] });
    expect(parseConfig({ TICKET_SIGNING_KEY: p384 })).toEqual({ ok: false, errors: [expect.stringMatching(/P-256/)] });
    expect(parseConfig({ TICKET_SIGNING_KEY: 'not a key' })).toEqual({ ok: false, errors: [expect.stringMatching(/PKCS#8/)] });
    expect(() => parsePrivateKey('{"kty":"EC"')).toThrow(/PKCS#8/);
  });

  it('is required in production; TICKET_VERIFY_KEYS is a JSON array of P-256 public JWKs', () => {
    const prod = {
      NODE_ENV: 'production',
      KIOSK_KEYS: 'a-long-real-key',
      AUTH_TOKEN_SECRET: 'Zk3v9QmN7pX2rT8wLc5yHb1dFg6jKs4A',
      SMS_HTTP_URL: 'https://sms.example/send',
      // the city's own gateway keys (production refuses the development gateway's)
      RAZORPAY_KEY_ID: 'rzp_live_CityKeys0001',
      RAZORPAY_KEY_SECRET: 'a-live-key-secret-of-the-city',
      RAZORPAY_WEBHOOK_SECRET: 'a-live-webhook-secret-of-the-city',
    };
    expect(parseConfig(prod)).toEqual({ ok: false, errors: [expect.stringMatching(/TICKET_SIGNING_KEY is required in production/)] });
    const jwk = ec().publicKey.export({ format: 'jwk' });
    const r = parseConfig({ TICKET_VERIFY_KEYS: JSON.stringify([{ ...jwk, d: 'dropped', kid: 'x' }]) });
    expect(r.ok && r.config.ticketVerifyKeys).toEqual([{ kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }]);
    expect(parseConfig({ TICKET_VERIFY_KEYS: '{}' }).ok).toBe(false);
    expect(parseConfig({ TICKET_VERIFY_KEYS: '[{"kty":"EC"}]' }).ok).toBe(false);
  });

  it('VALIDATOR_KEYS name=key (12+ characters); the development key is refused in production', () => {
    const r = parseConfig({ VALIDATOR_KEYS: 'gate-1=abcdefghijkl, bus-42=mnopqrstuvwxyz' });
    expect(r.ok && r.config.validatorKeys).toEqual([
      { name: 'gate-1', key: 'abcdefghijkl' },
      { name: 'bus-42', key: 'mnopqrstuvwxyz' },
    ]);
    expect(parseConfig({ VALIDATOR_KEYS: 'gate=short' })).toEqual({ ok: false, errors: [expect.stringMatching(/at least 12/)] });
    const prod = {
      NODE_ENV: 'production',
      KIOSK_KEYS: 'a-long-real-key',
      AUTH_TOKEN_SECRET: 'Zk3v9QmN7pX2rT8wLc5yHb1dFg6jKs4A',
      SMS_HTTP_URL: 'https://sms.example/send',
      RAZORPAY_KEY_ID: 'rzp_live_CityKeys0001',
      RAZORPAY_KEY_SECRET: 'a-live-key-secret-of-the-city',
      RAZORPAY_WEBHOOK_SECRET: 'a-live-webhook-secret-of-the-city',
      TICKET_SIGNING_KEY: newPrivateKeyText(),
    };
    expect(parseConfig({ ...prod, VALIDATOR_KEYS: 'dev=sawari-dev-validator' })).toEqual({ ok: false, errors: [expect.stringMatching(/development key/)] });
    expect(parseConfig(prod).ok).toBe(true);
  });
});

describe(`published keys ${dbLabel()}`, () => {
  it('a configured key signs (its thumbprint is the kid) and the extra verify keys are published after it; configured validators replace the dev key', async () => {
    const t = await openTestDb();
    const { privateKey, publicKey } = ec();
    const next = ec().publicKey.export({ format: 'jwk' });
    const parsed = parseConfig({
      TICKET_SIGNING_KEY: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
      TICKET_VERIFY_KEYS: JSON.stringify([next]),
      VALIDATOR_KEYS: 'gate-1=abcdefghijkl',
    });
    if (!parsed.ok) throw new Error(parsed.errors.join());
    const { ticketSigningKey, ticketVerifyKeys, validatorKeys } = parsed.config;
    const app = await buildServer(testConfig({ ticketSigningKey, ticketVerifyKeys, validatorKeys }), { db: t.db, payments: { reconcileEveryMs: 0 } });
    try {
      const keys = (await app.inject({ url: '/api/validation/keys' })).json().keys;
      const own = publicKey.export({ format: 'jwk' });
      expect(keys.map((k: { kid: string }) => k.kid)).toEqual([await keyIdOf(own), await keyIdOf(next)]);
      expect(keys[0].jwk).toEqual({ kty: 'EC', crv: 'P-256', x: own.x, y: own.y });
      const punch = (key: string) =>
        app.inject({ method: 'POST', url: '/api/validation/punches', headers: { authorization: `Validator ${key}` }, payload: { code: 'x' } });
      expect((await punch('sawari-dev-validator')).statusCode).toBe(401);
      expect((await punch('abcdefghijkl')).statusCode).toBe(422);
    } finally {
      await app.close();
      await t.cleanup();
    }
  });
});
