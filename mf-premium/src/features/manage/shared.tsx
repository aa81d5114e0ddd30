// Pieces of the booking screens both chunks use: polling a booking until it settles, and the pop-up of a trip an
// operator cancelled or moved (shown once: the server records that it was shown).
import { useEffect, useRef, useState } from 'react';
import type { Booking } from '@sawari/contracts';
import { Button } from '@sawari/ui';
import { loadBooking, popupShown } from '../common/api';
import { usePolling } from '../common/poll';
import { money, styles, useDay, useT, useTimes } from '../common/ui';

/** Loads a booking and polls it (2 s, ×1.5 up to 15 s) until `settled` says so. */
export function useBookingPoll(id: string, settled: (b: Booking) => boolean) {
  const { value, setValue, error, retry } = usePolling(
    id,
    () => loadBooking(id),
    (r, wait) => {
      if ('value' in r ? settled(r.value) : r.error.code === 'BOOKING_NOT_FOUND') return null;
      return wait === null ? 2000 * 1.5 : Math.min(15_000, wait * 1.5);
    },
  );
  return { booking: value, error, retry, setBooking: setValue };
}

/**
 * The pop-up of a booking an operator cancelled (weather, traffic, breakdown: full refund) or moved to another slot.
 * A modal dialog: focus moves into it, Escape or OK closes it, and the server records it was shown (never again).
 */
export function PopUpDialog({ booking, onDone }: { booking: Booking; onDone: () => void }) {
  const t = useT();
  const day = useDay();
  const { time } = useTimes();
  const ref = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const close = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await popupShown(booking.bookingId, booking.popUp ?? 'cancellation');
    } catch {
      // shown anyway; the server will offer it again next time
    }
    onDone();
  };
  const cancelled = booking.popUp === 'cancellation';
  const refund = booking.refunds.reduce((s, r) => s + r.amountPaise, 0);
  return (
    <div className={styles.backdrop}>
      <div
        ref={ref}
        tabIndex={-1}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="popup-title"
        aria-describedby="popup-body"
        className={styles.dialog}
        onKeyDown={(e) => {
          if (e.key === 'Escape') void close();
          // a modal: Tab stays on the one button
          if (e.key === 'Tab') {
            e.preventDefault();
            ref.current?.querySelector('button')?.focus();
          }
        }}
      >
        <h2 id="popup-title">{t(cancelled ? 'popup.cancelled.title' : 'popup.moved.title')}</h2>
        <p id="popup-body">
          {cancelled
            ? t('popup.cancelled.body', {
                trip: `${booking.lineCode} ${booking.from.name} → ${booking.to.name}`,
                when: `${day(booking.dayLabel, booking.tripSlotStartTime)} ${time(booking.estimatedStopTime)}`,
                reason: t(`disruption.${booking.disruption ?? 'OTHER'}`),
                refund: money(refund),
              })
            : t('popup.moved.body', {
                trip: `${booking.lineCode} ${booking.from.name} → ${booking.to.name}`,
                when: `${day(booking.dayLabel, booking.tripSlotStartTime)} ${time(booking.estimatedStopTime)}`,
              })}
        </p>
        <Button onClick={() => void close()} disabled={busy}>
          {t('popup.ok')}
        </Button>
      </div>
    </div>
  );
}
