// While a payment settles: what the rider is paying with, offline and slow notes, a cash reference, "Check now".
import { useIntl } from 'react-intl';
import { Button } from '@sawari/ui';
import type { PayState } from './usePayment';
import { KNOWN } from './method-text';
import page from '../common/page.module.css';
import styles from './checkout.module.css';

export function Waiting({
  state,
  amount,
  instrument,
  onCheckNow,
}: {
  state: Extract<PayState, { kind: 'polling' }>;
  amount: string;
  instrument: string | null;
  onCheckNow: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const cash = state.method === 'cash';
  const waitingId = KNOWN.includes(state.method) ? `checkout.waiting.${state.method}` : 'checkout.waiting.other';
  return (
    <div className={styles.waiting}>
      <div role="status" aria-live="polite" className={styles.waitingStatus}>
        <span className={styles.pulse} aria-hidden="true" />
        <p>
          <strong>{t(waitingId)}</strong>
        </p>
        {instrument && <p>{t('checkout.waiting.paying', { amount, instrument })}</p>}
        {state.offline && <p>{t('checkout.waiting.offline')}</p>}
        {state.slow && !state.offline && <p>{t('checkout.waiting.slow')}</p>}
      </div>
      {cash && state.paymentId && (
        <div className={styles.reference}>
          <p>{t('checkout.cash.reference')}</p>
          <p className={styles.referenceValue}>{state.paymentId}</p>
          <p>{t('checkout.cash.steps', { amount })}</p>
          <p className={page.hint}>{t('checkout.cash.blocking')}</p>
        </div>
      )}
      <p className={page.hint}>{t('checkout.waiting.keepOpen')}</p>
      <Button variant="secondary" onClick={onCheckNow}>
        {t('checkout.waiting.checkNow')}
      </Button>
    </div>
  );
}
