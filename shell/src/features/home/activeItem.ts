// Which of the rider's tickets and passes Home shows (issue 16 item 13): one that can be shown to a validator now — a
// paid ticket or pass, started (a pass: its start day has come, shared/domain passValidityState), not expired (spec §4),
// not used, not used up for the day — the one that expires first (the most pressing), and the screen that shows its QR.
import { isExpired, isTicket, isUsedUpForDay, passValidityState, type WalletRecord } from '@sawari/domain';
import type { WalletItem } from '@sawari/contracts';

const SHOWABLE = new Set(['SUCCESS', 'UNUSED', 'ACTIVE', 'PUNCHED']);

const record = (i: WalletItem): WalletRecord => ({
  ticketId: i.ticketId ?? null,
  status: i.status,
  startTime: i.startTime,
  expiryTime: i.expiryTime,
  punches: i.punches,
  maxTripsPerDay: i.maxTripsPerDay,
  activeDurationMs: i.activeDuration == null ? null : i.activeDuration * 60_000,
});

export function isShowableNow(i: WalletItem, now: number): boolean {
  if (!SHOWABLE.has(i.status)) return false;
  const r = record(i);
  if (isExpired(r, now)) return false;
  if (isTicket(r)) return i.startTime == null || i.startTime <= now;
  return passValidityState(i, now) === 'valid' && !isUsedUpForDay(r, now);
}

export function activeItem(items: readonly WalletItem[], now: number): WalletItem | null {
  const showable = items.filter((i) => isShowableNow(i, now));
  showable.sort(
    (a, b) => (a.expiryTime ?? Number.MAX_SAFE_INTEGER) - (b.expiryTime ?? Number.MAX_SAFE_INTEGER) || a.transactionId.localeCompare(b.transactionId),
  );
  return showable[0] ?? null;
}

/** The wallet screen that shows the item's code: sound first where the city validates by sound. */
export const codePath = (i: WalletItem, soundValidation: boolean): string =>
  `/your-tickets-and-passes/${soundValidation ? 'sound-qr' : 'pass-validation'}/${encodeURIComponent(i.transactionId)}`;
