// The pay-and-poll state machine of one order's checkout (docs/checkout.md, docs/payment-gateway.md). Keys and the
// payment being polled live in the AttemptBook (sessionStorage), so a reload, or the rider coming back from the
// gateway's page, resumes where the rider was and never charges twice. Every method but cash is paid on the gateway's
// own page: the pay answer's `checkout` form is posted there (gatewayForm.ts) and the gateway sends the rider back to
// this method's screen with ?payment=<paymentId>.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { HostedCheckout, OrderStatus, Payment, PayResponse } from '@sawari/contracts';
import { api, checkoutReturnPath, type CheckoutProductType } from '@sawari/runtime';
import { asApiError } from '../common/useAsync';
import { appUrl, go } from '../common/nav';
import { attemptBook, type OrderRef } from './attempts';
import { postToGateway } from './gatewayForm';
import type { Prefill } from './methodForms';
import { isSlow, pollDelayMs, pollRetryDelayMs } from './polling';

export type PayState =
  | { kind: 'idle' }
  | { kind: 'sending'; method: string }
  /** The gateway's page is being opened (a form post, a top-level navigation). */
  | { kind: 'redirecting'; method: string; paymentId: string; checkout: HostedCheckout }
  | {
      kind: 'polling';
      method: string;
      paymentId: string | null;
      startedAt: number;
      slow: boolean;
      offline: boolean;
      resumed?: boolean;
      /** Cash: the short reference read out at the counter ("K7QX-M4TP"); null when the payment has none (made before
       *  references), undefined while not known yet (resumed from the order's status, before the payment is read). */
      counterReference?: string | null;
      /** The gateway's page to go back to (the payment view's `checkout`), while it still takes the payment. */
      checkout?: HostedCheckout | null;
      /** When the payment is given up if nothing is paid (ms since epoch; UPI's time to approve). */
      expiresAt?: number | null;
      /** The rider came back from the gateway's page by leaving it (?left=1), not by paying. */
      left?: boolean;
      /** The payment view's instrument ("VISA •••• 1111", a UPI id, a bank code). */
      instrument?: string | null;
    }
  | { kind: 'failed'; method: string; reason: string | null }
  | { kind: 'paid' }
  | { kind: 'repriced'; method: string; code: string; fromPaise: number; toPaise: number }
  | {
      kind: 'error';
      error: 'offline' | 'generic' | 'notPayable' | 'notFound' | 'validation' | 'refused';
      /** The server's message (validation, refused). */
      message?: string;
      /** The server's code (refused: RAW_CARD_REFUSED, …). */
      code?: string;
    };

/**
 * 409 codes with which the server re-priced the order for the instrument instead of charging it (a bank offer the
 * card, bank or UPI handle does not earn): nothing was charged; the rider sees the new amount and pays again.
 */
export const REPRICE_CODES: ReadonlySet<string> = new Set(['BANK_OFFER_NOT_FOR_INSTRUMENT']);

/** What the checkout knows of the order besides its kind and id. */
export interface PaymentContext {
  /** Order fields for the return path template (GET order status `returnData`). */
  returnData?: Record<string, string>;
  /** The amount the rider is looking at (paise). */
  amountPaise?: number;
  /** The server re-priced the order: its new amount (the screen shows it, keeping what was typed). */
  onRepriced?: (amountPaise: number) => void;
}

/** Where the gateway sends the rider back: this method's screen (checkoutReturnPathSchema), /app included. */
export const gatewayReturnPath = (order: OrderRef, method: string): string =>
  appUrl(`/select-payment/${encodeURIComponent(order.agency)}/${encodeURIComponent(order.productType)}/${encodeURIComponent(order.orderId)}/${method}`);

/** The gateway's return in a checkout URL's query: `?payment=<paymentId>` (and `&left=1` when the rider left its page). */
export function gatewayReturnOf(search: string): { paymentId: string; left: boolean } | null {
  const q = new URLSearchParams(search);
  const paymentId = q.get('payment');
  if (!paymentId || !/^[A-Za-z0-9_-]{1,100}$/.test(paymentId)) return null;
  return { paymentId, left: q.get('left') === '1' };
}

const SILENT = 'REQUEST_CANCELLED_SESSION_TIMEOUT';

