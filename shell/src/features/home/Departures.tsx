// The next buses at a stop, as Home shows them: a row per line and direction (route badge in the feed's colours, where
// it goes), its next bus "in 4 min" (the clock time beyond an hour) marked Live from a fresh position, Estimated or
// Scheduled, and the one after. Transit GraphQL (the same operations
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
import { departureGroups, departureWhen, stopPath, type Departure, type DepartureGroup } from './departures';
import { SectionProblem } from './SectionProblem';

/** A route's badge (shared/ui: the feed's colours, contrast checked, a readable default). */
export function RouteBadge({ name, color, textColor }: { name: string; color: string | null; textColor: string | null }) {
  return <SharedRouteBadge shortName={name} color={color} textColor={textColor} className={own.badge} />;
}

function Marker({ d }: { d: Departure }) {
  const intl = useIntl();
  const kind = d.status.kind;
  return (
    <span className={kind === 'live' ? own.live : own.scheduled}>
      {kind === 'live' ? <IconLive size="1em" /> : <IconScheduled size="1em" />}{' '}
      {intl.formatMessage({ id: kind === 'live' ? 'home.dep.live' : kind === 'estimated' ? 'home.dep.estimated' : 'home.dep.scheduled' })}
    </span>
  );
}

/** "now", "in 4 min" up to an hour ahead, the clock time beyond (departureWhen). */
function whenText(d: Departure, now: number, intl: ReturnType<typeof useIntl>): string {
  const w = departureWhen(d.status, now);
  if (w.kind === 'at') return clockText(w.at, intl.locale);
  return w.minutes === 0 ? intl.formatMessage({ id: 'home.dep.now' }) : intl.formatMessage({ id: 'home.dep.in' }, { n: w.minutes });
}

/** A row per line and direction: its badge, where it goes, its next bus (Live, Estimated or Scheduled) and the one after. */
export function DepartureList({ groups, now }: { groups: DepartureGroup[]; now: number }) {
  const intl = useIntl();
  return (
    <ul className={own.departures}>
      {groups.map((g) => {
        const [first, ...then] = g.next;
        return (
          <li key={g.key} data-route-id={g.routeId} data-live={first.status.kind === 'live' ? '' : undefined}>
            <RouteBadge name={g.routeName} color={g.color} textColor={g.textColor} />
            <span className={own.headsign}>{g.headsign ? intl.formatMessage({ id: 'home.dep.towards' }, { to: g.headsign }) : ''}</span>
            <span className={own.when}>
              <span>{whenText(first, now, intl)}</span>
              <Marker d={first} />
              {then.length > 0 && (
                <span className={own.then}>{intl.formatMessage({ id: 'home.dep.then' }, { when: then.map((d) => whenText(d, now, intl)).join(', ') })}</span>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** One stop's card: its name (to every bus there), how far, its next buses by line and direction. */
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
          const now = serverNow();
          const groups = departureGroups(
            data.data[1].stopArrivals.filter((a) => !a.cancellation),
            data.data[0].stop?.routes ?? [],
            now,
          );
          return groups.length ? <DepartureList groups={groups} now={now} /> : <p className={own.muted}>{t('home.near.noBuses')}</p>;
        })()}
    </li>
  );
}
