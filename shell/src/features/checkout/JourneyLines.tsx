// The checkout's lines for a planned journey bought in one go (order kind `journey`): each bus with its ride, its
// passengers and its fare, then the total; the rider sees what each ticket costs before paying once for all of them.
import { useIntl } from 'react-intl';
import type { JourneyOrder } from '@sawari/contracts';
import { api } from '@sawari/runtime';
import { formatPaise } from '@sawari/domain';
import { useAsync } from '../common/useAsync';
import styles from './checkout.module.css';

export function JourneyLines({ orderId }: { orderId: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const data = useAsync(() => api.get<JourneyOrder>(`/tickets/v1/journeys/${encodeURIComponent(orderId)}`), orderId);
  if (data.status !== 'ready') return null;
  const o = data.data;
  const who = (['adult', 'child', 'senior'] as const)
    .filter((k) => o.passengers[k] > 0)
    .map((k) => t(`checkout.journey.${k}`, { n: o.passengers[k] }))
    .join(', ');
  return (
    <section className={styles.summary} aria-labelledby="journey-lines">
      <h2 id="journey-lines" className={styles.journeyHeading}>
        {t('checkout.journey.heading')}
      </h2>
      <dl className={styles.breakupList}>
        {o.legs.map((l, i) => (
          <div key={i} className={styles.line} data-testid="journey-leg">
            <dt>
              {t('checkout.journey.leg', { route: l.routeName, from: l.fromStopName, to: l.toStopName })}
              <br />
              <span className={styles.orderId}>{who}</span>
            </dt>
            <dd>{formatPaise(l.payableAmount)}</dd>
          </div>
        ))}
        <div className={`${styles.line} ${styles.total}`}>
          <dt>{t('checkout.fare.total')}</dt>
          <dd>{formatPaise(o.payableAmount)}</dd>
        </div>
      </dl>
      <p className={styles.orderId}>{t('checkout.journey.note')}</p>
    </section>
  );
}
