/**
 * One status model for every product a rider holds: a pass, a ticket, a reserved seat and a card load.
 * From the product's status (every status of spec §4, plus ours: REFUNDED, CANCELLED, ISSUED and the card-load states)
 * and its times, ONE function decides what every screen says about it:
 *
 * - `headline`: what happened, in one phrase ("Cancelled by the operator", "Replaced by your change of slot");
 * - `pill`: the spec §4 status label (tone + label; the dated labels carry their instant);
 * - `validity`: the time line: "Valid in 2 h" before the start, "expires in 12 min" while valid, "expired on 22 Dec"
 *   after; NONE for a cancelled, replaced, moved, refunded, failed, rejected or pending product, so a cancelled seat can
 *   never read "Not valid yet · Valid in 2 h";
 * - `actions`: what the rider can do now (show the code, change, cancel, renew, resubmit, see the refund);
 * - `tab`: the wallet's Active or Expired tab (an item in the Expired tab never has a forward-looking validity line).
 *
 * The wallet, the item pages, the QR screen and Home read this and nothing else. Every function takes `now`.
 * The matrix of every kind × every status is tested in product-status.test.ts.
 */
import { addCityDays, cityDate, cityDateTimeMs } from './city-time';
import { CITY_TIME_ZONE } from './constants';
import { isExpired, isUsedUpForDay, type Punch, type WalletRecord } from './tickets';
import { countdown, lastValidInstant, passValidityState, type Countdown } from './validity';

