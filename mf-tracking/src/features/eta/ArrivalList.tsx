import { useIntl } from 'react-intl';
import { IconClock, IconError, IconLive, IconScheduled, RouteBadge } from '@sawari/ui';
import { Link } from 'react-router-dom';
import { occupancyKey, occupancyOf, timelinessKey } from '../common/format';
import { useClock } from '../common/clock';
import { paths } from '../common/links';
import type { Arrival } from '../common/transit';
import { arrivalViews, fromTheBus, type ArrivalView } from './arrivals';
import { OccupancyIcon } from '../common/OccupancyIcon';
import styles from '../common/tracking.module.css';

type T = (id: string, v?: Record<string, string | number>) => string;

/** The time the rider is told, in words. */
function when(v: ArrivalView, t: T, at: (ms: number) => string): string {
  switch (v.kind) {
    case 'justLeft':
      return t('eta.justLeft');
    case 'passed':
      return t('eta.passed', { n: v.minutesAgo });
    case 'live':
    case 'estimated':
      return v.minutes < 1 ? t('eta.now') : t('eta.inMinutes', { n: v.minutes });
    case 'scheduled':
      return t('eta.scheduled', { time: at(v.at) });
    case 'cancelled':
    case 'skipsStop':
      return t('eta.wasDue', { time: at(v.at) });
  }
}

/** Where the time comes from (Live: predicted from the bus; Scheduled: the timetable only), or why the bus will not come. */
function Source({ v }: { v: ArrivalView }) {
  const intl = useIntl();
  const t: T = (id, values) => intl.formatMessage({ id }, values);
  switch (v.kind) {
    case 'live':
      return (
        <span className={styles.sourceLive} data-source="live">
          <IconLive /> {t('eta.live')}
        </span>
      );
    case 'estimated':
      return (
        <span data-source="estimated">
          <IconClock /> {t('eta.lastSeen', { n: v.lastSeenMinutes })}
        </span>
      );
    case 'scheduled':
      return (
        <span data-source="scheduled">
          <IconScheduled /> {t('eta.scheduledLabel')}
        </span>
      );
    case 'cancelled':
    case 'skipsStop':
      return (
        <span className={styles.notComing} data-source={v.kind}>
          <IconError /> <strong>{t(v.kind === 'cancelled' ? 'eta.cancelled' : 'eta.skipsStop')}</strong>
          {' · '}
          {t(v.kind === 'cancelled' ? 'eta.cancelledWhy' : 'eta.skipsStopWhy')}
        </span>
      );
    default:
      return null;
  }
}

/**
 * Buses due at a stop, soonest first: live minutes (data at most 90 s old), minutes from older data with its age
 * ("last seen N min ago"), the scheduled time labelled scheduled, a bus that just left / passed N min ago, or a bus a
 * trip update says will not pick up here (cancelled, or not stopping here) at its timetable time, with the reason.
 */
export function ArrivalList({ arrivals, now, showRoute }: { arrivals: readonly Arrival[]; now: number; showRoute: boolean }) {
  const intl = useIntl();
  const clock = useClock();
  const t: T = (id, v) => intl.formatMessage({ id }, v);
  const views = arrivalViews(arrivals, now);
  if (views.length === 0) return <p className={styles.empty}>{t('eta.none')}</p>;
  return (
    <ul className={styles.cards}>
      {views.map((v) => {
        const a = v.arrival;
        const measured = fromTheBus(v);
        const notComing = v.kind === 'cancelled' || v.kind === 'skipsStop';
        const timely = measured ? a.timeliness : null;
        const occupancy = measured ? occupancyOf(a.occupancy, null) : null;
        return (
          <li key={`${a.tripId}-${a.scheduledTime}`} className={styles.card} data-arrival={v.kind}>
            <div className={styles.row}>
              <span className={styles.cardTitle}>
                {showRoute && <RouteBadge shortName={a.route_name} color={a.route_color} textColor={a.route_text_color} />}{' '}
                {a.headsign ? t('eta.towards', { headsign: a.headsign }) : ''}
              </span>
              {notComing ? <s className={styles.wasDue}>{when(v, t, clock.at)}</s> : <strong>{when(v, t, clock.at)}</strong>}
            </div>
            <span className={styles.cardDesc}>
              <Source v={v} />
              {timely && ` · ${t(timelinessKey(timely))}`}
              {occupancy && (
                <>
                  {' · '}
                  <OccupancyIcon level={occupancy} /> {t(occupancyKey(occupancy))}
                </>
              )}
              {a.vNo && (measured || v.kind === 'justLeft' || v.kind === 'passed') && (
                <>
                  {measured ? ' · ' : ''}
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
