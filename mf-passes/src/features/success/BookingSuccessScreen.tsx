// /productHooks/bus-pass-purchase/booking-successful/:transactionId — where the checkout returns a paid pass order. The
// payment may still be settling: the order is polled (useOrderOutcome: every seller's one back-off) until it is
// settled, then the pass is shown from GET /api/passes/mine.
import { isPaidStatus, lastValidInstant } from '@sawari/domain';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { PassOrder } from '@sawari/contracts';
import { checkoutPath, serverNow } from '@sawari/runtime';
import { Button } from '@sawari/ui';
import { useOrderOutcome } from '@sawari/ui/src/order-outcome';
import { loadMyPasses, loadOrder, loadProduct } from '../common/api';
import { useFlow } from '../common/flow';
import { EMPTY_FLOW, passLabel, type MyPass } from '../common/model';
import { FareBreakup, ListSkeleton, Page, paths, ProblemPanel, RequireSignIn, styles, useDate, useDayTime, useT } from '../common/ui';

export default function BookingSuccessScreen() {
  const t = useT();
  const { transactionId = '' } = useParams();
  return (
    <Page heading={t('success.heading')}>
      <RequireSignIn>
        <Success transactionId={transactionId} />
      </RequireSignIn>
    </Page>
  );
}

/** Statuses after which the order no longer changes by itself. */
const SETTLED: ReadonlySet<string> = new Set(['SUCCESS', 'PAYMENT_FAILED', 'UNVERIFIED', 'REJECTED']);

function Success({ transactionId }: { transactionId: string }) {
  const t = useT();
  const date = useDate();
  const dayTime = useDayTime();
  const navigate = useNavigate();
  const [, setFlow] = useFlow();
  const { order, error, gaveUp, retry } = useOrderOutcome<PassOrder>(transactionId, {
    load: () => loadOrder(transactionId),
    isSettled: (o) => SETTLED.has(o.status),
    isFinalError: (e) => e.code === 'ORDER_NOT_FOUND',
  });
  // Once paid: the pass itself (undefined while it loads, null when it is not listed yet), and the next purchase
  // starts fresh.
  const [pass, setPass] = useState<MyPass | null | undefined>(undefined);
  const paid = order?.status === 'SUCCESS';
  useEffect(() => {
    if (!paid) return;
    let live = true;
    setFlow((f) => (f.transactionId === transactionId ? EMPTY_FLOW : f));
    loadMyPasses().then(
      (passes) => live && setPass(passes.find((p) => p.transactionId === transactionId) ?? null),
      () => live && setPass(null),
    );
    return () => {
      live = false;
    };
  }, [paid, transactionId, setFlow]);

  if (!order && error) return <ProblemPanel error={error} onRetry={error.code === 'ORDER_NOT_FOUND' ? undefined : retry} />;
  if (!order || (paid && pass === undefined)) return <ListSkeleton rows={3} />;
  if (order.status === 'PAYMENT_FAILED')
    return (
      <div className={styles.alert} role="alert">
        <p>{t('success.failed')}</p>
        <Button
          onClick={() => void loadProduct(order.city, order.configurationId).then((p) => navigate(checkoutPath(p.agency, 'pass', order.transactionId)), retry)}
        >
          {t('success.tryAgain')}
        </Button>
      </div>
    );
  if (order.status !== 'SUCCESS')
    return (
      <div className={styles.warn} role="status" aria-live="polite">
        <p>
          <strong>{t('success.confirming')}</strong>
        </p>
        <p>{t('success.confirmingBody')}</p>
        {gaveUp ? <Button onClick={retry}>{t('common.retry')}</Button> : <ListSkeleton rows={1} />}
      </div>
    );
  const label = pass ? passLabel(pass, serverNow()) : null;
  return (
    <>
      <p className={styles.notice} role="status">
        {order.freeWith ? t('success.free', { offer: order.freeWith.label }) : t('success.done')}
      </p>
      {pass ? (
        <article className={styles.card} aria-labelledby="the-pass">
          <div className={styles.cardHead}>
            <h2 id="the-pass" style={{ margin: 0 }}>
              {t('mine.pass', { category: pass.categoryName, days: pass.numOfDays })}
            </h2>
            {label && (
              <span className={`${styles.badge} ${styles.badgeOk}`}>
                {t(label.id, label.date ? { date: label.withTime ? dayTime(label.date) : date(label.date) } : undefined)}
              </span>
            )}
          </div>
          <dl className={styles.facts}>
            <dt>{t('success.valid')}</dt>
            <dd>{t('mine.dates', { from: date(pass.startTime), to: date(lastValidInstant(pass.expiryTime)) })}</dd>
            <dt>{t('success.reference')}</dt>
            <dd>{pass.transactionId}</dd>
          </dl>
          {pass.specialFeatures && pass.specialFeatures.length > 0 && <p className={styles.small}>{pass.specialFeatures.join(' · ')}</p>}
        </article>
      ) : (
        <p className={styles.warn}>{t('success.passLater')}</p>
      )}
      <h2>{t('pay.breakup')}</h2>
      <FareBreakup lines={order.fareInfo.fareBreakup} payable={order.fareInfo.payableAmount} caption={t('pay.breakup')} paid={isPaidStatus(order.status)} />
      <p className={styles.actions}>
        <Link className={styles.linkButton} to={paths.wallet}>
          {t('success.wallet')}
        </Link>
        <Link to={paths.home}>{t('common.allPasses')}</Link>
      </p>
    </>
  );
}
