import { z } from 'zod';
import { defineSection } from '../../platform/config';

export type SmsConfig = { provider: 'dev' } | { provider: 'http'; url: string; token: string; senderId: string; timeoutMs: number };

export interface SmsSettings {
  /** 'dev' keeps messages in the sms_outbox table (refused in production); 'http' posts them to a gateway. */
  sms: SmsConfig;
}

export const smsSettings = defineSection<SmsSettings>({
  variables: {
    SMS_PROVIDER: z.enum(['dev', 'http'], { message: 'SMS_PROVIDER must be dev or http' }).optional(),
    SMS_HTTP_URL: z.url({ protocol: /^https?$/, message: 'SMS_HTTP_URL must be an http(s) URL' }).optional(),
    SMS_HTTP_TOKEN: z.string().optional(),
    SMS_SENDER_ID: z.string().max(11, 'SMS_SENDER_ID must be at most 11 characters').optional(),
    SMS_HTTP_TIMEOUT_MS: z.coerce
      .number({ message: 'SMS_HTTP_TIMEOUT_MS must be a number' })
      .int()
      .min(100, 'SMS_HTTP_TIMEOUT_MS must be at least 100')
      .max(60_000, 'SMS_HTTP_TIMEOUT_MS must be at most 60000')
      .optional(),
  },
  build(e, ctx) {
    const provider = (e.SMS_PROVIDER as 'dev' | 'http' | undefined) ?? (ctx.env === 'production' ? 'http' : 'dev');
    if (provider === 'dev' && ctx.env === 'production') ctx.problem('SMS_PROVIDER=dev is refused in production; use SMS_PROVIDER=http');
    if (provider === 'http' && !e.SMS_HTTP_URL) ctx.problem('SMS_HTTP_URL is required when SMS_PROVIDER is http (the default in production)');
    if (provider === 'dev') return { sms: { provider: 'dev' } };
    return {
      sms: {
        provider: 'http',
        url: String(e.SMS_HTTP_URL ?? ''),
        token: (e.SMS_HTTP_TOKEN as string | undefined) ?? '',
        senderId: (e.SMS_SENDER_ID as string | undefined) ?? 'SAWARI',
        timeoutMs: (e.SMS_HTTP_TIMEOUT_MS as number | undefined) ?? 5000,
      },
    };
  },
});
