// The checkout's summary: the amount, a free order's offer, the order number and the pass order's fare breakup.
import { useIntl } from 'react-intl';
import type { OrderStatus, PassOrder } from '@sawari/contracts';
import { fareLineMeaning, formatPaise } from '@sawari/domain';
import page from '../common/page.module.css';
import styles from './checkout.module.css';

export function Summary({ status, passOrder }: { status: OrderStatus; passOrder: PassOrder | null }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const lines = passOrder?.fareInfo.fareBreakup ?? [];
  return (
    <div className={styles.summary}>
      <p className={styles.amount}>
        <span>{t('checkout.summary.amount')}</span> <strong>{formatPaise(status.amountPaise)}</strong>
      </p>
      {status.freeWith && (
        <p className={page.notice} role="status">
          {t('checkout.freeWith', { offer: status.freeWith.label })}
        </p>
      )}
      <p className={styles.orderId}>
        {t('checkout.summary.order')} <span className={styles.mono}>{status.orderId}</span>
      </p>
      {lines.length > 0 && (
        <details className={styles.breakup}>
          <summary>{t('checkout.summary.breakup')}</summary>
          <dl>
            {lines.map((l, i) => {
              const meaning = fareLineMeaning(l.name);
              return (
                <div key={i} className={styles.line}>
                  <dt>{meaning ? t(`fareLine.${meaning.key}`, meaning.values) : l.name}</dt>
                  <dd>{formatPaise(l.value)}</dd>
                </div>
              );
            })}
            <div className={`${styles.line} ${styles.total}`}>
              <dt>{t('checkout.fare.total')}</dt>
              <dd>{formatPaise(status.amountPaise)}</dd>
            </div>
          </dl>
        </details>
      )}
    </div>
  );
}
