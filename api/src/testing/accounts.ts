import type { FastifyInstance } from 'fastify';
import type { Db } from '../platform/db';
import { SmsOutboxStore } from '../modules/sms/store';

/** A clock tests move by hand. */
export class TestClock {
  constructor(public t = Date.UTC(2025, 7, 14, 6, 30)) {}
  readonly now = (): number => this.t;
  advance(ms: number): void {
    this.t += ms;
  }
}

let ipSeq = 0;
/** A fresh client IP per call (x-forwarded-for; test servers trust inject()'s 127.0.0.1 as their proxy), so the per-IP OTP limit stays out of the way. */
export const freshIp = (): string => {
  ipSeq += 1;
  return `10.9.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

/**
 * The code in the newest sign-in message of the development outbox to a number (every language's text starts with the
 * code). The newest message of all may be another one: a notice the server's jobs sent the rider meanwhile (a booked
 * bus assigned, a trip cancelled) came between a code and its read under load.
 */
export async function lastOtp(db: Db, phoneNumber: string): Promise<string> {
  const messages = await new SmsOutboxStore(db).list(phoneNumber, 20);
  const code = messages.map((m) => /^(\d{6}) /.exec(m.body)?.[1]).find((c) => c !== undefined);
  if (!code) throw new Error(`no code was sent to ${phoneNumber}`);
  return code;
}

export const requestOtp = (app: FastifyInstance, phoneNumber: string, ip = freshIp()) =>
  app.inject({ url: `/api/auth/otp?phoneNumber=${phoneNumber}&countryCode=%2B91`, headers: { 'x-forwarded-for': ip } });

export interface Session {
  userId: string;
  deviceId: string;
  accessToken: string;
  refreshToken: string;
  isNewUser: boolean;
  /** Spec §6 headers for authenticated calls. */
  headers: Record<string, string>;
}

export const authHeaders = (userId: string, deviceId: string, accessToken: string): Record<string, string> => ({
  accesstoken: accessToken,
  authtype: 'ACCESS_TOKEN',
  userid: userId,
  deviceid: deviceId,
  'x-type': 'pass',
});

/** Asks for a code, reads it from the outbox and signs in. */
export async function signIn(app: FastifyInstance, db: Db, phoneNumber: string, deviceId = 'test-device-1'): Promise<Session> {
  const otp = await requestOtp(app, phoneNumber);
  if (otp.statusCode !== 200) throw new Error(`OTP request failed: ${otp.statusCode} ${otp.body}`);
  const r = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { phoneNumber, countryCode: '+91', otp: await lastOtp(db, phoneNumber), deviceId },
  });
  if (r.statusCode !== 200) throw new Error(`login failed: ${r.statusCode} ${r.body}`);
  const body = r.json() as Omit<Session, 'headers' | 'deviceId'>;
  return { ...body, deviceId, headers: authHeaders(body.userId, deviceId, body.accessToken) };
}

/** Asserts an error answer's status and code (and optionally its message). */
export function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string, message?: RegExp): { code: string; message: string } {
  const body = res.json() as { code: string; message: string };
  expect({ status: res.statusCode, code: body.code }).toEqual({ status, code });
  expect(typeof body.message).toBe('string');
  if (message) expect(body.message).toMatch(message);
  return body;
}
