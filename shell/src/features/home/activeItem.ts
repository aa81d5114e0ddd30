// Which of the rider's tickets and passes Home shows: one that can be shown to a validator now — a
// paid ticket or pass, started (a pass: its start day has come, shared/domain passValidityState), not expired (spec §4),
// not used, not used up for the day, never a cancelled or replaced seat (shared/domain productStatus says 'valid') — the one that expires first (the most pressing), and the screen that shows its QR.
import { productStatus, SEAT_BOARDING_OPENS_BEFORE_MS, walletKind } from '@sawari/domain';
import type { WalletItem } from '@sawari/contracts';

/** Valid now by the one status model of every product (shared/domain productStatus): the wallet says the same. */
export function isShowableNow(i: WalletItem, now: number): boolean {
  const kind = walletKind(i);
  return (
    productStatus(
      {
        kind,
        status: i.status,
        startTime: i.startTime,
        expiryTime: i.expiryTime,
        slotStart: kind === 'seat' && i.startTime != null ? i.startTime + SEAT_BOARDING_OPENS_BEFORE_MS : null,
        punches: i.punches,
        maxTripsPerDay: i.maxTripsPerDay,
        activeDurationMs: i.activeDuration == null ? null : i.activeDuration * 60_000,
      },
      now,
    ).headline === 'valid'
  );
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
