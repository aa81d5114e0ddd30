import type { Db } from '../../platform/db';

export interface OutboxMessage {
  phoneNumber: string;
  body: string;
  sentAt: number;
}

/** SQL for the development SMS outbox. */
export class SmsOutboxStore {
  constructor(private readonly db: Db) {}

  async add(phoneNumber: string, body: string, sentAt: number): Promise<void> {
    await this.db.query('INSERT INTO sms_outbox (phone_number, body, sent_at) VALUES ($1, $2, $3)', [phoneNumber, body, sentAt]);
  }

  /** Newest first, at most `limit`. */
  async list(phoneNumber: string, limit = 20): Promise<OutboxMessage[]> {
    const r = await this.db.query<{ phone_number: string; body: string; sent_at: string | number }>(
      'SELECT phone_number, body, sent_at FROM sms_outbox WHERE phone_number = $1 ORDER BY id DESC LIMIT $2',
      [phoneNumber, limit],
    );
    return r.rows.map((m) => ({ phoneNumber: m.phone_number, body: m.body, sentAt: Number(m.sent_at) }));
  }
}
