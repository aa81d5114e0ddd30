import { randomInt, randomUUID } from 'node:crypto';
import type { LoginResponse, OtpRequestResponse, RefreshResponse } from '@sawari/contracts';
import type { Clock } from '../../platform/clock';
import { ApiError } from '../../platform/errors';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit';
import { hmac, safeEqual, type ServerKeys } from '../../platform/secrets';
import { sendSms, type SmsProvider } from '../sms';
import { otpSmsText, type OtpSmsLanguage } from './otp-sms';
import type { AuthStore, RefreshRow } from './store';
import { ACCESS_TOKEN_TTL_SECS, hashRefreshToken, newRefreshToken, successorJti, successorRefreshToken, type AccessTokens } from './tokens';
import { businessMetrics } from '../../platform/metrics';

export const OTP_TTL_MS = 5 * 60_000;
export const OTP_MAX_WRONG_TRIES = 5;
export const OTP_RESEND_MS = 30_000;
export const HOUR_MS = 3_600_000;
/** OTPs one number may be sent per hour, and one client IP may ask for per hour. */
export const OTP_PER_PHONE_PER_HOUR = 5;
export const OTP_PER_IP_PER_HOUR = 30;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * HOUR_MS;
/**
 * How long a rotated refresh token is still answered (with the same new pair) rather than treated as stolen: long
 * enough for two tabs and a mobile network's retries (seconds), short enough that a token replayed later still ends
 * the session. docs/accounts.md "Refresh tokens".
 */
export const REFRESH_REUSE_GRACE_MS = 20_000;

const secs = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const retryAfter = (s: number) => ({ 'retry-after': String(s) });

const sessionEnded = () => new ApiError(401, 'REFRESH_INVALID', 'Your session has ended. Sign in again.');

/** Sign-in rules: one-time passwords, accounts, access and refresh tokens. No HTTP, no SQL. */
export class AuthService {
  constructor(
    private readonly store: AuthStore,
    private readonly deps: {
      keys: ServerKeys;
      tokens: AccessTokens;
      limiter: RateLimiter;
      sms: SmsProvider;
      now: Clock;
      /** Whether the user has saved a profile (answers isNewUser). */
      hasProfile: (userId: string) => Promise<boolean>;
    },
  ) {}

  private otpHash(phoneNumber: string, refNo: string, code: string): string {
    return hmac(this.deps.keys.otp, `${phoneNumber}:${refNo}:${code}`);
  }

