// The next buses at a stop, as Home shows them: route badge in the feed's colours, where it goes, and when — "in 4 min"
// marked Live from a fresh position, or the timetable's time marked Scheduled. Transit GraphQL (the same operations
// mf-tracking sends, generated from its .graphql files: one source for the wire); the client loads with the first query.
import { useIntl } from 'react-intl';
import { clockText } from '@sawari/domain';
import { serverNow } from '@sawari/runtime';
import { transitQuery } from './transit';
import { StopArrivalsDocument, StopDocument } from '@sawari/contracts/src/generated/mf-tracking';
import { IconLive, IconScheduled, RouteBadge as SharedRouteBadge } from '@sawari/ui';
import { ListSkeleton } from '../common/Page';
import { AppLink } from '../common/nav';
import { useAsync } from '../common/useAsync';
import own from './home.module.css';
import { nextDepartures, stopPath, type Departure } from './departures';
import { SectionProblem } from './SectionProblem';

/** A route's badge (shared/ui: the feed's colours, contrast checked, a readable default). */
export function RouteBadge({ name, color, textColor }: { name: string; color: string | null; textColor: string | null }) {
  return <SharedRouteBadge shortName={name} color={color} textColor={textColor} className={own.badge} />;
}

function When({ d }: { d: Departure }) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  if (d.status.kind === 'scheduled')
    return (
      <span className={own.when}>
        <span>{clockText(d.status.at, intl.locale)}</span>
        <span className={own.scheduled}>
          <IconScheduled size="1em" /> {t('home.dep.scheduled')}
        </span>
      </span>
    );
  return (
    <span className={own.when}>
      <span>{d.status.minutes === 0 ? t('home.dep.now') : t('home.dep.in', { n: d.status.minutes })}</span>
      <span className={d.status.kind === 'live' ? own.live : own.scheduled}>
        {d.status.kind === 'live' ? <IconLive size="1em" /> : <IconScheduled size="1em" />}{' '}
        {t(d.status.kind === 'live' ? 'home.dep.live' : 'home.dep.estimated')}
      </span>
    </span>
  );
}

export function DepartureList({ departures }: { departures: Departure[] }) {
  const intl = useIntl();
  return (
    <ul className={own.departures}>
      {departures.map((d) => (
        <li key={d.key} data-route-id={d.routeId} data-live={d.status.kind === 'live' ? '' : undefined}>
          <RouteBadge name={d.routeName} color={d.color} textColor={d.textColor} />
          <span className={own.headsign}>{d.headsign ? intl.formatMessage({ id: 'home.dep.towards' }, { to: d.headsign }) : ''}</span>
          <When d={d} />
        </li>
      ))}
    </ul>
  );
}

/** One stop's card: its name (to every bus there), how far, its next three buses. */
export function StopDepartures({ city, stopId, name, distanceMeters }: { city: string; stopId: string; name: string; distanceMeters?: number | null }) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const data = useAsync(
    () => Promise.all([transitQuery(StopDocument, { city, stopId }), transitQuery(StopArrivalsDocument, { city, stopId })]),
    `${city}|${stopId}`,
  );
  const stopName = data.status === 'ready' ? (data.data[0].stop?.stop_name ?? name) : name;
  return (
    <li className={own.stop} data-stop-id={stopId}>
      <h3>
        <AppLink to={stopPath(stopId, stopName, distanceMeters)}>{stopName}</AppLink>
        {distanceMeters != null && <span className={own.distance}>{t('home.near.distance', { m: Math.round(distanceMeters) })}</span>}
      </h3>
      {data.status === 'loading' && <ListSkeleton rows={1} />}
      {data.status === 'error' && <SectionProblem error={data.error} message={t('home.near.error')} onRetry={data.retry} />}
      {data.status === 'ready' &&
        (() => {
          // A cancelled bus, or one that drives past this stop, is never one of the next buses (the stop's screen lists it, marked).
          const departures = nextDepartures(
            data.data[1].stopArrivals.filter((a) => !a.cancellation),
            data.data[0].stop?.routes ?? [],
            serverNow(),
          );
          return departures.length ? <DepartureList departures={departures} /> : <p className={own.muted}>{t('home.near.noBuses')}</p>;
        })()}
    </li>
  );
}
