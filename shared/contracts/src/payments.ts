import { z } from 'zod';

/** Payments (docs/payments.md). Amounts are integer paise on the server and on the wire. */

/** Spec §7 payment methods under /select-payment. */
export const paymentMethodSchema = z.enum(['card', 'wallet', 'upi', 'netbanking', 'cash']);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** Spec §4 payment status. */
export const paymentStatusSchema = z.enum(['SUCCESS', 'PENDING', 'FAILED']);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** What a pay request and the order status report (spec §4 pass/ticket statuses); PENDING = nothing paid yet. */
export const orderPaymentStatusSchema = z.enum(['PENDING', 'PAYMENT_PROCESSING', 'SUCCESS', 'PAYMENT_FAILED']);
export type OrderPaymentStatus = z.infer<typeof orderPaymentStatusSchema>;

/** Order kinds a payment can be for (spec §4: passes, tickets, card recharges). */
export const orderKindSchema = z.string().regex(/^[a-zA-Z][a-zA-Z0-9-]{0,31}$/, 'Order kind is a word like pass or ticket');

const bankCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2,12}$/, 'Bank is a code like SBI');
export const upiVpaSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._-]{2,256}@[a-z][a-z0-9]{1,63}$/, 'UPI id looks like name@bank');
export const walletCodeSchema = z.enum(['PAYTM', 'PHONEPE', 'AMAZONPAY', 'MOBIKWIK']);

/**
 * What the rider chose on our page, passed to the gateway's page as its prefill (docs/payment-gateway.md): the bank
 * (netbanking, or the bank of the card a bank offer needs), the wallet, the UPI id. Never card data: the card number,
 * expiry and CVV are typed on the gateway's page only.
 */
export const payPrefillSchema = z
  .object({
    bank: bankCode.optional(),
    wallet: walletCodeSchema.optional(),
    vpa: upiVpaSchema.optional(),
  })
  .strict();
export type PayPrefill = z.infer<typeof payPrefillSchema>;

/** Where the gateway sends the rider back: a checkout path of ours (never another origin). */
export const checkoutReturnPathSchema = z
  .string()
  .max(600)
  // path segments as the app encodes them (checkoutPath: encodeURIComponent), never a "/", "?", "#", ":" or "\\" of
  // their own: the path stays on our origin, under the checkout
  .regex(
    /^(?!.*\/\.\.?(\/|$))\/app\/select-payment\/[A-Za-z0-9_.~%-]{1,120}\/[A-Za-z0-9-]{1,32}\/[A-Za-z0-9_.~%-]{1,300}(\/(card|wallet|upi|netbanking|cash))?$/,
    'returnPath is a checkout path of this app',
  );

/**
 * POST /api/payments/:orderKind/:orderId/pay body (header idempotency-key, 8–64 characters). Card data is refused
 * before this schema is read (400 RAW_CARD_REFUSED, rawCardFieldIn).
 */
export const payRequestSchema = z
  .object({
    method: z.enum(['card', 'wallet', 'upi', 'netbanking', 'cash']),
    prefill: payPrefillSchema.optional().default({}),
    returnPath: checkoutReturnPathSchema.optional(),
  })
  .strict();
export type PayRequest = z.input<typeof payRequestSchema>;
export type ParsedPayRequest = z.output<typeof payRequestSchema>;

const RAW_CARD_KEY = /^(number|card_?number|pan|cvv|cvc|cvv2|cid|expiry(month|year)?|exp(iry)?_?(month|year)|card)$/i;
/**
 * The first field of a request body that carries card data (a card number, CVV or expiry under any of the names a
 * card form uses, at any depth), or null. Our API never takes card data (PCI DSS, RBI): such a body is refused whole.
 */
export function rawCardFieldIn(body: unknown, path = ''): string | null {
  if (typeof body === 'string') return /^[\d\s-]{12,23}$/.test(body) && /^\d{12,19}$/.test(body.replace(/[\s-]/g, '')) ? path || 'body' : null;
  if (!body || typeof body !== 'object') return null;
  let seen = 0;
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (++seen > 200) break;
    const here = path ? `${path}.${k}` : k;
    if (RAW_CARD_KEY.test(k) && v !== undefined && v !== null && v !== '') return here;
    const inner = path.split('.').length < 6 ? rawCardFieldIn(v, here) : null;
    if (inner) return inner;
  }
  return null;
}

export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9._:-]{8,64}$/, 'idempotency-key is 8 to 64 letters, digits or . _ : -');

/**
 * Cash only: the reference the rider reads out at the counter, 8 characters without 0/O, 1/I/L or U in two groups
 * ("K7QX-M4TP"). Show it instead of the paymentId; the counter finds the payment by it.
 */
