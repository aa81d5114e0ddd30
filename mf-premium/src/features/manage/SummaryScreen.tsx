// /premium-buses/premium-bus-summary/:transactionId and /before-activation/:transactionId: the booking's status (the
// shared status model), its facts, refunds (where and by when), boarding (QR in the wallet, live bus) and actions.
// Which parts show is one rule (seatParts in common/model.ts): what the status model allows for the seat's state, and
// for an action, what the API offers too; never the raw status.
import { Link, useParams } from 'react-router-dom';
import { navigateToUrl } from 'single-spa';
import { serverNow } from '@sawari/runtime';
import type { Booking } from '@sawari/contracts';
import { REFUND_WORKING_DAYS, refundDueBy, seatStatus } from '@sawari/domain';
import { loadSupport } from '../common/api';
import { flowPaths, paths, seatParts, type SeatParts } from '../common/model';
import { ListSkeleton, money, Page, ProblemPanel, RequireSignIn, SeatStatus, styles, useAsync, useT, useTimes } from '../common/ui';
import { BookingFacts } from '../book/BookingFacts';
import { PopUpDialog, useBookingPoll } from './shared';
import LiveBus from '../live/LiveBus';

const link = (path: string) => ({
  href: `/app${path}`,
  onClick: (e: { preventDefault(): void }) => {
    e.preventDefault();
    navigateToUrl(`/app${path}`);
  },
});

/** /premium-buses/premium-bus-summary/:transactionId and /before-activation/:transactionId */
export function SummaryScreen({ before = false }: { before?: boolean }) {
  const t = useT();
  const { transactionId = '' } = useParams();
  return (
    <Page heading={t(before ? 'before.heading' : 'summary.heading')} back={{ to: '/premium-buses', label: t('landing.heading') }}>
      <RequireSignIn>
        <Summary id={transactionId} before={before} />
      </RequireSignIn>
    </Page>
  );
}

function Summary({ id, before }: { id: string; before: boolean }) {
  const t = useT();
  const { date } = useTimes();
  const { booking: b, error, retry, setBooking } = useBookingPoll(id, (x) => !x.refunds.some((r) => r.status === 'PENDING' || r.status === 'REQUESTED'));
  if (!b && error) return <ProblemPanel error={error} onRetry={retry} />;
  if (!b) return <ListSkeleton rows={3} />;
  const now = serverNow();
  const parts = seatParts(seatStatus(b, now), b.actions);
  return (
    <>
      {b.popUp && <PopUpDialog booking={b} onDone={() => setBooking({ ...b, popUp: null })} />}
      <p>
        <SeatStatus b={b} now={now} />
      </p>
      {seatStatus(b, now).headline === 'cancelledByOperator' && <OperatorCancelled b={b} />}
      <BookingFacts b={b} />
      {b.refunds.length > 0 && (
        <section aria-labelledby="refunds">
          <h2 id="refunds">{t('refund.heading')}</h2>
          <ul className={styles.cards}>
            {b.refunds.map((r) => (
              <li key={r.id} className={styles.card}>
                <div className={styles.cardHead}>
                  <span className={styles.price}>{money(r.amountPaise)}</span>
                  <span className={`${styles.badge} ${r.status === 'SUCCESS' ? styles.badgeOk : r.status === 'FAILED' ? styles.badgeBad : styles.badgeWarn}`}>
                    {t(`refund.status.${r.status}`)}
                  </span>
                </div>
                <p className={styles.small}>{t(`refund.reason.${r.reason}`)}</p>
                {r.status !== 'FAILED' && (
                  <p className={styles.small} data-testid="refund-where">
                    {r.status === 'SUCCESS'
                      ? t('refund.where.done')
                      : t('refund.where.pending', { date: date(refundDueBy(r.createdAt)), days: REFUND_WORKING_DAYS })}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {parts.boarding && (
        <section aria-labelledby="board">
          <h2 id="board">{t('before.board')}</h2>
          {parts.qr && (
            <>
              <p>{t('before.qr')}</p>
              <p className={styles.actions}>
                <a className={styles.linkButton} {...link(paths.walletTicket(b.bookingId))}>
                  {t('success.qr')}
                </a>
              </p>
            </>
          )}
          <LiveBus bookingId={b.bookingId} />
        </section>
      )}
      {!before && <Actions b={b} parts={parts} />}
    </>
  );
}

/**
 * A trip the operator cancelled: why, in a sentence ("… because of a bus breakdown": the disruption's words are made to
 * follow "because of" in each language, never to stand alone), that the fare comes back in full, and the way on: the
 * slots of the same line between the same stops.
 */
function OperatorCancelled({ b }: { b: Booking }) {
  const t = useT();
  const refund = b.refunds.filter((r) => r.status !== 'FAILED').reduce((sum, r) => sum + r.amountPaise, 0);
  return (
    <div className={styles.card} data-testid="operator-cancelled">
      <p>
        {t('summary.cancelledBecause', { reason: t(`disruption.${b.disruption ?? 'OTHER'}`) })}
        {refund > 0 && <> {t('summary.cancelledRefund', { refund: money(refund) })}</>}
      </p>
      <p className={styles.actions}>
        <Link className={styles.linkButton} to={flowPaths(b.product).slots(b.lineId, b.from.stopId, b.to.stopId)}>
          {t('summary.bookAgain')}
        </Link>
      </p>
    </div>
  );
}

/** Ticket actions (spec §4) the status model allows for this seat's state and the server offers now (seatParts). */
function Actions({ b, parts }: { b: Booking; parts: SeatParts }) {
  const t = useT();
  const support = useAsync(() => loadSupport(b.city), `support:${b.city}`);
  return (
    <section aria-labelledby="actions">
      <h2 id="actions">{t('actions.heading')}</h2>
      <ul className={styles.actions}>
        {parts.change && (
          <li>
            <Link className={styles.linkSecondary} to={paths.manage(b.bookingId, 'reschedule')}>
              {t('actions.RESCHEDULE_RIDE')}
            </Link>
          </li>
        )}
        {parts.cancel && (
          <li>
            <Link className={styles.linkSecondary} to={paths.manage(b.bookingId, 'cancel')}>
              {t('actions.CANCEL_RIDE')}
            </Link>
          </li>
        )}
        {parts.findStop && (
          <li>
            <Link to={paths.stops(b.lineId, b.from.stopId, b.to.stopId, b.city)}>{t('actions.FIND_MY_STOP')}</Link>
          </li>
        )}
        {parts.chat && (
          <li>
            <a {...link('/SOS')}>{t('actions.CHAT_SUPPORT')}</a> <span className={styles.muted}>{t('actions.supportOffices')}</span>
          </li>
        )}
        {parts.call && (
          <li>
            {support.status === 'ready' ? (
              <a href={`tel:${support.data.phone.replace(/[^+0-9]/g, '')}`}>{t('actions.callSupportAt', { phone: support.data.phone })}</a>
            ) : (
              <a {...link('/SOS')}>{t('actions.CALL_SUPPORT')}</a>
            )}
          </li>
        )}
      </ul>
    </section>
  );
}
