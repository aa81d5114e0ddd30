// /select-trip/booking-success/:transactionId: where the checkout returns. Polls the order until the ticket is issued
// (or the payment failed), then reads the wallet once (which saves the new ticket in the local database, so it shows
// offline too) and offers to show it.
import { isPaidStatus } from '@sawari/domain';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button } from '@sawari/ui';
import { checkoutPath, useCityConfig } from '@sawari/runtime';
import { useOrderOutcome } from '@sawari/ui/src/order-outcome';
import type { TicketOrder } from '@sawari/contracts';
import { ticketsApi } from '../common/api';
import { useFlow } from '../common/flow';
import { EMPTY_FLOW, ticketHeadingId } from '../common/model';
import { FareBreakup, Page, ProblemPanel, RequireSignIn, paths, styles, useT } from '../common/ui';
import { useWallet } from '../wallet/useWallet';

function Issued({ order, city }: { order: TicketOrder; city: string }) {
  const t = useT();
  // Reading the wallet saves the new ticket on the device.
  const view = useWallet(city);
  const item = view.items?.find((i) => i.transactionId === order.transactionId);
  return (
    <>
      <div className={styles.notice} role="status">
        <p className={styles.bigState}>{t('success.issued')}</p>
        <p>{item ? t('success.saved') : t('success.saving')}</p>
      </div>
      <FareBreakup
        lines={order.fare.passengerDetails.map((g) => ({ name: g.name, value: g.payableAmount }))}
        payable={order.payableAmount}
        caption={t('fare.heading')}
        paid={isPaidStatus(order.status)}
      />
      <p className={styles.actions}>
        <Link className={styles.linkButton} to={paths.passValidation(order.transactionId)}>
          {t('summary.show')}
        </Link>
        <Link className={styles.linkSecondary} to={paths.singleJourney(order.transactionId)}>
          {t(ticketHeadingId(order.kind))}
        </Link>
        <Link to={paths.wallet}>{t('wallet.heading')}</Link>
      </p>
    </>
  );
}

function Outcome({ transactionId }: { transactionId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const [flow, setFlow] = useFlow();
  const { cityId } = useCityConfig();
  // Polled until issued or failed (one back-off for every seller; after ~2 minutes the rider can Retry).
  const { order, error, gaveUp, retry } = useOrderOutcome<TicketOrder>(transactionId, {
    load: () => ticketsApi.order(transactionId),
    isSettled: (o) => o.status !== 'PENDING' || !!o.ticketId,
    isFinalError: (e) => e.status === 404,
  });
  const cleared = useRef(false);
  // Issued: the purchase is over, so the next purchase starts fresh (the route typed stays for convenience).
  useEffect(() => {
    if (order?.ticketId && !cleared.current) {
      cleared.current = true;
      setFlow((f) => ({ ...EMPTY_FLOW, city: f.city, route: f.route, query: f.query, lastTransactionId: order.transactionId }));
    }
  }, [order, setFlow]);

  if (order?.ticketId) return <Issued order={order} city={order.city || cityId || ''} />;
  if (order?.status === 'PAYMENT_FAILED')
    return (
      <div className={styles.alert} role="alert">
        <p className={styles.bigState}>{t('success.failed')}</p>
        <p>{t('success.failedBody')}</p>
        <p className={styles.actions}>
          <Button onClick={() => navigate(checkoutPath(flow.quote?.agency || order.city, 'ticket', order.transactionId))}>{t('success.payAgain')}</Button>
          <Link to={paths.buy}>{t('buy.heading')}</Link>
        </p>
      </div>
    );
  if (error && (error.status === 404 || !order)) return <ProblemPanel error={error} onRetry={retry} />;
  return (
    <div className={styles.warn} role="status" aria-busy={!gaveUp}>
      <p className={styles.bigState}>{t('success.waiting')}</p>
      <p>{gaveUp ? t('success.slow') : t('success.waitingBody')}</p>
      {gaveUp && <Button onClick={retry}>{t('common.retry')}</Button>}
    </div>
  );
}

export default function BookingSuccessScreen() {
  const t = useT();
  const { transactionId = '' } = useParams();
  return (
    <Page heading={t('success.heading')}>
      <RequireSignIn>
        <Outcome transactionId={transactionId} />
      </RequireSignIn>
    </Page>
  );
}
