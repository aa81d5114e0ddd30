import { z } from 'zod';
import { CARD_KINDS, CHIP_LIMIT_PAISE, checkCardNumber, isValidCardName, normalizeCardNumber, type CardNumberError } from '@sawari/domain';

/** Transit cards (docs/cards.md). Amounts are integer paise. A full card number is only ever sent in a request body. */

export const cardKindSchema = z.enum(CARD_KINDS);

/** The card's own reference (never derived from its number): what card-history/:cardNumber carries. */
export const cardRefSchema = z.string().regex(/^crd_[A-Za-z0-9_-]{22}$/, 'must be a card reference like crd_…');
/** A recharge order's id, minted by the server. */
export const cardOrderIdSchema = z.string().regex(/^CRG_[A-Za-z0-9_-]{22}$/, 'must be a card recharge order id');

const NUMBER_MESSAGES: Record<CardNumberError, string> = {
  EMPTY: 'Card number is required',
  NOT_DIGITS: 'Card number has digits only',
  LENGTH: 'Card number has 16 digits',
  PREFIX: 'This is not a card of this kind (check the first digits)',
  CHECK_DIGIT: 'Card number is not valid (check the digits)',
};
export const cardNumberMessage = (error: CardNumberError): string => NUMBER_MESSAGES[error];

/** A typed card number: at most 40 characters before spaces and dashes are dropped. */
const rawCardNumber = z.string().max(40, 'Card number has 16 digits').transform(normalizeCardNumber);

/** Card names: letters of any script, digits, spaces and . ' - (1–30 characters). */
export const cardNameSchema = z
  .string()
  .trim()
  .min(1, 'Name the card (for example Office card)')
  .max(30, 'Card name has at most 30 characters')
  .refine(isValidCardName, "Card name has letters, digits, spaces and . ' - only");

/** POST /api/cards/v1/cards (link-card). */
export const linkCardRequestSchema = z
  .object({ kind: cardKindSchema, cardNumber: rawCardNumber, name: cardNameSchema })
  .strict()
  .superRefine((v, ctx) => {
    const c = checkCardNumber(v.kind, v.cardNumber);
    if (!c.ok) ctx.addIssue({ code: 'custom', path: ['cardNumber'], message: NUMBER_MESSAGES[c.error] });
  });
export type LinkCardRequest = z.infer<typeof linkCardRequestSchema>;

/** PUT /api/cards/v1/cards/:cardRef (rename). */
export const renameCardRequestSchema = z.object({ name: cardNameSchema }).strict();

const amountPaise = z
  .number('Amount is a number of paise')
  .int('Amount is a whole number of paise')
  .min(0, 'Amount cannot be negative')
  .max(CHIP_LIMIT_PAISE * 10, 'Amount is far above what a card can hold');

/** POST /api/cards/v1/cards/:cardRef/eligibility. */
export const eligibilityRequestSchema = z.object({ amountPaise }).strict();
/** POST /api/cards/v1/recharges (recharge; the order kind follows the card: cardRecharge or ncmcCardRecharge). */
export const rechargeOrderRequestSchema = z
  .object({ cardRef: cardRefSchema, amountPaise, city: z.string().regex(/^[a-z][a-z-]{1,39}$/, 'City is an id like mumbai') })
  .strict();

/** GET history: spec §7 lists page with PageIndex (from 0) and PageSize. */
export const cardHistoryQuerySchema = z.object({
  PageIndex: z.coerce.number().int().min(0).max(10_000).default(0),
  PageSize: z.coerce.number().int().min(1).max(50).default(20),
});

/** POST /api/cards/v1/terminal/taps (validator key): what a bus validator sends when a card is tapped. */
export const terminalTapRequestSchema = z
  .object({
    /** The terminal's own id for this tap; a retry sends the same id. */
    tapId: z.string().regex(/^[A-Za-z0-9._:-]{8,64}$/, 'tapId is 8 to 64 letters, digits or . _ : -'),
    cardNumber: rawCardNumber.refine((v) => /^\d{16}$/.test(v), 'Card number has 16 digits'),
    farePaise: z.number().int('Fare is a whole number of paise').min(0, 'Fare cannot be negative').max(100_000, 'Fare is at most ₹1,000'),
    /** Expiry as read from the chip, YYYY-MM. */
    validThru: z
      .string()
      .regex(/^20\d\d-(0[1-9]|1[0-2])$/, 'validThru is YYYY-MM')
      .optional(),
    terminalId: z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,40}$/, 'terminalId is letters, digits or . _ : -')
      .optional(),
    routeName: z
      .string()
      .trim()
      .min(1)
      .max(60)
      .regex(/^[^\u0000-\u001f]+$/, 'routeName has no control characters')
      .optional(),
  })
  .strict();
export type TerminalTapRequest = z.infer<typeof terminalTapRequestSchema>;

