// A recharge order after the checkout: polled until it is paid (or failed), its facts and fee breakup, what it means for
// the rider, and its actions. The order summary, both success screens and the transfer screen use these.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { checkoutPath, type ApiRequestError } from '@sawari/runtime';
import type { CardRechargeOrder } from '@sawari/contracts';
import { cardsApi } from '../common/api';
import { CARDS_PATH, historyPath, summaryPath, transferPath } from '../common/paths';
import { FareBreakup, ListSkeleton, LoadError, ProblemPanel, asApiError, money, styles, useT } from '../common/ui';
import { isPaid, nextPollDelay, orderActions, outcomeOf } from './model';

/** The order, polled until it is paid (or failed), then kept as it is. */
export function useOrder(orderId: string | null) {
  const [order, setOrder] = useState<CardRechargeOrder | null>(null);
  const [error, setError] = useState<ApiRequestError | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!orderId) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (i: number) => {
      try {
        const o = await cardsApi.order(orderId);
        if (!live) return;
        setOrder(o);
        setError(null);
        const wait = nextPollDelay(o.status, i);
        if (wait !== null) timer = setTimeout(() => void poll(i + 1), wait);
      } catch (err) {
        if (live) setError(asApiError(err));
      }
    };
    void poll(0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [orderId, attempt]);
  return { order, error, retry: () => setAttempt((n) => n + 1), setOrder };
}

/** A recharge that is not there (no order in the address, or one this rider does not have): the way on is their cards. */
export const NO_ORDER = { path: CARDS_PATH, labelId: 'cards.heading' } as const;

/** The order's card, status and fee breakup. */
export function OrderState({ order }: { order: CardRechargeOrder }) {
  const t = useT();
  return (
    <>
      <dl className={styles.facts}>
        <dt>{t('card.name')}</dt>
        <dd>{order.cardName}</dd>
        <dt>{t('card.number')}</dt>
        <dd className={styles.number}>{order.maskedNumber}</dd>
        <dt>{t('order.status')}</dt>
        <dd>{t(`state.${order.status}`)}</dd>
      </dl>
      <FareBreakup lines={order.fareBreakup} payable={order.payablePaise} caption={t('confirm.breakup')} paid={isPaid(order.status)} />
    </>
  );
}

/** Move it to the chip (a paid NCMC recharge), pay again (a failed payment), and the ways to the card and the cards. */
export function OrderActions({ order }: { order: CardRechargeOrder }) {
  const t = useT();
  const can = orderActions(order.status);
  return (
    <p className={styles.actions}>
      {can.moveNow && (
        <Link className={styles.linkButton} to={transferPath(order.orderId)}>
          {t('success.moveNow', { amount: money(order.amountPaise) })}
        </Link>
      )}
      {can.payAgain && (
        <Link className={styles.linkButton} to={checkoutPath(order.agency, order.orderKind, order.orderId)}>
          {t('success.payAgain')}
        </Link>
      )}
      <Link to={historyPath(order.cardRef)}>{t('cards.history')}</Link>
      <Link to={summaryPath(order.cardRef)}>{t('success.card')}</Link>
      <Link to={CARDS_PATH}>{t('cards.heading')}</Link>
    </p>
  );
}

/** What a paid order means for the rider, in one sentence. */
export function Outcome({ order }: { order: CardRechargeOrder }) {
  const t = useT();
  const o = outcomeOf(order);
  if (o.kind === 'failed')
    return (
      <div className={styles.alert} role="alert">
        <p>{t('success.failed')}</p>
      </div>
    );
  if (o.kind === 'waiting') return <p role="status">{t('success.waiting')}</p>;
  return (
    <div className={o.tone === 'warn' ? styles.warn : styles.notice} role="status">
      {/* what was charged (the recharge and its fee: ₹305, not the ₹300 that reaches the card); a refund returns the same */}
      <p className={styles.bigState}>{t(o.titleId, { amount: money(order.payablePaise) })}</p>
      {o.showFee && <p className={styles.small}>{t('success.charged', { amount: money(order.amountPaise), fee: money(order.feePaise) })}</p>}
      <p>{t(o.bodyId, { amount: money(order.amountPaise) })}</p>
    </div>
  );
}

/** The success screens' body: the order's outcome, facts and actions, or why there is no order to show. */
export function OrderOutcome({ orderId }: { orderId: string | null }) {
  const { order, error, retry } = useOrder(orderId);
  if (!orderId) return <ProblemPanel error={{ code: 'ORDER_NOT_FOUND' }} action={NO_ORDER} />;
  if (error) return error.code === 'ORDER_NOT_FOUND' ? <ProblemPanel error={error} action={NO_ORDER} /> : <LoadError error={error} onRetry={retry} />;
  if (!order) return <ListSkeleton />;
  return (
    <>
      <Outcome order={order} />
      <OrderState order={order} />
      <OrderActions order={order} />
    </>
  );
}
