import { z } from 'zod';

/**
 * Rider notices: every outcome the rider did not see happen (an operator's cancel, move or bus
 * change, a refund sent or settled, a booking confirmed, a change of slot, a verification, a card load written) is
 * sent by SMS and shown on Home until the rider dismisses it. The text is written in the rider's notice language.
 */
export const noticeLanguageSchema = z.enum(['en', 'hi', 'mr', 'ml', 'ta', 'kn']);
export type NoticeLanguageWire = z.infer<typeof noticeLanguageSchema>;

export const riderNoticeSchema = z.object({
  id: z.number().int().positive(),
  /** What it reports (tripCancelled, refundSent, paymentReceived, productReady, paymentFailed, …); null for payment messages sent before they had kinds. */
  kind: z.string().nullable(),
  body: z.string(),
  createdAt: z.number().int(),
});
export type RiderNotice = z.infer<typeof riderNoticeSchema>;

export const riderNoticeListSchema = z.object({ notices: z.array(riderNoticeSchema) });
export type RiderNoticeList = z.infer<typeof riderNoticeListSchema>;

export const noticeIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }).strict();

export const noticeLanguageRequestSchema = z.object({ language: noticeLanguageSchema }).strict();
