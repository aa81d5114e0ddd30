import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ApiRequestError } from '@sawari/runtime';
import { RouteBadge } from '@sawari/ui';
import { Link, useParams } from 'react-router-dom';
import { ListSkeleton, LoadError, Page, StaleNotice } from '../common/Page';
import { Attribution, WithCity } from '../common/city';
import { FavouriteButton } from '../common/favourites';
import { KeptDepartures } from '../common/KeptDepartures';
import { walkingFromMeters } from '../common/format';
import { paths } from '../common/links';
import { gql, StopArrivalsDocument, StopDocument } from '../common/transit';
import { useLive } from '../common/useLive';
import { ArrivalList } from '../eta/ArrivalList';
import { Disruptions } from '../route-map/RouteView';
import styles from '../common/tracking.module.css';
import own from './nearest.module.css';
import { ROUTES_FOLDED_SHOWN, ROUTES_UNFOLDED, routeGroups, routeRowName } from './stopRoutes';
import type { RouteSummary } from '../common/transit';

const STOP_NOT_FOUND = new ApiRequestError(404, 'STOP_NOT_FOUND', 'No such stop in this city.');

/**
 * The routes calling at the stop: grouped by who runs them, a row each (badge and name, linking to when it comes here);
 * on a busy stop (more than ROUTES_UNFOLDED) each group folded to its first few, "Show all" for the rest.
 */
function StopRoutes({ routes, stopId, stopName }: { routes: readonly RouteSummary[]; stopId: string; stopName: string }) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const [unfolded, setUnfolded] = useState<ReadonlySet<string>>(new Set());
  const groups = routeGroups(routes);
  const folds = routes.length > ROUTES_UNFOLDED;
  return (
    <div className={own.routeGroups}>
      {groups.map((g, i) => {
        const open = !folds || unfolded.has(g.key);
        const shown = open ? g.routes : g.routes.slice(0, ROUTES_FOLDED_SHOWN);
        const listId = `stop-routes-${i}`;
        return (
          <section key={g.key} aria-labelledby={groups.length > 1 ? `${listId}-h` : undefined} data-route-group={g.agency ?? ''}>
            {groups.length > 1 && (
              <h3 id={`${listId}-h`} className={own.groupHeading}>
                {g.agency ?? t('allBuses.otherRoutes')} <span className={own.count}>· {t('allBuses.routeCount', { n: g.routes.length })}</span>
              </h3>
            )}
            <ul id={listId} className={own.routeRows}>
              {shown.map((r) => (
                <li key={r.route_id}>
                  <Link to={paths.eta(r.route_id, stopId, stopName, r.route_name)} className={own.routeRow}>
                    <RouteBadge shortName={r.route_name} color={r.color} textColor={r.text_color} />
                    <span className={own.routeName}>{routeRowName(r)}</span>
                  </Link>
                </li>
              ))}
            </ul>
            {folds && g.routes.length > ROUTES_FOLDED_SHOWN && (
              <button
                type="button"
                className={own.foldButton}
                aria-expanded={open}
                aria-controls={listId}
                onClick={() =>
                  setUnfolded((s) => {
                    const next = new Set(s);
                    if (open) next.delete(g.key);
                    else next.add(g.key);
                    return next;
                  })
                }
              >
                {open ? t('allBuses.showFewer') : t('allBuses.showAll', { n: g.routes.length })}
              </button>
            )}
          </section>
        );
      })}
    </div>
  );
}

function AllBuses({ city, stopId, stopName }: { city: string; stopId: string; stopName: string }) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string>) => intl.formatMessage({ id }, v);
  const stop = useLive((signal) => gql(StopDocument, { city, stopId }, signal).then((r) => r.stop), `${city}|${stopId}|s`, { poll: false });
  const arrivals = useLive((signal) => gql(StopArrivalsDocument, { city, stopId }, signal).then((r) => r.stopArrivals), `${city}|${stopId}|a`);
  // A stop the timetable does not have: said as not found (not as a failed load, which read as "offline").
  if (!stop.loading && !stop.error && stop.data === null) return <LoadError error={STOP_NOT_FOUND} onRetry={stop.retry} />;
  return (
    <>
      <FavouriteButton kind="stop" city={city} refId={stopId} label={stopName} />
      {stop.data && <Disruptions items={stop.data.disruptions} />}
      <h2>{t('allBuses.next')}</h2>
      <StaleNotice error={arrivals.error} />
      {arrivals.loading ? (
        <ListSkeleton />
      ) : arrivals.data ? (
        <ArrivalList arrivals={arrivals.data} now={arrivals.updatedAt ?? Date.now()} showRoute />
      ) : (
        <KeptDepartures city={city} stopId={stopId} error={arrivals.error} fallback={<LoadError error={arrivals.error} onRetry={arrivals.retry} />} />
      )}
      <h2>{t('allBuses.routes')}</h2>
      {stop.loading ? (
        <ListSkeleton rows={2} />
      ) : stop.data ? (
        <StopRoutes routes={stop.data.routes} stopId={stopId} stopName={stopName} />
      ) : (
        <LoadError error={stop.error} onRetry={stop.retry} />
      )}
      <Attribution city={city} />
    </>
  );
}

/** /nearest-bus-stop/all-buses/:stopId/:stopName/:distance: every bus due at a stop, and the routes calling there. */
export default function AllBusesScreen() {
  const intl = useIntl();
  const { stopId = '', stopName = '', distance = '-' } = useParams();
  const meters = Number(distance);
  return (
    <Page
      heading={stopName}
      intro={
        Number.isFinite(meters) && distance !== '-' ? intl.formatMessage({ id: 'nearby.walk' }, { walk: walkingFromMeters(meters, intl.locale) }) : undefined
      }
      back={{ to: paths.nearStops, label: intl.formatMessage({ id: 'nearby.heading' }) }}
    >
      <WithCity>{(city) => <AllBuses city={city} stopId={stopId} stopName={stopName} />}</WithCity>
    </Page>
  );
}
