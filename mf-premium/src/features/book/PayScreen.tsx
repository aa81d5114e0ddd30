// /premium-buses/pay-for-ticket?bookingId=: the hold's countdown, what is paid for (a change of slot: the difference
// from which booking), then the shared checkout (or release the seats).
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { navigateToUrl } from 'single-spa';
import { checkoutPath, serverNow } from '@sawari/runtime';
import { Button } from '@sawari/ui';
import { loadBooking, releaseHold } from '../common/api';
import { flowPaths, mmss, payStep, type PayStep } from '../common/model';
import { shortId } from '@sawari/domain';
import { asApiError, ListSkeleton, money, Page, ProblemPanel, RequireSignIn, styles, useAsync, useT, useTimes } from '../common/ui';
import { SeatNotUsable } from '../common/SeatNotUsable';
import { changeOfSlot } from './fare-model';
import { BookingFacts } from './BookingFacts';

type ApiErr = { code?: string; message?: string } | null;

/** /premium-buses/pay-for-ticket?bookingId=: the hold's countdown, then the shared checkout (or release the seats). */
export function PayScreen() {
  const t = useT();
  // the heading follows the step: "Pay for your seats" only while there is something to pay
  const [step, setStep] = useState<PayStep | null>(null);
  return (
    <Page heading={t(step ? HEADING[step] : 'pay.heading')}>
      <RequireSignIn>
        <Pay onStep={setStep} />
      </RequireSignIn>
    </Page>
  );
}

const HEADING = {
  hold: 'pay.heading',
  retry: 'pay.heading',
  lapsed: 'pay.heading',
  confirming: 'success.heading.waiting',
  paid: 'success.heading',
  closed: 'success.heading.closed',
} as const;

function Pay({ onStep }: { onStep: (step: PayStep | null) => void }) {
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
  const now = serverNow();
  // one rule for what this step shows (payStep in common/model.ts): Pay only while the booking is the rider's to pay for
  const step = booking.status === 'ready' ? payStep(booking.data, now, left) : null;
  useEffect(() => onStep(step), [step, onStep]);
  if (booking.status === 'loading') return <ListSkeleton />;
  if (booking.status === 'error') return <ProblemPanel error={booking.error} onRetry={booking.retry} />;
  const b = booking.data;
  const flow = flowPaths(b.product);
  const again = flow.slots(b.lineId, b.from.stopId, b.to.stopId);
  if (step === 'paid')
    return (
      <p data-testid="pay-step" data-step={step}>
        <Link to={flow.success(b.bookingId)}>{t('pay.done')}</Link>
      </p>
    );
  if (step === 'confirming')
    return (
      <div className={styles.notice} role="status" data-testid="pay-step" data-step={step}>
        <p>{t('pay.confirming')}</p>
        <Link to={flow.success(b.bookingId)}>{t('pay.confirmingLink')}</Link>
      </div>
    );
  if (step === 'closed')
    return (
      <div data-testid="pay-step" data-step={step}>
        <SeatNotUsable b={b} now={now} message={t('success.closed')} />
      </div>
    );
  if (step === 'lapsed')
    return (
      <div className={styles.warn} role="alert" data-testid="pay-step" data-step={step}>
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
    <div data-testid="pay-step" data-step={step}>
      {step === 'retry' && (
        <p className={styles.warn} role="alert">
          {t('pay.retry')}
        </p>
      )}
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
        {step === 'hold' && (
          <button type="button" className={styles.textButton} onClick={() => void release()}>
            {t('pay.release')}
          </button>
        )}
      </p>
    </div>
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
