// After the checkout returns, a seller's success screen waits for the order to be issued (the payment may still be
// settling). ONE way to wait, for every seller: `useOrderOutcome` polls the order with one back-off schedule and says
// when it is settled, failed to load for good, or taking longer than usual (the rider can then retry).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiRequestError } from '@sawari/runtime';
import { asApiError } from './async';

/** The first polls come quickly (an order is usually issued within a second or two of the payment). */
export const OUTCOME_POLL_FIRST_MS = 1_000;
export const OUTCOME_POLL_QUICK_COUNT = 5;
export const OUTCOME_POLL_FACTOR = 1.5;
export const OUTCOME_POLL_MAX_MS = 10_000;
/** After this long without a settled order, polling stops and the screen offers Retry. */
export const OUTCOME_GIVE_UP_MS = 120_000;

/** Delay before poll number n + 1 (n = 0 is the first poll's successor): 1 s five times, then ×1.5 up to 10 s. */
export function outcomePollDelayMs(n: number): number {
  if (n < OUTCOME_POLL_QUICK_COUNT) return OUTCOME_POLL_FIRST_MS;
  return Math.min(OUTCOME_POLL_MAX_MS, Math.round(OUTCOME_POLL_FIRST_MS * OUTCOME_POLL_FACTOR ** (n - OUTCOME_POLL_QUICK_COUNT + 1)));
}

export type OrderOutcome<O> = {
  /** The last order read (kept while a later read fails). */
  order: O | null;
  /** The last read's error (null once a read succeeds again). */
  error: ApiRequestError | null;
  /** Polling has stopped: the order is settled, the error is final, or it took longer than OUTCOME_GIVE_UP_MS. */
  done: boolean;
  /** Stopped because it took too long (neither settled nor a final error). */
  gaveUp: boolean;
  /** Starts polling again from the first, quick poll. */
  retry: () => void;
};

export type OrderPollOptions<O> = {
  load: () => Promise<O>;
  /** True when nothing more will change for this screen (issued, payment failed, rejected…). */
  isSettled: (order: O) => boolean;
  /** True for an error that will not go away by asking again (the order does not exist…). */
  isFinalError?: (error: ApiRequestError) => boolean;
};

/**
 * The polling loop without React (tested on its own): reads, reports each answer to `update`, waits by the schedule,
 * and stops when settled, on a final error, after OUTCOME_GIVE_UP_MS, or when the answered stop() is called.
 */
export function pollOrder<O>(
  { load, isSettled, isFinalError = () => false }: OrderPollOptions<O>,
  update: (change: Partial<Omit<OrderOutcome<O>, 'retry'>>) => void,
  now: () => number = Date.now,
): () => void {
  let live = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const started = now();
  const poll = async (n: number) => {
    try {
      const order = await load();
      if (!live) return;
      if (isSettled(order)) return update({ order, error: null, done: true, gaveUp: false });
      update({ order, error: null });
    } catch (err) {
      if (!live) return;
      const error = asApiError(err);
      if (isFinalError(error)) return update({ error, done: true, gaveUp: false });
      update({ error });
    }
    if (now() - started >= OUTCOME_GIVE_UP_MS) return update({ done: true, gaveUp: true });
    timer = setTimeout(() => void poll(n + 1), outcomePollDelayMs(n));
  };
  void poll(0);
  return () => {
    live = false;
    if (timer) clearTimeout(timer);
  };
}

/** Polls the order while the screen shows it; `key` (the order id) restarts it. */
export function useOrderOutcome<O>(key: string, options: OrderPollOptions<O>): OrderOutcome<O> {
  const [state, setState] = useState<Omit<OrderOutcome<O>, 'retry'>>({ order: null, error: null, done: false, gaveUp: false });
  const [attempt, setAttempt] = useState(0);
  // The callbacks are new closures each render; the latest are used, and only `key` or Retry restart the loop.
  const latest = useRef(options);
  latest.current = options;
  const shownKey = useRef(key);
  useEffect(() => {
    // Retry keeps what is shown while it asks again; another order starts empty.
    const same = shownKey.current === key;
    shownKey.current = key;
    setState((s) => (same ? { ...s, done: false, gaveUp: false } : { order: null, error: null, done: false, gaveUp: false }));
    return pollOrder<O>(
      {
        load: () => latest.current.load(),
        isSettled: (o) => latest.current.isSettled(o),
        isFinalError: (e) => latest.current.isFinalError?.(e) ?? false,
      },
      (change) => setState((s) => ({ ...s, ...change })),
    );
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