/** POST /api/ops/cards/block (operator key): the issuer's hotlist. */
export const blockCardRequestSchema = z
  .object({ cardNumber: rawCardNumber.refine((v) => /^\d{16}$/.test(v), 'Card number has 16 digits'), blocked: z.boolean() })
  .strict();

// --- answers ------------------------------------------------------------------------------------------------------

export const cardOrderStatusSchema = z.enum(['CREATED', 'PAYMENT_PROCESSING', 'PAYMENT_FAILED', 'STAGED', 'PENDING_ON_CARD', 'WRITTEN', 'REFUNDED']);
export type CardOrderStatus = z.infer<typeof cardOrderStatusSchema>;

export const linkedCardSchema = z.object({
  cardRef: z.string(),
  kind: cardKindSchema,
  name: z.string(),
  maskedNumber: z.string(),
  last4: z.string(),
  status: z.enum(['ACTIVE', 'BLOCKED']),
  validThru: z.string().nullable(),
  expired: z.boolean(),
  /** On the chip as last seen by a terminal. */
  chipBalancePaise: z.number().int(),
  chipSeenAt: z.number().int().nullable(),
  /** Paid and waiting for the next tap. */
  pendingPaise: z.number().int(),
  /** NCMC: paid, waiting for the rider to move it to the offline wallet. */
  stagedPaise: z.number().int(),
  limitPaise: z.number().int(),
  maxRechargePaise: z.number().int(),
  linkedAt: z.number().int(),
});
export type LinkedCard = z.infer<typeof linkedCardSchema>;
export const cardListSchema = z.object({ cards: z.array(linkedCardSchema) });

export const eligibilityResponseSchema = z.object({
  eligible: z.boolean(),
  reason: z.string().nullable(),
  message: z.string().nullable(),
  amountPaise: z.number().int(),
  maxRechargePaise: z.number().int(),
  feePaise: z.number().int(),
  payablePaise: z.number().int(),
});
export type EligibilityResponse = z.infer<typeof eligibilityResponseSchema>;

export const cardRechargeOrderSchema = z.object({
  orderId: z.string(),
  orderKind: z.enum(['cardRecharge', 'ncmcCardRecharge']),
  agency: z.string(),
  city: z.string(),
  cardRef: z.string(),
  cardKind: cardKindSchema,
  cardName: z.string(),
  maskedNumber: z.string(),
  amountPaise: z.number().int(),
  feePaise: z.number().int(),
  payablePaise: z.number().int(),
  fareBreakup: z.array(z.object({ name: z.string(), value: z.number().int() })),
  status: cardOrderStatusSchema,
  createdAt: z.number().int(),
  paidAt: z.number().int().nullable(),
  writtenAt: z.number().int().nullable(),
  refundedAt: z.number().int().nullable(),
});
export type CardRechargeOrder = z.infer<typeof cardRechargeOrderSchema>;

export const cardHistoryItemSchema = z.object({
  id: z.string(),
  type: z.enum(['TAP', 'RECHARGE']),
  at: z.number().int(),
  amountPaise: z.number().int(),
  /** RECHARGE: the order's status; TAP: ACCEPTED or DECLINED. */
  state: z.string(),
  routeName: z.string().nullable(),
  balanceAfterPaise: z.number().int().nullable(),
});
export type CardHistoryItem = z.infer<typeof cardHistoryItemSchema>;
export const cardHistorySchema = z.object({
  card: linkedCardSchema,
  items: z.array(cardHistoryItemSchema),
  pageIndex: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type CardHistory = z.infer<typeof cardHistorySchema>;

/** GET …/recharges/:orderId/offline-recharge/confirm: WRITTEN once a terminal wrote the NCMC load onto the chip. */
export const offlineRechargeConfirmSchema = z.object({
  orderId: z.string(),
  status: cardOrderStatusSchema,
  written: z.boolean(),
  writtenAt: z.number().int().nullable(),
  chipBalancePaise: z.number().int(),
  chipSeenAt: z.number().int().nullable(),
});

/** POST /api/ops/cards/block answer. */
export const blockCardResponseSchema = z.object({ cardRef: z.string(), status: z.enum(['ACTIVE', 'BLOCKED']), refundedOrderIds: z.array(z.string()) });

export const terminalTapResponseSchema = z.object({
  tapId: z.string(),
  kind: cardKindSchema,
  last4: z.string(),
  status: z.enum(['ACCEPTED', 'DECLINED']),
  declineReason: z.string().nullable(),
  previousBalancePaise: z.number().int(),
  written: z.array(z.object({ orderId: z.string(), amountPaise: z.number().int() })),
  farePaise: z.number().int(),
  balancePaise: z.number().int(),
  tappedAt: z.number().int(),
});
export type TerminalTapResponse = z.infer<typeof terminalTapResponseSchema>;
