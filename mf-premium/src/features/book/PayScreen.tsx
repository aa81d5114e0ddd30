// /premium-buses/pay-for-ticket?bookingId=: the hold's countdown, what is paid for (a change of slot: the difference
// from which booking), then the shared checkout (or release the seats).
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { navigateToUrl } from 'single-spa';
import { checkoutPath } from '@sawari/runtime';
import { Button } from '@sawari/ui';
import { loadBooking, releaseHold } from '../common/api';
import { flowPaths, mmss } from '../common/model';
import { shortId } from '@sawari/domain';
import { asApiError, ListSkeleton, money, Page, ProblemPanel, RequireSignIn, styles, useAsync, useT, useTimes } from '../common/ui';
import { changeOfSlot } from './fare-model';
import { BookingFacts } from './BookingFacts';

type ApiErr = { code?: string; message?: string } | null;

/** /premium-buses/pay-for-ticket?bookingId=: the hold's countdown, then the shared checkout (or release the seats). */
export function PayScreen() {
  const t = useT();
  return (
    <Page heading={t('pay.heading')}>
      <RequireSignIn>
        <Pay />
      </RequireSignIn>
    </Page>
  );
}

function Pay() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('bookingId') ?? '';
  const booking = useAsync(() => loadBooking(id), id);
  const [left, setLeft] = useState<number | null>(null);
  const [error, setError] = useState<ApiErr>(null);
  useEffect(() => {
    if (booking.status !== 'ready' || booking.data.holdSecondsLeft == null) return;
    const ends = Date.now() + booking.data.holdSecondsLeft * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((ends - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [booking.status, booking.data?.holdSecondsLeft]);
  if (booking.status === 'loading') return <ListSkeleton />;
  if (booking.status === 'error') return <ProblemPanel error={booking.error} onRetry={booking.retry} />;
  const b = booking.data;
  const paths = flowPaths(b.product);
  if (b.status === 'ACTIVE') return <Link to={paths.success(b.bookingId)}>{t('pay.done')}</Link>;
  const lapsed = b.status === 'BOOKING_FAILED' || left === 0;
  const again = paths.slots(b.lineId, b.from.stopId, b.to.stopId);
  if (lapsed)
    return (
      <div className={styles.warn} role="alert">
        <p>{t('error.HOLD_EXPIRED')}</p>
        <Link to={again}>{t('slots.another')}</Link>
      </div>
    );
  const release = async () => {
    try {
      await releaseHold(b.bookingId);
      navigate(again, { replace: true });
    } catch (err) {
      setError(asApiError(err));
    }
  };
  return (
    <>
      <BookingFacts b={b} />
      <ChangeOfSlot b={b} />
      {left != null && (
        <div className={styles.notice} role="timer" aria-live="off">
          <p>{t('pay.held')}</p>
          <p className={styles.countdown} aria-label={t('pay.leftLabel', { time: mmss(left) })}>
            {mmss(left)}
          </p>
        </div>
      )}
      <p className={styles.srOnly} aria-live="polite">
        {left != null && left % 60 === 0 ? t('pay.leftLabel', { time: mmss(left) }) : ''}
      </p>
      <ProblemPanel error={error} />
      <p className={styles.actions}>
        <Button onClick={() => navigateToUrl(`/app${checkoutPath(b.lineCode, 'reservation', b.bookingId)}`)}>
          {t('pay.pay', { price: money(b.amountPaise) })}
        </Button>
        <button type="button" className={styles.textButton} onClick={() => void release()}>
          {t('pay.release')}
        </button>
      </p>
    </>
  );
}

/** A change of slot to a dearer one: "the difference from your booking no. K7M2 9QXA of 27 Nov 2026, 8:00 PM". */
function ChangeOfSlot({ b }: { b: Parameters<typeof changeOfSlot>[0] }) {
  const t = useT();
  const { date, time } = useTimes();
  const change = changeOfSlot(b);
  const prev = useAsync(change ? () => loadBooking(change.fromBookingId) : null, change?.fromBookingId ?? '');
  if (!change) return null;
  const when = prev.status === 'ready' ? `${date(prev.data.tripSlotStartTime)}, ${time(prev.data.estimatedStopTime)}` : '…';
  return (
    <p className={styles.notice} data-testid="change-of-slot">
      {t('pay.change', { id: shortId(change.fromBookingId), when })} <strong>{money(change.differencePaise)}</strong>
    </p>
  );
}