export const counterReferenceSchema = z.string().regex(/^[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/);

/** The gateway's hosted checkout: the client posts a form with these fields to `action` (a top-level navigation). */
export const hostedCheckoutSchema = z.object({
  gateway: z.string(),
  action: z.string().url(),
  method: z.literal('POST'),
  fields: z.record(z.string(), z.string()),
  /** When the gateway's page stops taking this payment (ms since epoch). */
  expiresAt: z.number().int(),
});
export type HostedCheckout = z.infer<typeof hostedCheckoutSchema>;

export const payResponseSchema = z.object({
  paymentId: z.string(),
  status: z.enum(['PAYMENT_PROCESSING', 'SUCCESS', 'PAYMENT_FAILED']),
  failureReason: z.string().nullable(),
  /** Cash: what to read out at the counter (counterReferenceSchema); absent for other methods. */
  counterReference: counterReferenceSchema.optional(),
  /** Every method but cash: where the rider pays (the gateway's page); absent once settled. */
  checkout: hostedCheckoutSchema.optional(),
});
export type PayResponse = z.infer<typeof payResponseSchema>;

/** GET /api/payments/:paymentId (payment process status). */
export const paymentSchema = z.object({
  paymentId: z.string(),
  orderKind: z.string(),
  orderId: z.string(),
  amountPaise: z.number().int(),
  method: paymentMethodSchema,
  /** Masked: "VISA •••• 1111", a UPI id, a bank or wallet code, "Pay at counter". */
  instrument: z.string(),
  status: paymentStatusSchema,
  orderStatus: z.enum(['PAYMENT_PROCESSING', 'SUCCESS', 'PAYMENT_FAILED']),
  failureReason: z.string().nullable(),
  /** Cash: what to read out at the counter (counterReferenceSchema); absent for other methods. */
  counterReference: counterReferenceSchema.optional(),
  /** A pending online payment: the gateway's page to go back to (pay again after a failed attempt, or finish). */
  checkout: hostedCheckoutSchema.optional(),
  /** A pending payment: when it is given up if nothing is paid (UPI's time left; cash: the counter's 24 h). */
  expiresAt: z.number().int().nullable().optional(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** GET /api/payments/orders/:orderKind/:orderId/status (order status). */
export const orderStatusSchema = z.object({
  orderKind: z.string(),
  orderId: z.string(),
  amountPaise: z.number().int(),
  status: orderPaymentStatusSchema,
  /** The latest payment (the successful one when paid); null for a free order. */
  paymentId: z.string().nullable(),
  /** ORDER_CHANGED_REFUNDED: the payment succeeded but did not match the order frozen at payment start, so it was refunded. */
  failureReason: z.string().nullable(),
  /** What is being bought, for the checkout ("Mumbai General pass, 30 days"). */
  label: z.string(),
  /** Order fields a checkout return path may use (always orderId; e.g. transactionId, cardType). */
  returnData: z.record(z.string(), z.string()),
  /** A free (₹0) order issued with an offer, no payment: "Free with <label>". */
  freeWith: z.object({ offerId: z.string(), label: z.string() }).nullable(),
});
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** GET /api/payments/:paymentId/refunds (refunds are made by the seller's module; the rider reads them). */
export const refundSchema = z.object({
  refundId: z.string(),
  paymentId: z.string(),
  amountPaise: z.number().int().positive(),
  reason: z.string(),
  status: paymentStatusSchema,
  failureReason: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Refund = z.infer<typeof refundSchema>;
export const paymentRefundsSchema = z.object({ paymentId: z.string(), refunds: z.array(refundSchema) });

/** POST /api/ops/payments/:paymentId/counter body. */
export const counterSettleRequestSchema = z.object({ paid: z.boolean() }).strict();
/** Path parameters of the payment routes. */
export const orderRefParamsSchema = z.object({
  orderKind: orderKindSchema,
  orderId: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'Order id is letters, digits, - and _'),
});
export const paymentIdParamsSchema = z.object({ paymentId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Payment id is letters, digits, - and _') });
/** GET /api/ops/payments/counter/:reference: what the rider read out, in any case, with or without the dash or spaces. */
export const counterLookupParamsSchema = z.object({ reference: z.string().regex(/^[A-Za-z0-9 _-]{1,100}$/, 'A counter reference is like K7QX-M4TP') });

/** GET /api/payments/methods?city=&agency= */
export const paymentMethodsQuerySchema = z.object({
  city: z.string().regex(/^[a-z][a-z-]{1,39}$/, 'City is an id like mumbai'),
  agency: z.string().max(40).optional(),
});
export const paymentMethodInfoSchema = z.object({
  method: paymentMethodSchema,
  label: z.string(),
  /** Wallet providers or netbanking banks to choose from; empty for the others. */
  options: z.array(z.object({ code: z.string(), label: z.string() })),
  /** Cash: the order stays pending until paid at the counter. */
  payAtCounter: z.boolean(),
});
export const paymentMethodsResponseSchema = z.object({ city: z.string(), agency: z.string().nullable(), methods: z.array(paymentMethodInfoSchema) });
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponseSchema>;

/**
 * Headers of an order-creating request: the optional idempotency-key. Loose: a route's header schema replaces
 * request.headers with what it parses, so every other header must pass through.
 */
export const idempotencyHeadersSchema = z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() });

/** POST /api/payments/gateway/<name>/webhook answer: what the event did (captured, duplicate, not-ours, refund-success, …). */
export const gatewayEventAnswerSchema = z.object({ outcome: z.string() });
/** The gateway's return and cancel URLs answer 303 to our checkout, with no body. */
export const gatewayRedirectSchema = z.null();