export const PRODUCT_KINDS = ['pass', 'ticket', 'seat', 'cardLoad'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** Every status any product can be in: spec §4 (pass or ticket; premium ticket; booking list) and ours. */
export const PRODUCT_STATUSES = [
  // spec §4 pass or ticket
  'SUCCESS',
  'PENDING',
  'UNUSED',
  'USED',
  'EXPIRED',
  'FAILED',
  'REJECTED',
  'UNVERIFIED',
  'VERIFIED',
  'PAYMENT_FAILED',
  'PAYMENT_PROCESSING',
  'RESCHEDULED',
  // spec §4 premium ticket and booking list
  'ACTIVE',
  'USER_CANCELLED',
  'SYSTEM_CANCELLED',
  'USER_RESCHEDULED',
  'SYSTEM_RESCHEDULED',
  'PUNCHED',
  'BOOKING_UNDER_PROCESS',
  'BOOKING_FAILED',
  // ours: an issued ticket (validation), a cancelled or refunded order, the card-load states (docs/cards.md)
  'ISSUED',
  'CANCELLED',
  'REFUNDED',
  'CREATED',
  'STAGED',
  'PENDING_ON_CARD',
  'WRITTEN',
] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export type Headline =
  | 'valid'
  | 'notYetValid'
  | 'usedUp'
  | 'used'
  | 'boarded'
  | 'expired'
  | 'cancelled'
  | 'cancelledByOperator'
  | 'replaced'
  | 'moved'
  | 'refunded'
  | 'paymentPending'
  | 'verificationPending'
  | 'approved'
  | 'rejected'
  | 'failed'
  | 'waitingForTap'
  | 'written'
  | 'unknown';

export type Tone = 'ok' | 'warn' | 'bad' | 'plain';

/** Spec §4 labels (the words) and the dated ones (`at` set): 'validTill', 'ticketValidTill', 'startsFrom', 'expiredOn'. */
export type PillLabel =
  | 'validTill'
  | 'ticketValidTill'
  | 'startsFrom'
  | 'expiredOn'
  | 'expired'
  | 'usedUp'
  | 'used'
  | 'boarded'
  | 'cancelled'
  | 'rescheduled'
  | 'refunded'
  | 'pending'
  | 'unverified'
  | 'rejected'
  | 'failed'
  | 'waitingForTap'
  | 'written'
  | 'unknown';

export interface Pill {
  tone: Tone;
  label: PillLabel;
  /** The instant of a dated label: the last valid instant (a pass: its last minute), the start, or the expiry. */
  at?: number;
  /** A dated label whose day matters more than its minute (a future start, an expiry) is shown as a date only. */
  dateOnly?: boolean;
}

/** The time line: only a product that is (or will be) usable has a forward-looking one. */
export type Validity =
  { kind: 'validIn'; at: number; left: Countdown } | { kind: 'expiresIn'; at: number; left: Countdown } | { kind: 'expiredOn'; at: number };

export type ProductAction = 'showCode' | 'whenValid' | 'change' | 'cancel' | 'renew' | 'resubmit' | 'seeRefund' | 'details';

export interface ProductStatusView {
  kind: ProductKind;
  headline: Headline;
  pill: Pill;
  validity: Validity | null;
  actions: ProductAction[];
  tab: 'active' | 'expired';
  /**
   * Whether its period (valid from, valid until) still describes it: a product that is, will be or was usable (valid,
   * not valid yet, used up, used, on board, expired). A cancelled, replaced, moved, refunded, failed, pending or
   * rejected one has no period to show.
   */
  period: boolean;
  /** Whether the rider paid for it (its fare reads "Paid", never "To pay"): issued, used, expired, or cancelled / replaced / refunded after paying. */
  paid: boolean;
}

export interface ProductStatusInput {
  kind: ProductKind;
  status: string;
  /** When it becomes usable (a ticket: its start; a pass: its start day; a seat: boarding opens). */
  startTime?: number | null;
  /** Its end: a ticket's or seat's expiry instant; a pass's exclusive end (midnight after its last day). */
  expiryTime?: number | null;
  /** A seat's departure: change and cancel are offered until it. */
  slotStart?: number | null;
  punches?: readonly Punch[];
  maxTripsPerDay?: number | null;
  activeDurationMs?: number | null;
  /** A pass the catalogue lets the rider renew. */
  renewable?: boolean;
  /**
   * When it was bought. A product that starts when it is bought (start at or before this) is valid from the moment the
   * rider holds it: the device's estimate of the server's clock (a second behind the server that issued it, or a
   * screen's clock that ticks every 30 s) never makes it "not valid yet".
   */
  bookedAt?: number | null;
}

const view = (
  kind: ProductKind,
  headline: Headline,
  tone: Tone,
  label: PillLabel,
  tab: 'active' | 'expired',
  actions: ProductAction[] = ['details'],
  validity: Validity | null = null,
  at?: number,
  dateOnly?: boolean,
): ProductStatusView => ({
  kind,
  headline,
  pill: at === undefined ? { tone, label } : dateOnly ? { tone, label, at, dateOnly } : { tone, label, at },
  validity,
  actions,
  tab,
  period: WITH_PERIOD.has(headline),
  paid: PAID_HEADLINES.has(headline),
});

/** Headlines whose period (valid from / until) still describes the product. */
const WITH_PERIOD = new Set<Headline>(['valid', 'notYetValid', 'usedUp', 'used', 'boarded', 'expired']);
/** Headlines of a product the rider paid for (money back after a cancel is a refund, told by 'seeRefund'). */
const PAID_HEADLINES = new Set<Headline>([
  'valid',
  'notYetValid',
  'usedUp',
  'used',
  'boarded',
  'expired',
  'cancelled',
  'cancelledByOperator',
  'replaced',
  'moved',
  'refunded',
  'waitingForTap',
  'written',
]);

/** Statuses in which a product was issued and is usable by its times (the time rules decide the rest). */
const ISSUED = new Set(['SUCCESS', 'UNUSED', 'ISSUED', 'ACTIVE']);
const PENDING = new Set(['PENDING', 'PAYMENT_PROCESSING', 'BOOKING_UNDER_PROCESS', 'CREATED']);
const FAILED = new Set(['FAILED', 'PAYMENT_FAILED', 'BOOKING_FAILED']);

function record(i: ProductStatusInput): WalletRecord {
  return {
    ticketId: i.kind === 'pass' ? null : 'x',
    status: i.status,
    startTime: i.startTime,
    expiryTime: i.expiryTime,
    punches: i.punches ? [...i.punches] : [],
    maxTripsPerDay: i.maxTripsPerDay,
    activeDurationMs: i.activeDurationMs,
  };
}

/** The last instant the rider reads as "valid until": a pass's exclusive midnight minus one; a ticket's expiry. */
const shownEnd = (i: ProductStatusInput): number | undefined =>
  i.expiryTime == null ? undefined : i.kind === 'pass' ? lastValidInstant(i.expiryTime) : i.expiryTime;

function cardLoadStatus(i: ProductStatusInput): ProductStatusView {
  const k = 'cardLoad';
  switch (i.status) {
    case 'CREATED':
    case 'PENDING':
    case 'PAYMENT_PROCESSING':
      return view(k, 'paymentPending', 'warn', 'pending', 'active');
    case 'STAGED':
    case 'PENDING_ON_CARD':
      return view(k, 'waitingForTap', 'ok', 'waitingForTap', 'active');
    case 'WRITTEN':
      return view(k, 'written', 'ok', 'written', 'expired');
    case 'REFUNDED':
      return view(k, 'refunded', 'plain', 'refunded', 'expired', ['details', 'seeRefund']);
    case 'FAILED':
    case 'PAYMENT_FAILED':
      return view(k, 'failed', 'bad', 'failed', 'expired');
    default:
      return view(k, 'unknown', 'plain', 'unknown', 'active');
  }
}

/** What a product is now, for every screen (module comment). */
export function productStatus(i: ProductStatusInput, now: number): ProductStatusView {
  const k = i.kind;
  if (k === 'cardLoad') return cardLoadStatus(i);
  const s = i.status;
  const seat = k === 'seat';
  const end = shownEnd(i);
  const expiredLine: Validity | null = end === undefined ? null : { kind: 'expiredOn', at: end };

  if (s === 'USER_CANCELLED' || s === 'CANCELLED') return view(k, 'cancelled', 'plain', 'cancelled', 'expired', seat ? ['details', 'seeRefund'] : ['details']);
  if (s === 'SYSTEM_CANCELLED') return view(k, 'cancelledByOperator', 'bad', 'cancelled', 'expired', ['details', 'seeRefund']);
  if (s === 'USER_RESCHEDULED' || s === 'RESCHEDULED') return view(k, 'replaced', 'plain', 'rescheduled', 'expired');
  if (s === 'SYSTEM_RESCHEDULED') return view(k, 'moved', 'warn', 'rescheduled', 'expired');
  if (s === 'REFUNDED') return view(k, 'refunded', 'plain', 'refunded', 'expired', ['details', 'seeRefund']);
  if (FAILED.has(s)) return view(k, 'failed', 'bad', 'failed', 'expired');
  if (PENDING.has(s)) return view(k, 'paymentPending', 'warn', 'pending', 'active');
  if (s === 'VERIFIED') return view(k, 'approved', 'warn', 'pending', 'active');
  if (s === 'UNVERIFIED') return view(k, 'verificationPending', 'warn', 'unverified', 'active');
  if (s === 'REJECTED') return view(k, 'rejected', 'bad', 'rejected', 'active', ['details', 'resubmit']);
  if (s === 'USED') return view(k, 'used', 'plain', 'used', 'expired');
  const r = record(i);
  const expired = isExpired(r, now);
  const renew: ProductAction[] = k === 'pass' && i.renewable ? ['renew'] : [];
  if (expired) return view(k, 'expired', 'plain', end === undefined ? 'expired' : 'expiredOn', 'expired', ['details', ...renew], expiredLine, end, true);
  // a seat the validator punched: the rider is on board (no code to show again); it leaves Active when the trip is over
  if (s === 'PUNCHED') return view(k, 'boarded', 'ok', 'boarded', 'active');
  if (!ISSUED.has(s)) return view(k, 'unknown', 'plain', 'unknown', 'active');

  const future =
    k === 'pass'
      ? passValidityState({ startTime: i.startTime, expiryTime: i.expiryTime }, now, CITY_TIME_ZONE) === 'notYetValid'
      : i.startTime != null && i.startTime > now && !(i.bookedAt != null && i.startTime <= i.bookedAt);
  const seatChanges: ProductAction[] = seat && i.slotStart != null && now < i.slotStart ? ['change', 'cancel'] : [];
  if (future) {
    const at = i.startTime!;
    return view(
      k,
      'notYetValid',
      'ok',
      'startsFrom',
      'active',
      ['whenValid', 'details', ...seatChanges],
      { kind: 'validIn', at, left: countdown(at - now) },
      at,
      true,
    );
  }
  if (k === 'pass' && isUsedUpForDay(r, now)) return view(k, 'usedUp', 'warn', 'usedUp', 'active', ['details', ...renew]);
  const left = end === undefined ? null : countdown(i.expiryTime! - now);
  return view(
    k,
    'valid',
    'ok',
    k === 'pass' ? 'validTill' : 'ticketValidTill',
    'active',
    ['showCode', 'details', ...seatChanges, ...renew],
    end === undefined || !left || left.unit === 'none' ? null : { kind: 'expiresIn', at: end, left },
    end,
  );
}

/**
 * The wallet's order, on the server and on the device alike: newest bought first; the tickets of one planned journey
 * (bought together) in ride order, leg 1 first; then by transaction id, so the same items always read the same way.
 */
export function compareWalletItems(
  a: { bookingTime?: number | null; transactionId: string; journey?: { orderId: string; leg: number } | null },
  b: { bookingTime?: number | null; transactionId: string; journey?: { orderId: string; leg: number } | null },
): number {
  const byTime = (b.bookingTime ?? 0) - (a.bookingTime ?? 0);
  if (byTime) return byTime;
  if (a.journey && b.journey && a.journey.orderId === b.journey.orderId) return a.journey.leg - b.journey.leg;
  return a.transactionId.localeCompare(b.transactionId);
}

/** Which kind a wallet item is: a reserved seat (RSV- booking), a ticket (a ticketId), else a pass. */
export function walletKind(item: { transactionId: string; ticketId?: string | null; productSubType?: string | null }): ProductKind {
  if (item.productSubType === 'premiumReserveTicket' || item.transactionId.startsWith('RSV-')) return 'seat';
  return item.ticketId ? 'ticket' : 'pass';
}

/** A seat's departure from its wallet record: boarding opens 30 minutes before it (reservations walletItems). */
export const SEAT_BOARDING_OPENS_BEFORE_MS = 30 * 60_000;

/** A seat stays valid this long after its trip's arrival (the API's reservations AFTER_ARRIVAL_MS, its wallet expiry). */
export const SEAT_VALID_AFTER_ARRIVAL_MS = 60 * 60_000;

/** A booking (the premium screens' Booking) in the status model: boarding from 30 min before the slot, valid until an hour after arrival. */
export function seatStatus(b: { status: string; tripSlotStartTime: number; arrivalTime: number }, now: number): ProductStatusView {
  return productStatus(
    {
      kind: 'seat',
      status: b.status,
      startTime: b.tripSlotStartTime - SEAT_BOARDING_OPENS_BEFORE_MS,
      expiryTime: b.arrivalTime + SEAT_VALID_AFTER_ARRIVAL_MS,
      slotStart: b.tripSlotStartTime,
    },
    now,
  );
}

/**
 * A refund on its way goes back to the way the rider paid (card, account, UPI or wallet), within this many working days
 * ("Refund on its way" says where and by when). UPI and wallet refunds settle at once in practice; cards
 * and netbanking take days (docs/payments.md "Refunds"); the rider is told the latest day.
 */
export const REFUND_WORKING_DAYS = 7;

/** The city day a refund started at `startedAt` arrives by: `workingDays` weekdays later (Saturdays and Sundays skipped). */
export function refundDueBy(startedAt: number, workingDays: number = REFUND_WORKING_DAYS, timeZone: string = CITY_TIME_ZONE): number {
  let date = cityDate(startedAt, timeZone);
  let left = workingDays;
  while (left > 0) {
    date = addCityDays(date, 1) as string;
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  // noon of that city day (the date the rider is told; noon is on it in every zone)
  return cityDateTimeMs(date, 12 * 60, timeZone) as number;
}
