// Pure rules of the recharge screens (tests beside): the amount typed or chosen, how long an order is polled, what a
// paid (or failed) order means for the rider, and which actions it offers. No React, no I/O, no clock.
import type { CardOrderStatus } from '@sawari/contracts';
import { amountProblem, parseRupees } from '../common/model';

/** The amount field's text checked before asking the server: paise, or the message id (and values) of its problem. */
export function checkAmount(text: string, maxPaise: number): { paise: number } | { problem: { id: string; values?: Record<string, number> } } {
  const parsed = parseRupees(text);
  if ('error' in parsed) return { problem: { id: parsed.error } };
  const problem = amountProblem(parsed.paise, maxPaise);
  return problem ? { problem } : parsed;
}

/** Paid states: the checkout returned, so the order is paid or about to be (its issue may lag a moment). */
export const PAID_STATES: ReadonlySet<CardOrderStatus> = new Set(['STAGED', 'PENDING_ON_CARD', 'WRITTEN', 'REFUNDED']);
export const isPaid = (status: string): boolean => PAID_STATES.has(status as CardOrderStatus);

const POLL_DELAYS = [500, 1000, 2000, 3000, 5000];
/** How many times an unpaid order is asked again before the screen keeps what it has. */
export const MAX_POLLS = 40;

/** The wait before asking for the order again after answer number `i` (0 = the first), or null to stop: a paid or
 *  failed order no longer changes by itself, and an order still unpaid after MAX_POLLS answers is left as it is. */
export function nextPollDelay(status: string, i: number): number | null {
  if (isPaid(status) || status === 'PAYMENT_FAILED' || i >= MAX_POLLS) return null;
  return POLL_DELAYS[Math.min(i, POLL_DELAYS.length - 1)];
}

/** What the rider is told about an order on the success screens: failed (an alert), still waiting, or paid, with the
 *  heading's and the sentence's message ids and the panel's tone (a refund is a warning). */
export type Outcome =
  | { kind: 'failed' }
  | { kind: 'waiting' }
  | { kind: 'paid'; tone: 'notice' | 'warn'; titleId: 'success.title' | 'success.refundedTitle'; bodyId: string; showFee: boolean };

const BODY_IDS: Record<string, string> = {
  STAGED: 'success.staged',
  PENDING_ON_CARD: 'success.pending',
  WRITTEN: 'success.written',
  REFUNDED: 'success.refunded',
};

export function outcomeOf(order: { status: string; feePaise: number }): Outcome {
  if (order.status === 'PAYMENT_FAILED') return { kind: 'failed' };
  if (!isPaid(order.status)) return { kind: 'waiting' };
  const refunded = order.status === 'REFUNDED';
  return {
    kind: 'paid',
    tone: refunded ? 'warn' : 'notice',
    titleId: refunded ? 'success.refundedTitle' : 'success.title',
    bodyId: BODY_IDS[order.status],
    showFee: order.feePaise > 0,
  };
}

/** The order's own actions besides the ways to the card: move a paid NCMC recharge to the chip, or pay a failed one
 *  again. */
export function orderActions(status: string): { moveNow: boolean; payAgain: boolean } {
  return { moveNow: status === 'STAGED', payAgain: status === 'PAYMENT_FAILED' };
}

/** What the move-to-the-offline-wallet panel shows for an order: the Move button, a pending or written notice, a
 *  refund warning, or only its facts (unpaid, failed). */
export function transferStep(status: string): 'move' | 'pending' | 'written' | 'refunded' | null {
  switch (status) {
    case 'STAGED':
      return 'move';
    case 'PENDING_ON_CARD':
      return 'pending';
    case 'WRITTEN':
      return 'written';
    case 'REFUNDED':
      return 'refunded';
    default:
      return null;
  }
}

/** The card's recharges paid and waiting to be moved to the chip (from its history page). */
export const stagedRecharges = <T extends { type: string; state: string }>(items: readonly T[]): T[] =>
  items.filter((i) => i.type === 'RECHARGE' && i.state === 'STAGED');
