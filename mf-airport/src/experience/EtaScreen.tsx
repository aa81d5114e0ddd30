// /airport-experience/eta/:type: the next departure of each airport line from or to the airport today, live
// (refreshed every 30 s, as the boards are); another :type says there is no such list.
import { useEffect, useState } from 'react';
import { AIRPORT_TIMINGS_REFRESH_MS } from '@sawari/domain';
import { RouteBadge } from '@sawari/ui/src/route-badge';
import { ListSkeleton, LoadError } from '@sawari/ui/src/intl';
import { useAsync } from '@sawari/ui/src/async';
import type { ScreenProps } from '../screen';
import { loadAirportPairs, loadAirportSlots } from './api';
import { Frame, linkTo, styles, useT, useTime } from './frame';
import { etaPairs, etaType, nextDepartures } from './model';
import { useAirportCity } from './useAirportCity';

export function EtaScreen({ params }: ScreenProps) {
  const type = etaType(params.type);
  return (
    <Frame heading={type === 'to' ? 'eta.to.heading' : 'eta.from.heading'} back={{ path: '/airport-experience', label: 'experience.heading' }}>
      {type ? <Eta type={type} /> : <UnknownType />}
    </Frame>
  );
}

function UnknownType() {
  const t = useT();
  return (
    <p className={styles.empty}>
      {t('eta.unknown')} <a {...linkTo('/airport-experience/eta/from-airport')}>{t('eta.from.link')}</a>
    </p>
  );
}

function Eta({ type }: { type: 'from' | 'to' }) {
  const t = useT();
  const time = useTime();
  const c = useAirportCity(undefined);
  const city = c.city ?? 'mumbai';
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), AIRPORT_TIMINGS_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const data = useAsync(
    () => loadAirportPairs(city).then((pairs) => nextDepartures(etaPairs(pairs, type), (q) => loadAirportSlots(city, q))),
    `${city}:${type}:${tick}`,
  );
  if (data.status === 'loading' && tick === 0) return <ListSkeleton />;
  if (data.status === 'error') return <LoadError error={data.error} onRetry={data.retry} />;
  const list = data.data ?? [];
  return (
    <>
      <p className={styles.hint}>{t('eta.refresh')}</p>
      {list.length === 0 ? (
        <p className={styles.empty}>{t(type === 'to' ? 'eta.to.none' : 'eta.from.none')}</p>
      ) : (
        <table className={styles.breakup}>
          <caption className={styles.srOnly}>{t(type === 'to' ? 'eta.to.heading' : 'eta.from.heading')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('eta.route')}</th>
              <th scope="col">{t('eta.leaves')}</th>
              <th scope="col">{t('eta.seats')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((d) => (
              <tr key={d.slot.tripId}>
                <th scope="row">
                  <RouteBadge shortName={d.line.code} color={d.line.color} textColor={d.line.textColor} /> {type === 'to' ? `${d.from} → ${d.to}` : `→ ${d.to}`}
                </th>
                <td>{time(d.slot.startTime)}</td>
                <td>{d.slot.availability === 'SOLD_OUT' ? t('eta.soldOut') : t('eta.left', { n: d.slot.seatsLeft })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
