import { useIntl } from 'react-intl';
import { IconClock, IconScheduled, RouteBadge } from '@sawari/ui';
import { Link } from 'react-router-dom';
import { occupancyKey, occupancyOf, timelinessKey } from '../common/format';
import { useClock } from '../common/clock';
import { paths } from '../common/links';
import type { Arrival } from '../common/transit';
import { arrivalViews } from './arrivals';
import { OccupancyIcon } from '../common/OccupancyIcon';
import styles from '../common/tracking.module.css';

/**
 * Buses due at a stop, soonest first: live minutes (data at most 90 s old), minutes from older data with its age
 * ("last seen N min ago"), the scheduled time labelled scheduled, or a bus that just left / passed N min ago.
 */
export function ArrivalList({ arrivals, now, showRoute }: { arrivals: readonly Arrival[]; now: number; showRoute: boolean }) {
  const intl = useIntl();
  const clock = useClock();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const views = arrivalViews(arrivals, now);
  if (views.length === 0) return <p className={styles.empty}>{t('eta.none')}</p>;
  return (
    <ul className={styles.cards}>
      {views.map((v) => {
        const a = v.arrival;
        const measured = v.kind === 'live' || v.kind === 'estimated';
        const timely = measured ? a.timeliness : null;
        const occupancy = measured ? occupancyOf(a.occupancy, null) : null;
        return (
          <li key={`${a.tripId}-${a.scheduledTime}`} className={styles.card}>
            <div className={styles.row}>
              <span className={styles.cardTitle}>
                {showRoute && <RouteBadge shortName={a.route_name} color={a.route_color} textColor={a.route_text_color} />}{' '}
                {a.headsign ? t('eta.towards', { headsign: a.headsign }) : ''}
              </span>
              <strong>
                {v.kind === 'justLeft'
                  ? t('eta.justLeft')
                  : v.kind === 'passed'
                    ? t('eta.passed', { n: v.minutesAgo })
                    : measured
                      ? v.minutes < 1
                        ? t('eta.now')
                        : t('eta.inMinutes', { n: v.minutes })
                      : t('eta.scheduled', { time: clock.at(v.at) })}
              </strong>
            </div>
            <span className={styles.cardDesc}>
              {v.kind === 'live' ? (
                <>
                  <span className={styles.liveDot} aria-hidden="true" />
                  {t('eta.live')}
                </>
              ) : v.kind === 'estimated' ? (
                <>
                  <IconClock />
                  {t('eta.lastSeen', { n: v.lastSeenMinutes })}
                </>
              ) : v.kind === 'scheduled' ? (
                <>
                  <IconScheduled />
                  {t('eta.scheduledLabel')}
                </>
              ) : null}
              {timely && ` · ${t(timelinessKey(timely))}`}
              {occupancy && (
                <>
                  {' · '}
                  <OccupancyIcon level={occupancy} /> {t(occupancyKey(occupancy))}
                </>
              )}
              {a.vNo && v.kind !== 'scheduled' && (
                <>
                  {v.kind === 'live' || v.kind === 'estimated' ? ' · ' : ''}
                  <Link to={paths.vehicle(a.route_id, a.vNo)}>{t('eta.followBus', { vNo: a.vNo })}</Link>
                </>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
