import { OTP_PER_IP_PER_HOUR, OTP_PER_PHONE_PER_HOUR, OTP_RESEND_MS } from '../modules/auth/service';
import { dbLabel } from '../testing/test-db';
import { startTestServer, type TestServer } from '../testing/test-server';
import { expectError, TestClock } from '../testing/accounts';

// x-forwarded-for is believed only from the proxies in TRUST_PROXY, so a client cannot make each
// request look like a new address; the per-number limit does not depend on the address at all.
const otp = (s: TestServer, phone: string, forwardedFor: string, remoteAddress = '127.0.0.1') =>
  s.app.inject({ url: `/api/auth/otp?phoneNumber=${phone}&countryCode=%2B91`, headers: { 'x-forwarded-for': forwardedFor }, remoteAddress });

describe(`client address and OTP limits ${dbLabel()}`, () => {
  it('without TRUST_PROXY a forged x-forwarded-for does not escape the per-address limit', async () => {
    const s = await startTestServer({ seed: false, config: { trustProxy: [] } });
    try {
      let i = 0;
      for (; i < OTP_PER_IP_PER_HOUR; i += 1) expect((await otp(s, `98765${String(i).padStart(3, '0')}12`, `10.1.${i}.7`)).statusCode).toBe(200);
      expectError(await otp(s, `98765${String(i).padStart(3, '0')}12`, '10.200.0.1'), 429, 'RATE_LIMITED');
    } finally {
      await s.cleanup();
    }
  });

  it('with TRUST_PROXY the proxy-reported address counts, and only from that proxy', async () => {
    const s = await startTestServer({ seed: false, config: { trustProxy: ['10.0.0.2'] } });
    try {
      // Through the proxy: each rider has their own allowance.
      for (let i = 0; i < OTP_PER_IP_PER_HOUR + 5; i += 1)
        expect((await otp(s, `97765${String(i).padStart(3, '0')}12`, `49.36.${i}.1`, '10.0.0.2')).statusCode).toBe(200);
      // Not through the proxy (another peer): its own address, whatever it claims.
      let i = 0;
      for (; i < OTP_PER_IP_PER_HOUR; i += 1) expect((await otp(s, `96765${String(i).padStart(3, '0')}12`, `49.37.${i}.1`, '10.0.0.99')).statusCode).toBe(200);
      expectError(await otp(s, `96765${String(i).padStart(3, '0')}12`, '49.38.0.1', '10.0.0.99'), 429, 'RATE_LIMITED');
    } finally {
      await s.cleanup();
    }
  });

  it('the per-number limit holds whatever address asks', async () => {
    const clock = new TestClock();
    const s = await startTestServer({ seed: false, now: clock.now });
    try {
      for (let i = 0; i < OTP_PER_PHONE_PER_HOUR; i += 1) {
        expect((await otp(s, '9812345678', `10.2.${i}.1`)).statusCode).toBe(200);
        clock.advance(OTP_RESEND_MS + 1000);
      }
      expectError(await otp(s, '9812345678', '10.3.0.1'), 429, 'RATE_LIMITED');
    } finally {
      await s.cleanup();
    }
  });
});
