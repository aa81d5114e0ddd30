import { Fragment } from 'react';
import { useIntl } from 'react-intl';
import { IconBus, IconClock, IconFerry, IconWalk, IconWarning, RouteBadge } from '@sawari/ui';
import { useDuration } from '@sawari/ui/src/duration';
import { minutes } from '../common/format';
import { useClock } from '../common/clock';
import type { Itinerary, Leg } from '../common/transit';
import type { LegStatus } from './LiveCheck';
import styles from '../common/tracking.module.css';

/** Departure → arrival, duration, transfers and walking of one itinerary. */
export function ItinerarySummary({ it }: { it: Itinerary }) {
  const intl = useIntl();
  const clock = useClock();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const { duration } = useDuration();
  const buses = it.legs.filter((l) => l.mode !== 'WALK' && l.route).map((l) => l.route!);
  return (
    <>
      <span className={styles.row}>
        <span className={styles.cardTitle}>
          {clock.at(it.departure)} → {clock.at(it.arrival)}
        </span>
        <span className={styles.badge}>{t('trip.duration', { time: duration(minutes(it.durationSeconds)) })}</span>
      </span>
      <span className={styles.cardDesc}>
        {buses.map((r, i) => (
          <Fragment key={i}>
            {i > 0 && ' → '}
            <RouteBadge shortName={r.route_name} color={r.color} textColor={r.text_color} />
          </Fragment>
        ))}
        {buses.length > 0 && ' · '}
        {t('trip.transfers', { n: it.transfers })} · {t('trip.walking', { time: duration(it.walkSeconds > 0 ? minutes(it.walkSeconds) : 0) })}
      </span>
    </>
  );
}

/** One leg, step by step; `status`: what the last live check says of it (a leg not OK says so in words). */
export function LegItem({ leg, status }: { leg: Leg; status?: LegStatus | null }) {
  const intl = useIntl();
  const clock = useClock();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const { duration } = useDuration();
  const time = `${clock.at(leg.departure)} – ${clock.at(leg.arrival)}`;
  if (leg.mode === 'WALK')
    return (
      <li className={`${styles.leg} ${styles.legWalk}`}>
        <strong>
          <IconWalk />
          {t('trip.leg.walk', { time: duration(minutes((leg.arrival - leg.departure) / 1000)), to: leg.to.stop_name })}
        </strong>
        <div className={styles.hint}>
          <IconClock />
          {time}
          {leg.distanceMeters != null && ` · ${Math.round(leg.distanceMeters)} m`}
        </div>
      </li>
    );
  return (
    <li className={styles.leg}>
      <strong>
        {leg.mode === 'FERRY' ? <IconFerry /> : <IconBus />}
        {leg.route ? <RouteBadge shortName={leg.route.route_name} color={leg.route.color} textColor={leg.route.text_color} /> : '—'}{' '}
        {leg.headsign ? t('eta.towards', { headsign: leg.headsign }) : ''}
      </strong>
      <LiveMarker leg={leg} />
      {status && status !== 'OK' && (
        <div className={styles.warnText} data-testid="leg-status">
          <IconWarning /> {t(`trip.leg.status.${status}`)}
        </div>
      )}
      <div>{t('trip.leg.board', { stop: leg.from.stop_name, time: clock.at(leg.departure) })}</div>
      <div>{t('trip.leg.alight', { stop: leg.to.stop_name, time: clock.at(leg.arrival) })}</div>
      {leg.stopCount != null && <div className={styles.hint}>{t('trip.leg.stops', { n: leg.stopCount })}</div>}
    </li>
  );
}

/**
 * Whether a ride's times are predicted from live data or the timetable's, in words (not colour alone); a live ride
 * whose predicted departure differs from the timetable also says the timetable's time.
 */
export function LiveMarker({ leg }: { leg: Pick<Leg, 'live' | 'departure' | 'scheduledDeparture'> }) {
  const intl = useIntl();
  const clock = useClock();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  // Older saved trips have no live field: nothing is claimed for them.
  if (leg.live == null) return null;
  const moved = leg.live && clock.at(leg.departure) !== clock.at(leg.scheduledDeparture);
  return (
    <div className={styles.hint} data-testid="leg-live">
      <span className={styles.badge}>
        {leg.live && <span className={styles.liveDot} aria-hidden="true" />}
        {t(leg.live ? 'trip.leg.live' : 'trip.leg.scheduled')}
      </span>
      {moved && <> {t('trip.leg.timetable', { time: clock.at(leg.scheduledDeparture) })}</>}
    </div>
  );
}
