import type { FastifyBaseLogger } from 'fastify';
import type { SmsConfig } from './settings';
import type { Clock } from '../../platform/clock';
import { ApiError } from '../../platform/errors';
import type { SmsOutboxStore } from './store';

export interface SmsMessage {
  /** A 10-digit Indian mobile number (the country code is +91). */
  to: string;
  body: string;
}

/** Sends one SMS; rejects with SmsSendError when the gateway does not take it. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

export class SmsSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsSendError';
  }
}

/** Numbers ending in these digits make the development provider fail, like a gateway refusing a number. */
export const DEV_FAILING_SUFFIX = '0000';

/**
 * Development provider: logs each message and keeps it in the sms_outbox table (read at GET /api/dev/sms-outbox in
 * development mode). It fails like a real gateway for numbers ending 0000, so failure handling can be exercised.
 */
export class DevSmsProvider implements SmsProvider {
  constructor(
    private readonly outbox: SmsOutboxStore,
    private readonly now: Clock,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async send({ to, body }: SmsMessage): Promise<void> {
    if (to.endsWith(DEV_FAILING_SUFFIX)) throw new SmsSendError(`development gateway refuses numbers ending ${DEV_FAILING_SUFFIX}`);
    await this.outbox.add(to, body, this.now());
    this.log?.info({ to, body }, 'development SMS (not sent)');
  }
}

/**
 * A real gateway: POST JSON `{ to: "+91XXXXXXXXXX", sender, body }` with `authorization: Bearer <token>`; any 2xx is
 * success; a non-2xx status, a network error or the timeout is a SmsSendError.
 */
export class HttpSmsProvider implements SmsProvider {
  constructor(
    private readonly config: Extract<SmsConfig, { provider: 'http' }>,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send({ to, body }: SmsMessage): Promise<void> {
    let res: Response;
    try {
      res = await this.fetchImpl(this.config.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.config.token ? { authorization: `Bearer ${this.config.token}` } : {}) },
        body: JSON.stringify({ to: `+91${to}`, sender: this.config.senderId, body }),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    } catch (err) {
      // The abort reason is a DOMException, which may come from another realm: compare names, not classes.
      const name = (err as { name?: string } | null)?.name;
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      throw new SmsSendError(timedOut ? `SMS gateway did not answer within ${this.config.timeoutMs} ms` : `SMS gateway unreachable: ${(err as Error).message}`);
    }
    await res.body?.cancel().catch(() => undefined);
    if (!res.ok) throw new SmsSendError(`SMS gateway answered HTTP ${res.status}`);
  }
}

export function createSmsProvider(config: SmsConfig, outbox: SmsOutboxStore, now: Clock, log?: FastifyBaseLogger): SmsProvider {
  return config.provider === 'http' ? new HttpSmsProvider(config) : new DevSmsProvider(outbox, now, log);
}

/** 502 SMS_SEND_FAILED, for when the gateway did not take a message. */
export function smsFailed(): ApiError {
  return new ApiError(502, 'SMS_SEND_FAILED', 'We could not send an SMS to this number just now. Check that the number is right and try again in a minute.');
}

/** Sends through the provider; a gateway failure becomes 502 SMS_SEND_FAILED. */
export async function sendSms(sms: SmsProvider, to: string, body: string): Promise<void> {
  try {
    await sms.send({ to, body });
  } catch (err) {
    if (err instanceof SmsSendError) throw smsFailed();
    throw err;
  }
}
