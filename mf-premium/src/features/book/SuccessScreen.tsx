// Where the checkout returns: /premium-buses/ticket-successful-booking/:transactionId (and /great-escape/booking-success).
// What it says is one rule (successStep in common/model.ts, from the shared status model): "booked" only for a seat
// that is paid and still usable; a booking cancelled, replaced, moved, refunded or expired since says so.
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { navigateToUrl } from 'single-spa';
import { serverNow } from '@sawari/runtime';
import type { Booking } from '@sawari/contracts';
import { flowPaths, paths, successStep, type SuccessStep } from '../common/model';
import { ListSkeleton, Page, ProblemPanel, RequireSignIn, styles, useT } from '../common/ui';
import { SeatNotUsable } from '../common/SeatNotUsable';
import { useBookingPoll } from '../manage/shared';
import { BookingFacts } from './BookingFacts';

/** Where the checkout returns: /premium-buses/ticket-successful-booking/:transactionId (and /great-escape/booking-success). */
export function SuccessScreen() {
  const t = useT();
  const { transactionId } = useParams();
  const [params] = useSearchParams();
  const id = transactionId ?? params.get('transactionId') ?? '';
  // the heading follows what the page says ("Your booking" until the booking is in)
  const [step, setStep] = useState<SuccessStep | null>(null);
  return (
    <Page heading={t(step ? HEADING[step] : 'success.heading.closed')}>
      <RequireSignIn>
        <Success id={id} onStep={setStep} />
      </RequireSignIn>
    </Page>
  );
}

const HEADING = {
  waiting: 'success.heading.waiting',
  unpaid: 'success.heading.unpaid',
  paymentFailed: 'success.heading.failed',
  failed: 'success.heading.failed',
  booked: 'success.heading',
  closed: 'success.heading.closed',
} as const;

function Success({ id, onStep }: { id: string; onStep: (step: SuccessStep | null) => void }) {
  // polls while a payment is being confirmed
  const { booking, error, retry } = useBookingPoll(id, (b) => b.status !== 'PAYMENT_PROCESSING');
  const now = serverNow();
  const step = booking ? successStep(booking, now) : null;
  useEffect(() => onStep(step), [step, onStep]);
  if (!booking) return error ? <ProblemPanel error={error} onRetry={retry} /> : <ListSkeleton rows={3} />;
  return (
    <div data-testid="success-step" data-step={step}>
      <Body b={booking} step={step!} now={now} />
    </div>
  );
}

function Body({ b, step, now }: { b: Booking; step: SuccessStep; now: number }) {
  const t = useT();
  const flow = flowPaths(b.product);
  const another = <Link to={flow.slots(b.lineId, b.from.stopId, b.to.stopId)}>{t('slots.another')}</Link>;
  switch (step) {
    case 'waiting':
      return (
        <p className={styles.notice} role="status">
          {t('success.waiting')}
        </p>
      );
    case 'unpaid':
      return (
        <div className={styles.notice} role="status">
          <p>{t('success.unpaid')}</p>
          <Link className={styles.linkButton} to={flow.pay(b.bookingId)}>
            {t('success.payNow')}
          </Link>
        </div>
      );
    case 'paymentFailed':
      return (
        <div className={styles.alert} role="alert">
          <p>{t('success.paymentFailed')}</p>
          <p className={styles.actions}>
            <Link className={styles.linkButton} to={flow.pay(b.bookingId)}>
              {t('success.payNow')}
            </Link>
            {another}
          </p>
        </div>
      );
    case 'failed':
      return (
        <div className={styles.alert} role="alert">
          <p>{t('success.failed')}</p>
          {another}
        </div>
      );
    case 'closed':
      return (
        <SeatNotUsable b={b} now={now} message={t('success.closed')}>
          <BookingFacts b={b} />
        </SeatNotUsable>
      );
    case 'booked':
      return (
        <>
          <p className={styles.notice} role="status">
            {t('success.done', { seats: b.seats })}
          </p>
          <BookingFacts b={b} />
          <p className={styles.actions}>
            <a
              className={styles.linkButton}
              href={`/app${paths.walletTicket(b.bookingId)}`}
              onClick={(e) => {
                e.preventDefault();
                navigateToUrl(`/app${paths.walletTicket(b.bookingId)}`);
              }}
            >
              {t('success.qr')}
            </a>
            <Link className={styles.linkSecondary} to={paths.summary(b.bookingId)}>
              {t('success.manage')}
            </Link>
          </p>
        </>
      );
  }
}
