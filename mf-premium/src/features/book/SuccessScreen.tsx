// Where the checkout returns: /premium-buses/ticket-successful-booking/:transactionId (and /great-escape/booking-success).
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { navigateToUrl } from 'single-spa';
import { flowPaths, paths } from '../common/model';
import { ListSkeleton, Page, ProblemPanel, RequireSignIn, styles, useT } from '../common/ui';
import { useBookingPoll } from '../manage/shared';
import { BookingFacts } from './BookingFacts';

/** Where the checkout returns: /premium-buses/ticket-successful-booking/:transactionId (and /great-escape/booking-success). */
export function SuccessScreen() {
  const t = useT();
  const { transactionId } = useParams();
  const [params] = useSearchParams();
  const id = transactionId ?? params.get('transactionId') ?? '';
  return (
    <Page heading={t('success.heading')}>
      <RequireSignIn>
        <Success id={id} />
      </RequireSignIn>
    </Page>
  );
}

function Success({ id }: { id: string }) {
  const t = useT();
  const { booking, error, retry } = useBookingPoll(id, (b) => b.status !== 'BOOKING_UNDER_PROCESS' && b.status !== 'PAYMENT_PROCESSING');
  if (!booking && error) return <ProblemPanel error={error} onRetry={retry} />;
  if (!booking) return <ListSkeleton rows={3} />;
  if (booking.status === 'PAYMENT_PROCESSING' || booking.status === 'BOOKING_UNDER_PROCESS')
    return (
      <p className={styles.notice} role="status">
        {t('success.waiting')}
      </p>
    );
  if (booking.status !== 'ACTIVE')
    return (
      <div className={styles.alert} role="alert">
        <p>{t('success.failed')}</p>
        <Link to={flowPaths(booking.product).slots(booking.lineId, booking.from.stopId, booking.to.stopId)}>{t('slots.another')}</Link>
      </div>
    );
  return (
    <>
      <p className={styles.notice} role="status">
        {t('success.done', { seats: booking.seats })}
      </p>
      <BookingFacts b={booking} />
      <p className={styles.actions}>
        <a
          className={styles.linkButton}
          href={`/app${paths.walletTicket(booking.bookingId)}`}
          onClick={(e) => {
            e.preventDefault();
            navigateToUrl(`/app${paths.walletTicket(booking.bookingId)}`);
          }}
        >
          {t('success.qr')}
        </a>
        <Link className={styles.linkSecondary} to={paths.summary(booking.bookingId)}>
          {t('success.manage')}
        </Link>
      </p>
    </>
  );
}
