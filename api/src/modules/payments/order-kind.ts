import { randomBytes } from 'node:crypto';
import { idempotencyKeySchema, type PaymentMethod, type WalletItem } from '@sawari/contracts';
import type { Db } from '../../platform/db';
import { ApiError } from '../../platform/errors';

/**
 * The seller seam (docs/adding-a-seller-and-a-remote.md "Adding a seller"). A seller module (passes, tickets, cards,
 * reservations, ...) owns its orders and products; payments owns the order → payment → issue state machine and calls
 * the seller's OrderKind at each step. Every call gets `db`: the transaction payments holds (the seller must use it
 * and nothing else, so its change commits or rolls back with payments' own, and PGlite's one connection is not asked
 * twice).
 */

/** What a seller says an order costs and is, right now. */
export interface OrderQuote {
  /** The order's id in its kind (server-minted; see mintOrderId). */
  orderId: string;
  /** The rider who owns the order. */
  userId: string;
  city: string;
  /** What to charge, integer paise (0: nothing to pay; see PaymentService.issueFree). */
  amountPaise: number;
  /** What is sold, stable and comparable: "pass:mumbai:mum-general:adult:mum-gen-30", "ticket:…". */
  productRef: string;
  /** How many of the product (passengers, seats, …); at least 1. */
  quantity: number;
  /** A short human label for the checkout ("Mumbai General pass, 30 days"). */
  label: string;
  /** Order fields the checkout's return path may use (any field, not only orderId): `{transactionId, cardType, …}`. */
  returnData: Record<string, string>;
  /** A free (₹0) order: the offer that made it free. */
  freeWith?: { offerId: string; label: string } | null;
}

/** The instrument a rider pays with, as the gateway reports it (never the full card number). */
export interface InstrumentInfo {
  method: PaymentMethod;
  /** Issuing bank code (HDFC, SBI, …) of a card's BIN, of netbanking, or of a UPI handle; null when unknown. */
  bank: string | null;
  /** First six digits of a card; null for other methods. */
  bin: string | null;
}

/** freeze's answer: the order is frozen at this quote, or the seller re-priced it for this instrument (no payment). */
export type FreezeResult = { frozen: OrderQuote } | { repriced: OrderQuote; previousAmountPaise: number; code: string; message: string };

/** The settled payment payments hands to issue (its amount and order id already checked against the frozen order). */
export interface SettledPayment {
  paymentId: string;
  amountPaise: number;
  method: PaymentMethod;
}

export interface OrderKind {
  /**
   * The order as it stands: null when there is no such order. `lock` asks for the order row FOR UPDATE (payments
   * passes it when it is about to freeze or issue).
   */
  quote(db: Db, orderId: string, opts?: { lock?: boolean }): Promise<OrderQuote | null>;
  /**
   * A payment is starting (inside payments' transaction, the order locked). Throw ApiError (409 ORDER_NOT_PAYABLE, …)
   * when the order cannot be paid now. Otherwise mark the order frozen so the seller's own re-quote path refuses it
   * (409 ORDER_FROZEN), and answer the quote it is frozen at. A seller whose price depends on the instrument (bank
   * offers) answers `repriced` instead, after changing the order's price: payments then charges nothing and tells the
   * rider the new price.
   */
  freeze(db: Db, orderId: string, ctx: { instrument: InstrumentInfo }): Promise<FreezeResult>;
  /**
   * Issue the product (inside payments' transaction). Payments calls it exactly once per order, after checking that
   * the payment's amount and order id equal the frozen order's (or once for a free order, with payment null).
   * Answers the product's id (pass id, ticket id, …).
   */
  issue(db: Db, order: OrderQuote, payment: SettledPayment | null): Promise<{ productId: string }>;
  /**
   * Whether the product can still be used, asked inside payments' transaction (the order locked) right before `issue`
   * and `issueFree`: null when it can, else why not ("the trip left at 09:20", "the booking it replaces was cancelled").
   * Payments then issues nothing: a paid order is refunded in full and released, a free one is refused 409
   * ORDER_NOT_USABLE. A kind whose products cannot lapse between freeze and issue leaves it out.
   */
  usable?(db: Db, order: OrderQuote): Promise<string | null>;
  /**
   * The payment failed or lapsed (inside payments' transaction): the order is released (payable again, its price may be
   * re-quoted). Also called when payments refused to issue (amount mismatch) after refunding.
   */
  release(db: Db, orderId: string, ctx: { failureReason: string | null }): Promise<void>;
  /**
   * Called once payments' transaction that issued or released the order has committed (never from a timer): the place
   * to start follow-up work the seller recorded in that transaction (a refund row, an outbox entry). Best effort: it
   * may not run (a crash right after the commit), so the seller's job must also pick the recorded work up.
   */
  afterCommit?(orderId: string): Promise<void>;
}

/** Order kinds payments takes money for, one OrderKind each (registered by the composition root). */
export class OrderKinds {
  private readonly kinds = new Map<string, OrderKind>();
  register(kind: string, port: OrderKind): this {
    if (!/^[a-zA-Z][a-zA-Z0-9-]{0,31}$/.test(kind)) throw new Error(`order kind "${kind}" must be a word like pass or cardRecharge`);
    if (this.kinds.has(kind)) throw new Error(`order kind ${kind} registered twice`);
    this.kinds.set(kind, port);
    return this;
  }
  get(kind: string): OrderKind | undefined {
    return this.kinds.get(kind);
  }
  names(): string[] {
    return [...this.kinds.keys()];
  }
}

/**
 * A new order id: the kind's prefix and 128 random bits (opaque, unguessable). Clients never choose an order id; a
 * client's idempotency key is stored beside it, scoped to the rider (UNIQUE (user_id, order_key) in the seller's table).
 */
export function mintOrderId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('base64url')}`;
}

/**
 * The optional `idempotency-key` header of an order-creating request (8–64 of A-Za-z0-9._:-), else undefined. Sellers
 * store it beside the order they mint, scoped to the rider; it never becomes an order id.
 */
export function orderKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const key = headers['idempotency-key'];
  if (key === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(key);
  if (!parsed.success) throw new ApiError(400, 'VALIDATION_FAILED', `Header "idempotency-key": ${parsed.error.issues[0].message}.`);
  return parsed.data;
}

/** A wallet item as a seller knows it: everything but punches, which the validation module records. */
export type SellerWalletItem = Omit<WalletItem, 'punches' | 'rideCount'>;

/** The wallet listing's read port: each seller answers the rider's products (and visible orders) in a city. */
export interface WalletSource {
  walletItems(userId: string, city: string): Promise<SellerWalletItem[]>;
}
