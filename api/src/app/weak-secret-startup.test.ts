import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { newPrivateKeyText } from '../modules/validation/keys';
import { compiledApi } from '../testing/compiled-api';

// The server itself (compiled, api/dist/app/main.js, as production starts it) refuses to start in production with a weak
// AUTH_TOKEN_SECRET: exit code 1 and a start-up error saying why, before any database is opened.
const repo = path.resolve(__dirname, '../../..');
const start = (secret: string) =>
  spawnSync(process.execPath, [compiledApi('app/main.js')], {
    cwd: repo,
    encoding: 'utf8',
    timeout: 60_000,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      AUTH_TOKEN_SECRET: secret,
      KIOSK_KEYS: 'a-long-real-kiosk-key',
      SMS_HTTP_URL: 'https://sms.example/send',
      TICKET_SIGNING_KEY: newPrivateKeyText(),
      OPS_KEYS: 'asha=a-long-real-ops-key',
      VALIDATOR_KEYS: 'gate=a-long-real-validator-key',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      WEB_ROOT: 'off',
    },
  });

describe('production start-up with a weak AUTH_TOKEN_SECRET', () => {
  it('exits 1 with a start-up error naming the secret and why', () => {
    const r = start('a'.repeat(40));
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/Invalid configuration:\n {2}- AUTH_TOKEN_SECRET is too weak for production: it has only 1 different characters/);
    expect(r.stderr).toMatch(/openssl rand -base64 48/);
  }, 90_000);
});