export function usePayment(
  order: OrderRef & { productType: CheckoutProductType },
  initial: { paymentId: string | null; processing: boolean; method?: string; returned?: { paymentId: string; left: boolean } | null },
  ctx: PaymentContext = {},
) {
  const book = attemptBook();
  const [state, setState] = useState<PayState>(() => {
    const cur = book.current(order);
    // Back from the gateway's page: that payment, at once (its outcome may already be known).
    if (initial.returned)
      return {
        kind: 'polling',
        method: cur?.paymentId === initial.returned.paymentId ? cur.method : (initial.method ?? cur?.method ?? 'unknown'),
        paymentId: initial.returned.paymentId,
        startedAt: Date.now(),
        slow: false,
        offline: false,
        resumed: true,
        left: initial.returned.left,
      };
    if (cur?.state === 'pending' && cur.paymentId)
      return { kind: 'polling', method: cur.method, paymentId: cur.paymentId, startedAt: cur.updatedAt, slow: false, offline: false, resumed: true };
    if (initial.processing)
      return {
        kind: 'polling',
        method: cur?.method ?? initial.method ?? 'unknown',
        paymentId: initial.paymentId,
        startedAt: Date.now(),
        slow: false,
        offline: false,
        resumed: true,
      };
    if (cur?.state === 'failed') return { kind: 'failed', method: cur.method, reason: cur.failureReason };
    return { kind: 'idle' };
  });
  const busy = useRef(false);
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );
  const set = (s: PayState) => live.current && setState(s);

  // The gateway's return is this tab's payment from now on: a reload (the query gone) resumes it from the book.
  useEffect(() => {
    const r = initial.returned;
    if (r && book.current(order)?.paymentId !== r.paymentId) book.pending(order, r.paymentId, initial.method);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const paid = useCallback(() => {
    book.finish(order);
    set({ kind: 'paid' });
    // Replace: Back from the product's success screen must not return to a checkout that is done.
    go(checkoutReturnPath(order.productType, { ...ctx.returnData, orderId: order.orderId }), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [order.productType, order.orderId, ctx.returnData]);

  const startPolling = (method: string, paymentId: string | null, counterReference?: string | null) => {
    if (paymentId) book.pending(order, paymentId, method);
    set({ kind: 'polling', method, paymentId, startedAt: Date.now(), slow: false, offline: false, counterReference });
  };

  const failed = (method: string, reason: string | null, paymentId: string | null) => {
    book.failed(order, reason, paymentId);
    set({ kind: 'failed', method, reason });
  };

  /** What the order status says, when a pay answer did not tell us (PAYMENT_IN_PROGRESS without our payment id). */
  const followOrder = async (method: string) => {
    const status = await api.get<OrderStatus>(`/payments/orders/${encodeURIComponent(order.productType)}/${encodeURIComponent(order.orderId)}/status`);
    if (status.status === 'SUCCESS') return paid();
    if (status.status === 'PAYMENT_PROCESSING') return startPolling(method, status.paymentId);
    // Our own request is still being taken by the server (same key in flight): watch the order until it has a payment.
    return set({ kind: 'polling', method, paymentId: null, startedAt: Date.now(), slow: false, offline: false });
  };

  /** Opens the gateway's page for a pending payment (a top-level form post); an unusable action is an error. */
  const toGateway = (method: string, paymentId: string, checkout: HostedCheckout) => {
    book.pending(order, paymentId, method);
    set({ kind: 'redirecting', method, paymentId, checkout });
    if (!postToGateway(checkout)) set({ kind: 'error', error: 'generic' });
  };

  const pay = async (method: string, prefill: Prefill, fingerprint: string) => {
    if (busy.current) return; // a second click while the first request is out
    busy.current = true;
    set({ kind: 'sending', method });
    let attempt = book.begin(order, method, fingerprint);
    try {
      for (let tries = 0; ; tries++) {
        try {
          const res = await api.post<PayResponse>(
            `/payments/${encodeURIComponent(order.productType)}/${encodeURIComponent(order.orderId)}/pay`,
            { method, prefill, returnPath: gatewayReturnPath(order, method) },
            { extraHeaders: { 'idempotency-key': attempt.key } },
          );
          if (res.status === 'SUCCESS') paid();
          else if (res.status === 'PAYMENT_PROCESSING' && res.checkout && method !== 'cash') toGateway(method, res.paymentId, res.checkout);
          else if (res.status === 'PAYMENT_PROCESSING') startPolling(method, res.paymentId, res.counterReference ?? null);
          else failed(method, res.failureReason, res.paymentId);
          return;
        } catch (err) {
          const e = asApiError(err);
          // The key went out with another request before (the form changed after a lost answer): same request, new key.
          if (e.code === 'IDEMPOTENCY_KEY_REUSED' && tries === 0) {
            attempt = book.renew(order) ?? attempt;
            continue;
          }
          await onPayError(e, method);
          return;
        }
      }
    } finally {
      busy.current = false;
    }
  };

  const onPayError = async (e: ReturnType<typeof asApiError>, method: string) => {
    if (REPRICE_CODES.has(e.code)) {
      try {
        const status = await api.get<OrderStatus>(`/payments/orders/${encodeURIComponent(order.productType)}/${encodeURIComponent(order.orderId)}/status`);
        ctx.onRepriced?.(status.amountPaise);
        return set({ kind: 'repriced', method, code: e.code, fromPaise: ctx.amountPaise ?? status.amountPaise, toPaise: status.amountPaise });
      } catch {
        return set({ kind: 'error', error: 'generic' });
      }
    }
    switch (e.code) {
      case 'ORDER_ALREADY_PAID':
        return paid();
      case 'PAYMENT_IN_PROGRESS': {
        const cur = book.current(order);
        if (cur?.paymentId && cur.state === 'pending') return startPolling(cur.method, cur.paymentId);
        try {
          return await followOrder(method);
        } catch (err) {
          return set({ kind: 'error', error: asApiError(err).code === 'NETWORK_ERROR' ? 'offline' : 'generic' });
        }
      }
      case 'ORDER_NOT_PAYABLE':
        return set({ kind: 'error', error: 'notPayable' });
      case 'ORDER_NOT_FOUND':
      case 'ORDER_KIND_UNKNOWN':
        return set({ kind: 'error', error: 'notFound' });
      case 'VALIDATION_FAILED':
        return set({ kind: 'error', error: 'validation', message: e.message });
      case 'NETWORK_ERROR':
        return set({ kind: 'error', error: 'offline' });
      case SILENT:
        return set({ kind: 'idle' });
      default:
        // RAW_CARD_REFUSED and any other refusal: the server's own words (it says what to do); 5xx: try again
        if (e.status >= 400 && e.status < 500 && e.message) return set({ kind: 'error', error: 'refused', code: e.code, message: e.message });
        return set({ kind: 'error', error: 'generic' });
    }
  };

  // Polling: the payment when its id is known, else the order status. Backs off (polling.ts); offline keeps trying.
  const pollingKey = state.kind === 'polling' ? `${state.paymentId ?? 'order'}` : null;
  const [nudge, setNudge] = useState(0);
  useEffect(() => {
    if (state.kind !== 'polling') return;
    const { method, startedAt, left } = state;
    let paymentId = state.paymentId;
    let counterReference = state.counterReference;
    let checkout = state.checkout;
    let expiresAt = state.expiresAt;
    let instrument = state.instrument;
    let n = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const cash = method === 'cash';
    const check = async () => {
      try {
        if (paymentId) {
          const p = await api.get<Payment>(`/payments/${encodeURIComponent(paymentId)}`);
          if (stopped) return;
          if (p.status === 'SUCCESS') return paid();
          if (p.status === 'FAILED') return failed(p.method, p.failureReason, p.paymentId);
          counterReference = p.counterReference ?? null;
          checkout = p.checkout ?? null;
          expiresAt = p.expiresAt ?? null;
          instrument = p.instrument;
        } else {
          const s = await api.get<OrderStatus>(`/payments/orders/${encodeURIComponent(order.productType)}/${encodeURIComponent(order.orderId)}/status`);
          if (stopped) return;
          if (s.status === 'SUCCESS') return paid();
          if (s.status === 'PAYMENT_PROCESSING' && s.paymentId) {
            paymentId = s.paymentId;
            counterReference = undefined;
            book.pending(order, paymentId, method);
          } else if (s.status === 'PAYMENT_FAILED') return failed(method, s.failureReason, s.paymentId);
          else if (s.status === 'PENDING' && n >= 5) return failed(method, null, null); // the request never became a payment
        }
        set({
          kind: 'polling',
          method,
          paymentId,
          startedAt,
          slow: isSlow(startedAt, Date.now()),
          offline: false,
          counterReference,
          checkout,
          expiresAt,
          left,
          instrument,
        });
        timer = setTimeout(check, pollDelayMs(n++, { cash }));
      } catch (err) {
        if (stopped) return;
        const e = asApiError(err);
        if (e.code === SILENT) return;
        if (e.code === 'PAYMENT_NOT_FOUND') {
          book.finish(order);
          return set({ kind: 'idle' });
        }
        set({
          kind: 'polling',
          method,
          paymentId,
          startedAt,
          slow: isSlow(startedAt, Date.now()),
          offline: e.code === 'NETWORK_ERROR',
          counterReference,
          checkout,
          expiresAt,
          left,
          instrument,
        });
        timer = setTimeout(check, pollRetryDelayMs(n++, cash));
      }
    };
    // Resumed (reload, Back, "Check now"): ask at once; a fresh PAYMENT_PROCESSING answer: wait the first interval.
    timer = setTimeout(check, nudge > 0 || state.resumed ? 0 : pollDelayMs(0, { cash }));
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // Restart only when what is polled changes (state updates with slow/offline must not reset the schedule).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pollingKey, nudge]);

  // Back from the gateway's page by the browser's Back (the page restored as it was left, "opening the gateway"): what
  // became of that payment, at once.
  const redirecting = state.kind === 'redirecting' ? state : null;
  useEffect(() => {
    if (!redirecting) return;
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted)
        set({
          kind: 'polling',
          method: redirecting.method,
          paymentId: redirecting.paymentId,
          startedAt: Date.now(),
          slow: false,
          offline: false,
          resumed: true,
        });
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [redirecting?.paymentId]);

  const checkNow = () => setNudge((x) => x + 1);
  /** "Go back to the payment page": the pending payment's gateway page again (the same gateway order, never a new charge). */
  const backToGateway = () => {
    if (state.kind === 'polling' && state.checkout && state.paymentId) toGateway(state.method, state.paymentId, state.checkout);
  };
  const reset = () => set({ kind: 'idle' });
  return { state, pay, checkNow, backToGateway, reset };
}
