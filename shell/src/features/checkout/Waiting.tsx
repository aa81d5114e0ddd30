// While a payment settles: what the rider is paying with, what to do (approve in the UPI app, finish on the gateway's
// page), the time left to approve, offline and slow notes, a cash reference, "Check now" and "Go back to the payment
// page" (the gateway's page again, while it still takes the payment).
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { serverNow } from '@sawari/runtime';
import { Button } from '@sawari/ui';
import type { PayState } from './usePayment';
import { KNOWN } from './method-text';
import { timeLeft } from './polling';
import page from '../common/page.module.css';
import styles from './checkout.module.css';

export function Waiting({
  state,
  amount,
  instrument,
  onCheckNow,
  onBackToGateway,
}: {
  state: Extract<PayState, { kind: 'polling' }>;
  amount: string;
  instrument: string | null;
  onCheckNow: () => void;
  onBackToGateway: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const cash = state.method === 'cash';
  const known = KNOWN.includes(state.method);
  const waitingId = known ? `checkout.waiting.${state.method}` : 'checkout.waiting.other';
  return (
    <div className={styles.waiting}>
      <div role="status" aria-live="polite" className={styles.waitingStatus}>
        <span className={styles.pulse} aria-hidden="true" />
        <p>
          <strong>{t(waitingId)}</strong>
        </p>
        {instrument && <p>{t('checkout.waiting.paying', { amount, instrument })}</p>}
        {state.left && !cash && <p>{t('checkout.waiting.left')}</p>}
        {!cash && known && <p>{t(`checkout.waiting.${state.method}.todo`, { amount })}</p>}
        {state.offline && <p>{t('checkout.waiting.offline')}</p>}
        {state.slow && !state.offline && <p>{t('checkout.waiting.slow')}</p>}
      </div>
      {state.method === 'upi' && state.expiresAt ? <TimeLeft expiresAt={state.expiresAt} /> : null}
      {cash && state.paymentId && (
        <div className={styles.reference}>
          <p>{t('checkout.cash.reference')}</p>
          <CounterReference reference={state.counterReference} paymentId={state.paymentId} />
          <p>{t('checkout.cash.steps', { amount })}</p>
          <p className={page.hint}>{t('checkout.cash.blocking')}</p>
        </div>
      )}
      <p className={page.hint}>{t('checkout.waiting.keepOpen')}</p>
      <div className={page.actions}>
        {!cash && state.checkout && <Button onClick={onBackToGateway}>{t('checkout.waiting.backToGateway')}</Button>}
        <Button variant="secondary" onClick={onCheckNow}>
          {t('checkout.waiting.checkNow')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The time left to approve a UPI request, counting down each second. A timer (role=timer: not read out on every
 * tick); once it has run out it says so (in a polite live region): the server then fails the payment if nothing came.
 */
function TimeLeft({ expiresAt }: { expiresAt: number }) {
  const intl = useIntl();
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = timeLeft(expiresAt, now);
  if (!left) return null;
  if (left.ms <= 0)
    return (
      <p className={styles.timeLeft} role="status" data-testid="time-left">
        {intl.formatMessage({ id: 'checkout.waiting.timeUp' })}
      </p>
    );
  const time = `${left.minutes}:${String(left.seconds).padStart(2, '0')}`;
  return (
    <p className={styles.timeLeft} role="timer" data-testid="time-left">
      {intl.formatMessage({ id: 'checkout.waiting.timeLeft' }, { time })}
    </p>
  );
}

/** "K7QX-M4TP" as "K 7 Q X, M 4 T P": one character at a time, a pause between the groups (what a screen reader says). */
export const spellReference = (reference: string) =>
  reference
    .split('-')
    .map((group) => [...group].join(' '))
    .join(', ');

/**
 * The cash reference to read out at the counter: the payment's short counterReference, large, in its two groups, and
 * spelled out for a screen reader. A payment made before references has none: its id (the counter finds it by that
 * too), smaller and wrapping. Not known yet (a page opened again, before the payment is read): a line saying so.
 */
function CounterReference({ reference, paymentId }: { reference: string | null | undefined; paymentId: string }) {
  const intl = useIntl();
  if (reference === undefined)
    return (
      <p className={page.hint} data-testid="counter-reference-loading">
        {intl.formatMessage({ id: 'checkout.cash.referenceLoading' })}
      </p>
    );
  if (reference === null)
    return (
      <p className={styles.referenceValue} data-testid="counter-reference">
        {paymentId}
      </p>
    );
  const groups = reference.split('-');
  return (
    <p className={styles.counterReference} data-testid="counter-reference">
      <span aria-hidden="true" className={styles.counterGroups}>
        {groups.map((group, i) => (
          <span key={i} data-group={i} className={styles.counterGroup}>
            {group}
          </span>
        ))}
      </span>
      <span className={page.srOnly}>{intl.formatMessage({ id: 'checkout.cash.spoken' }, { spelled: spellReference(reference) })}</span>
    </p>
  );
}
