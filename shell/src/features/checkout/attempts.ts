// Idempotency on the client (docs/checkout.md): one idempotency key per payment attempt, kept in sessionStorage per
// order, so a double click, a reload or a retried request sends the SAME key (the server replays its answer instead
// of charging again); a declined attempt ends, and "Try again" starts a new attempt with a NEW key. Also remembers the
// rider's last unfinished checkout for /select-payment. Card numbers and CVVs are never stored: an attempt keeps a
// fingerprint (method, last four digits, expiry) only. Pure apart from the Storage it is given.

export type OrderRef = { agency: string; productType: string; orderId: string };

export type AttemptState =
  /** A key was made and the request sent (or about to be), with no answer yet. */
  | 'sent'
  /** The server answered PAYMENT_PROCESSING: poll paymentId. */
  | 'pending'
  /** Declined: the next Pay starts a new attempt. */
  | 'failed';

export type Attempt = {
  /** 1 for the first attempt on this order, then 2, 3, ... */
  n: number;
  key: string;
  method: string;
  /** What the request was (no card number): a different request needs a new key. */
  fingerprint: string;
  state: AttemptState;
  paymentId: string | null;
  failureReason: string | null;
  updatedAt: number;
};

export type LastCheckout = OrderRef & { savedAt: number };

type KV = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const PREFIX = 'sawari.checkout.';
export const LAST_CHECKOUT_KEY = `${PREFIX}last`;
/** A remembered checkout older than this is not offered again at /select-payment. */
export const LAST_CHECKOUT_TTL_MS = 24 * 3600_000;

export const attemptStorageKey = (o: Pick<OrderRef, 'productType' | 'orderId'>): string => `${PREFIX}attempt.${o.productType}.${o.orderId}`;

/** A fresh key: a UUID (36 characters of [0-9a-f-], within the server's 8–64 of [A-Za-z0-9._:-]). */
export const newIdempotencyKey = (): string => crypto.randomUUID();

/** In-memory stand-in when sessionStorage is blocked: still one key per attempt for the life of the page. */
export function memoryStorage(): KV {
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v), removeItem: (k) => void m.delete(k) };
}

function isAttempt(v: unknown): v is Attempt {
  const a = v as Attempt;
  return (
    !!a &&
    typeof a.n === 'number' &&
    typeof a.key === 'string' &&
    typeof a.method === 'string' &&
    typeof a.fingerprint === 'string' &&
    ['sent', 'pending', 'failed'].includes(a.state)
  );
}

export class AttemptBook {
  constructor(
    private readonly storage: KV,
    private readonly now: () => number = Date.now,
    private readonly makeKey: () => string = newIdempotencyKey,
  ) {}

  private read<T>(key: string, check: (v: unknown) => v is T): T | null {
    try {
      const raw = this.storage.getItem(key);
      const v: unknown = raw ? JSON.parse(raw) : null;
      return check(v) ? v : null;
    } catch {
      return null;
    }
  }

  private write(key: string, value: unknown): void {
    try {
      if (value === null) this.storage.removeItem(key);
      else this.storage.setItem(key, JSON.stringify(value));
    } catch {
      // storage full or blocked: the in-page state still holds the attempt
    }
  }

  /** The order's current attempt, if any. */
  current(order: OrderRef): Attempt | null {
    return this.read(attemptStorageKey(order), isAttempt);
  }

  /**
   * The attempt to send a pay request under. The current attempt (same key) when it has not been declined and is for
   * the same request — a double click, a retry after a lost answer or a reload; otherwise a new attempt with a new
   * key. Also remembers this as the rider's last checkout.
   */
  begin(order: OrderRef, method: string, fingerprint: string): Attempt {
    const cur = this.current(order);
    const reuse = cur && cur.state !== 'failed' && cur.method === method && cur.fingerprint === fingerprint;
    const attempt: Attempt = reuse
      ? { ...cur, updatedAt: this.now() }
      : { n: (cur?.n ?? 0) + 1, key: this.makeKey(), method, fingerprint, state: 'sent', paymentId: null, failureReason: null, updatedAt: this.now() };
    this.write(attemptStorageKey(order), attempt);
    this.remember(order);
    return attempt;
  }

  /** The server refused the key as used for another request (422 IDEMPOTENCY_KEY_REUSED): same request, new key. */
  renew(order: OrderRef): Attempt | null {
    const cur = this.current(order);
    if (!cur) return null;
    const next: Attempt = { ...cur, n: cur.n + 1, key: this.makeKey(), state: 'sent', paymentId: null, failureReason: null, updatedAt: this.now() };
    this.write(attemptStorageKey(order), next);
    return next;
  }

  /** The server is processing payment `paymentId` (from a pay answer, or found by the order status). */
  pending(order: OrderRef, paymentId: string, method?: string): Attempt {
    const cur = this.current(order);
    const next: Attempt = cur
      ? { ...cur, state: 'pending', paymentId, updatedAt: this.now() }
      : // Found without a pay request of ours (another tab, or after the key was lost): track it so a reload resumes.
        { n: 1, key: this.makeKey(), method: method ?? 'unknown', fingerprint: '', state: 'pending', paymentId, failureReason: null, updatedAt: this.now() };
    this.write(attemptStorageKey(order), next);
    this.remember(order);
    return next;
  }

  /** Declined (or lapsed): the next Pay makes a new key. */
  failed(order: OrderRef, failureReason: string | null, paymentId: string | null = null): Attempt | null {
    const cur = this.current(order);
    if (!cur) return null;
    const next: Attempt = { ...cur, state: 'failed', failureReason, paymentId: paymentId ?? cur.paymentId, updatedAt: this.now() };
    this.write(attemptStorageKey(order), next);
    return next;
  }

  /** Paid (or not ours to pay any more): forget the attempt and, if it was the last checkout, that too. */
  finish(order: OrderRef): void {
    this.write(attemptStorageKey(order), null);
    const last = this.last();
    if (last && last.productType === order.productType && last.orderId === order.orderId) this.write(LAST_CHECKOUT_KEY, null);
  }

  remember(order: OrderRef): void {
    this.write(LAST_CHECKOUT_KEY, { agency: order.agency, productType: order.productType, orderId: order.orderId, savedAt: this.now() } satisfies LastCheckout);
  }

  /** The rider's last unfinished checkout in this tab, if recent. */
  last(): LastCheckout | null {
    const v = this.read(LAST_CHECKOUT_KEY, (x): x is LastCheckout => {
      const l = x as LastCheckout;
      return !!l && typeof l.agency === 'string' && typeof l.productType === 'string' && typeof l.orderId === 'string' && typeof l.savedAt === 'number';
    });
    return v && this.now() - v.savedAt < LAST_CHECKOUT_TTL_MS ? v : null;
  }
}

let shared: AttemptBook | null = null;
/** The page's book over sessionStorage (per tab, survives a reload), or memory when storage is blocked. */
export function attemptBook(): AttemptBook {
  if (shared) return shared;
  let storage: KV;
  try {
    storage = globalThis.sessionStorage;
    storage.setItem(`${PREFIX}probe`, '1');
    storage.removeItem(`${PREFIX}probe`);
  } catch {
    storage = memoryStorage();
  }
  shared = new AttemptBook(storage);
  return shared;
}