  /**
   * Sends a new code. Never looks at accounts, so the answer (and its timing) is the same whether or not the number
   * has one. Order: the 30 s resend gap (counts nothing), then the per-IP and per-phone limits over a rolling hour.
   * The gap is held by a code still waiting to be typed; a code already used to sign in holds none (nobody is waiting
   * for it: a rider who signs out, or signs in on another phone, gets a new code at once, within the hourly limits).
   */
  async requestOtp(input: { phoneNumber: string; templateId: string; lang?: OtpSmsLanguage }, clientIp: string): Promise<OtpRequestResponse> {
    const { phoneNumber } = input;
    const now = this.deps.now();
    const tooSoon = (createdAt: number) => {
      const wait = secs(createdAt + OTP_RESEND_MS - now);
      businessMetrics.otp('refused');
      return new ApiError(
        429,
        'OTP_RESEND_TOO_SOON',
        `A code was sent moments ago. You can ask for a new one in ${wait} seconds (retryAfterSecs=${wait}).`,
        retryAfter(wait),
      );
    };
    const current = await this.store.otpFor(phoneNumber);
    if (current && current.consumedAt === null && now - current.createdAt < OTP_RESEND_MS) throw tooSoon(current.createdAt);

    const rules: RateLimitRule[] = [
      { bucket: `otp:ip:${clientIp}`, limit: OTP_PER_IP_PER_HOUR, windowMs: HOUR_MS },
      { bucket: `otp:phone:${phoneNumber}`, limit: OTP_PER_PHONE_PER_HOUR, windowMs: HOUR_MS },
    ];
    for (const rule of rules) {
      const r = await this.deps.limiter.hit(rule);
      if (!r.allowed) {
        const minutes = Math.ceil(r.retryAfterSecs / 60);
        businessMetrics.otp('refused');
        throw new ApiError(
          429,
          'RATE_LIMITED',
          `Too many codes were asked for. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          retryAfter(r.retryAfterSecs),
        );
      }
    }

    const refNo = randomUUID();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const stored = await this.store.replaceOtp(
      { id: refNo, phoneNumber, codeHash: this.otpHash(phoneNumber, refNo, code), templateId: input.templateId, createdAt: now, expiresAt: now + OTP_TTL_MS },
      now - OTP_RESEND_MS,
    );
    if (!stored) throw tooSoon(now);
    try {
      await sendSms(this.deps.sms, phoneNumber, otpSmsText(input.lang ?? 'en', code, OTP_TTL_MS / 60_000));
    } catch (err) {
      // The rider never got this code: drop it so they can ask again at once.
      await this.store.deleteOtp(refNo);
      throw err;
    }
    businessMetrics.otp('sent');
    return { refNo, expiresInSecs: OTP_TTL_MS / 1000, resendAfterSecs: OTP_RESEND_MS / 1000 };
  }

  async login(input: { phoneNumber: string; countryCode: string; otp: string; deviceId: string }): Promise<LoginResponse> {
    const now = this.deps.now();
    const row = await this.store.otpFor(input.phoneNumber);
    if (!row || row.consumedAt !== null) throw new ApiError(401, 'OTP_EXPIRED', 'There is no code waiting for this number. Ask for a new code.');
    if (now >= row.expiresAt) throw new ApiError(401, 'OTP_EXPIRED', 'This code has expired (codes work for 5 minutes). Ask for a new code.');
    const blocked = () => new ApiError(401, 'OTP_TOO_MANY_TRIES', `This code is blocked after ${OTP_MAX_WRONG_TRIES} wrong tries. Ask for a new code.`);
    const tries = await this.store.takeOtpTry(row.id, OTP_MAX_WRONG_TRIES);
    if (tries === null) throw blocked();
    if (!safeEqual(this.otpHash(input.phoneNumber, row.id, input.otp), row.codeHash)) {
      const left = OTP_MAX_WRONG_TRIES - tries;
      if (left <= 0) throw blocked();
      throw new ApiError(401, 'OTP_INVALID', `That code is not right. You have ${left} ${left === 1 ? 'try' : 'tries'} left.`);
    }
    if (!(await this.store.consumeOtp(row.id, now))) throw new ApiError(401, 'OTP_EXPIRED', 'This code was used already. Ask for a new code.');

    const user = await this.store.findOrCreateUser(input.phoneNumber, input.countryCode, randomUUID(), now);
    const session = await this.issue(this.store, user.id, input.deviceId, randomUUID(), now);
    return { userId: user.id, ...session, isNewUser: user.created || !(await this.deps.hasProfile(user.id)) };
  }

  /**
   * Rotates a refresh token. Its one successor (successorRefreshToken) is answered, with the same access token, to
   * every use of it within REFRESH_REUSE_GRACE_MS of the first: two tabs or a retrying network that send one token
   * together all end up holding the live pair. A use after the grace is a replay (a stolen token, or a device that
   * kept an old one): it revokes the whole family. The token's row is locked for the decision, so parallel uses
   * wait for the first and then see it used (PostgreSQL; PGlite runs one transaction at a time).
   */
  async refresh(input: { refreshToken: string; userId: string; deviceId: string }): Promise<RefreshResponse> {
    const now = this.deps.now();
    const key = this.deps.keys.refreshToken;
    const hash = hashRefreshToken(key, input.refreshToken);
    const outcome = await this.store.transaction(async (store): Promise<RefreshResponse | 'invalid' | 'reused'> => {
      const row = await store.lockRefreshToken(hash);
      if (!row || row.revokedAt !== null || now >= row.expiresAt) return 'invalid';
      if (row.userId !== input.userId || row.deviceId !== input.deviceId) return 'invalid';
      const successor = successorRefreshToken(key, input.refreshToken);
      if (row.usedAt === null) {
        await store.markRefreshUsed(hash, now);
        await store.insertRefreshToken({
          tokenHash: hashRefreshToken(key, successor),
          familyId: row.familyId,
          userId: row.userId,
          deviceId: row.deviceId,
          createdAt: now,
          expiresAt: now + REFRESH_TOKEN_TTL_MS,
        });
        return this.pair(row, successor, now);
      }
      if (now >= row.usedAt && now - row.usedAt < REFRESH_REUSE_GRACE_MS) return this.pair(row, successor, row.usedAt);
      await store.revokeFamily(row.familyId, now);
      return 'reused';
    });
    if (outcome === 'invalid') throw sessionEnded();
    if (outcome === 'reused')
      throw new ApiError(401, 'REFRESH_REUSED', 'This session was used from another place, so it was signed out for your safety. Sign in again.');
    return outcome;
  }

  /** The pair a rotation at `rotatedAt` answers: the successor and the access token issued with it (same every time). */
  private async pair(row: RefreshRow, successor: string, rotatedAt: number): Promise<RefreshResponse> {
    const jti = successorJti(this.deps.keys.refreshToken, successor);
    return { accessToken: await this.deps.tokens.issue(row.userId, row.deviceId, row.familyId, { issuedAtMs: rotatedAt, jti }), refreshToken: successor };
  }

  /** Revokes the family of the given refresh token (when it is this user's) and every session of this device: their
   *  refresh tokens and, server-side, the access tokens issued in them (the guard refuses those at once). */
  async logout(userId: string, deviceId: string, refreshToken?: string): Promise<void> {
    const now = this.deps.now();
    if (refreshToken) {
      const row = await this.store.refreshToken(hashRefreshToken(this.deps.keys.refreshToken, refreshToken));
      if (row && row.userId === userId) await this.store.revokeFamily(row.familyId, now);
    }
    await this.store.revokeDevice(userId, deviceId, now);
    await this.store.pruneRevokedSessions(now - ACCESS_TOKEN_TTL_SECS * 1000 - 60_000);
  }

  private async issue(store: AuthStore, userId: string, deviceId: string, familyId: string, now: number): Promise<RefreshResponse> {
    const refreshToken = newRefreshToken();
    await store.insertRefreshToken({
      tokenHash: hashRefreshToken(this.deps.keys.refreshToken, refreshToken),
      familyId,
      userId,
      deviceId,
      createdAt: now,
      expiresAt: now + REFRESH_TOKEN_TTL_MS,
    });
    return { accessToken: await this.deps.tokens.issue(userId, deviceId, familyId), refreshToken };
  }
}
