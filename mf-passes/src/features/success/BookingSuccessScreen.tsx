// /productHooks/bus-pass-purchase/booking-successful/:transactionId — where the checkout returns a paid pass order. The
// payment may still be settling: the order is polled (2 s, backing off to 30 s) until it is SUCCESS, then the pass is
// shown from GET /api/passes/mine.
import { isPaidStatus, lastValidInstant } from '@sawari/domain';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { PassOrder } from '@sawari/contracts';
import { checkoutPath, serverNow } from '@sawari/runtime';
import { Button } from '@sawari/ui';
import { loadMyPasses, loadOrder, loadProduct } from '../common/api';
import { useFlow } from '../common/flow';
import { EMPTY_FLOW, passLabel, type MyPass } from '../common/model';
import { FareBreakup, ListSkeleton, Page, paths, ProblemPanel, RequireSignIn, styles, useDate, useDayTime, useT } from '../common/ui';

export const SUCCESS_POLL_MS = 2_000;
export const SUCCESS_POLL_MAX_MS = 30_000;

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

type State = { order: PassOrder | null; pass: MyPass | null; error: { code?: string; message?: string } | null };

function Success({ transactionId }: { transactionId: string }) {
  const t = useT();
  const date = useDate();
  const dayTime = useDayTime();
  const navigate = useNavigate();
  const [, setFlow] = useFlow();
  const [state, setState] = useState<State>({ order: null, pass: null, error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wait = SUCCESS_POLL_MS;
    const tick = async () => {
      try {
        const order = await loadOrder(transactionId);
        if (!live) return;
        if (order.status === 'SUCCESS') {
          const pass = (await loadMyPasses()).find((p) => p.transactionId === transactionId) ?? null;
          if (!live) return;
          setState({ order, pass, error: null });
          // The purchase is done: the next one starts fresh.
          setFlow((f) => (f.transactionId === transactionId ? EMPTY_FLOW : f));
          return;
        }
        setState((s) => ({ ...s, order, error: null }));
        if (order.status === 'PAYMENT_FAILED' || order.status === 'UNVERIFIED' || order.status === 'REJECTED') return;
      } catch (err) {
        if (!live) return;
        setState((s) => ({ ...s, error: err as State['error'] }));
        if ((err as State['error'])?.code === 'ORDER_NOT_FOUND') return;
      }
      wait = Math.min(SUCCESS_POLL_MAX_MS, wait * 1.5);
      timer = setTimeout(tick, wait);
    };
    void tick();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [transactionId, attempt, setFlow]);

  const { order, pass, error } = state;
  if (!order && error) return <ProblemPanel error={error} onRetry={error.code === 'ORDER_NOT_FOUND' ? undefined : () => setAttempt((n) => n + 1)} />;
  if (!order) return <ListSkeleton rows={3} />;
  if (order.status === 'PAYMENT_FAILED')
    return (
      <div className={styles.alert} role="alert">
        <p>{t('success.failed')}</p>
        <Button onClick={() => void loadProduct(order.city, order.configurationId).then((p) => navigate(checkoutPath(p.agency, 'pass', order.transactionId)), () => setAttempt((n) => n + 1))}>{t('success.tryAgain')}</Button>
      </div>
    );
  if (order.status !== 'SUCCESS')
    return (
      <div className={styles.warn} role="status" aria-live="polite">
        <p>
          <strong>{t('success.confirming')}</strong>
        </p>
        <p>{t('success.confirmingBody')}</p>
        <ListSkeleton rows={1} />
      </div>
    );
  const label = pass ? passLabel(pass, serverNow()) : null;
  return (
    <>
      <p className={styles.notice} role="status">
        {t('success.done')}
      </p>
      {pass ? (
        <article className={styles.card} aria-labelledby="the-pass">
          <div className={styles.cardHead}>
            <h2 id="the-pass" style={{ margin: 0 }}>
              {t('mine.pass', { category: pass.categoryName, days: pass.numOfDays })}
            </h2>
            {label && <span className={`${styles.badge} ${styles.badgeOk}`}>{t(label.id, label.date ? { date: label.withTime ? dayTime(label.date) : date(label.date) } : undefined)}</span>}
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
