import { ApiError } from '../../platform/errors';

/**
 * What payments needs from a module that owns an order kind (pass, ticket, cardRecharge, ...): the amount to charge
 * and where to report the outcome. Outcomes are delivered once per settled payment; implementations should still be
 * idempotent (after a crash in the middle of a delivery, the reconciliation job delivers it again).
 */
export interface PaymentOutcomeListener {
  onPaymentSucceeded(orderId: string): Promise<unknown>;
  onPaymentFailed(orderId: string): Promise<unknown>;
}

export interface PaymentOrderPort extends PaymentOutcomeListener {
  /** What the rider owes for their order, in integer paise (whatever its state); null when unknown or not theirs. */
  amountPaise(orderId: string, userId: string): Promise<number | null>;
  /**
   * Called before a charge (after payments checked the order is not already paid or being paid): throws ApiError
   * (e.g. 409 ORDER_NOT_PAYABLE) when the order cannot be paid now.
   */
  checkPayable?(orderId: string, userId: string): Promise<void>;
}

/** Order kinds payments can charge for, one port each. */
export class PaymentOrderKinds {
  private readonly ports = new Map<string, PaymentOrderPort>();
  register(kind: string, port: PaymentOrderPort): this {
    if (this.ports.has(kind)) throw new Error(`payment order kind ${kind} registered twice`);
    this.ports.set(kind, port);
    return this;
  }
  get(kind: string): PaymentOrderPort | undefined {
    return this.ports.get(kind);
  }
  kinds(): string[] {
    return [...this.ports.keys()];
  }
}

/** The passes module's hooks (api/src/modules/passes/payment-hooks.ts), structurally. */
export interface PassHooksLike extends PaymentOutcomeListener {
  payableFor(orderId: string): Promise<{ userId: string; city: string; amountPaise: number; status: string } | null>;
}

/** Pass order statuses awaiting payment (as the passes module's PAYABLE, plus a payment in progress). */
const PAYABLE = new Set(['PENDING', 'PAYMENT_FAILED', 'PAYMENT_PROCESSING']);

/** The pass order kind over the passes module's hooks. */
export function passOrderPort(hooks: PassHooksLike): PaymentOrderPort {
  return {
    amountPaise: async (orderId, userId) => {
      const p = await hooks.payableFor(orderId);
      return p && p.userId === userId ? p.amountPaise : null;
    },
    checkPayable: async (orderId) => {
      const p = await hooks.payableFor(orderId);
      if (p && !PAYABLE.has(p.status)) throw new ApiError(409, 'ORDER_NOT_PAYABLE', `This order cannot be paid now (its status is ${p.status}).`);
    },
    onPaymentSucceeded: (orderId) => hooks.onPaymentSucceeded(orderId),
    onPaymentFailed: (orderId) => hooks.onPaymentFailed(orderId),
  };
}
