import { z } from 'zod';
import { isValidIndianMobile, isValidOtp } from '@sawari/domain';

/** Auth wire contracts (issue "Rider account"). Fixed paths: /api/auth/otp, /login, /refresh, /logout. */
export const phoneNumberSchema = z.string().refine(isValidIndianMobile, 'Enter a 10-digit Indian mobile number');
export const countryCodeSchema = z.literal('+91', { message: 'Only India (+91) is supported' });
export const deviceIdSchema = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'deviceId has characters that are not allowed');

/** GET /api/auth/otp query. */
export const otpRequestQuerySchema = z.object({
  phoneNumber: phoneNumberSchema,
  countryCode: countryCodeSchema,
  templateId: z.string().min(1).max(40).default('login'),
  refNo: z.string().max(64).optional(),
  /**
   * The app's language for the SMS text (en, hi, mr, ml, ta, kn); absent or another: the `sawari_lang` cookie, else
   * English. Never an error: a code in English beats no code.
   */
  lang: z.string().max(16).optional(),
});
export const otpRequestResponseSchema = z.object({
  refNo: z.string(),
  /** Seconds until the OTP stops working (300). */
  expiresInSecs: z.number().int(),
  /** Seconds before another OTP may be asked for (30). */
  resendAfterSecs: z.number().int(),
});
export type OtpRequestResponse = z.infer<typeof otpRequestResponseSchema>;

export const loginRequestSchema = z.object({
  phoneNumber: phoneNumberSchema,
  countryCode: countryCodeSchema,
  otp: z.string().refine(isValidOtp, 'The code is 6 digits'),
  deviceId: deviceIdSchema,
});
export const loginResponseSchema = z.object({
  userId: z.string(),
  accessToken: z.string(),
  refreshToken: z.string(),
  /** True when the number signed in for the first time (no profile yet). */
  isNewUser: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshRequestSchema = z.object({ refreshToken: z.string().min(20).max(200), userId: z.string().min(1).max(64), deviceId: deviceIdSchema });
export const refreshResponseSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const logoutRequestSchema = z.object({ refreshToken: z.string().min(20).max(200).optional() });

/** GET /api/dev/sms-outbox (development mode only). */
export const smsOutboxResponseSchema = z.object({
  messages: z.array(z.object({ phoneNumber: z.string(), body: z.string(), sentAt: z.number() })),
});

/** Auth error codes a client may act on. */
export const AUTH_ERROR_CODES = [
  'OTP_INVALID',
  'OTP_EXPIRED',
  'OTP_TOO_MANY_TRIES',
  'OTP_RESEND_TOO_SOON',
  'RATE_LIMITED',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'USER_MISMATCH',
  'REFRESH_INVALID',
  'REFRESH_REUSED',
] as const;
