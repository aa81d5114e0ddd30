// The fare lines of a quote: one route's breakup, or each leg's and the combined total of a multi-route ticket.
import { FareBreakup, styles, useT } from '../common/ui';
import type { Quote } from './quote';

export function FareLines({ fare, stale }: { fare: Quote; stale?: boolean }) {
  const t = useT();
  if (fare.legs.length > 1) return <MultiFareLines fare={fare} stale={stale} />;
  const one = fare.legs[0];
  const lines = one.passengerDetails.map((g) => ({ name: g.name, value: g.payableAmount }));
  return (
    <div style={stale ? { opacity: 0.6 } : undefined}>
      <FareBreakup lines={lines} payable={one.payableAmount} caption={t('fare.heading')} />
      <p className={`${styles.muted} ${styles.small}`}>{t('fare.distance', { km: (one.distanceMeters / 1000).toFixed(1) })}</p>
    </div>
  );
}

/** A multi-route fare: each leg's breakup (from the server), then the combined total (shared/domain aggregateFares). */
function MultiFareLines({ fare, stale }: { fare: Quote; stale?: boolean }) {
  const t = useT();
  return (
    <div style={stale ? { opacity: 0.6 } : undefined} data-testid="multi-fare">
      {fare.legs.map((leg, i) => (
        <div key={`${i}-${leg.routeId}`} className={styles.legFare}>
          <h3>{t('multi.legFare', { n: i + 1, route: leg.routeName })}</h3>
          <p className={`${styles.muted} ${styles.small}`}>
            {t('item.journey', { from: leg.fromStopName, to: leg.toStopName })} · {t('fare.distance', { km: (leg.distanceMeters / 1000).toFixed(1) })}
          </p>
          <FareBreakup
            lines={leg.passengerDetails.map((g) => ({ name: g.name, value: g.payableAmount }))}
            payable={leg.payableAmount}
            caption={t('multi.legFare', { n: i + 1, route: leg.routeName })}
          />
        </div>
      ))}
      <h3>{t('multi.total', { count: fare.legs.length })}</h3>
      <FareBreakup
        lines={fare.total.passengerDetails.map((g) => ({ name: g.name, value: g.payableAmount }))}
        payable={fare.payableAmount}
        caption={t('multi.total', { count: fare.legs.length })}
      />
    </div>
  );
}
