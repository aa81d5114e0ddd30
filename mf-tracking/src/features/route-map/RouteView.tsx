import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { RouteBadge } from '@sawari/ui';
import { ListSkeleton, LoadError, StaleNotice } from '../common/Page';
import { Attribution } from '../common/city';
import { FavouriteButton } from '../common/favourites';
import { freshness, routeBadgeLabel } from '@sawari/domain';
import { ageParts } from '../common/format';
import { paths } from '../common/links';
import { gql, RouteDocument, RouteVehiclesDocument, type Disruption, type Route } from '../common/transit';
import { useLive } from '../common/useLive';
import MapView from '../map/MapView';
import { routeRows } from './busesOnRoute';
import styles from '../common/tracking.module.css';

export function Disruptions({ items }: { items: readonly Disruption[] }) {
  const intl = useIntl();
  if (items.length === 0) return null;
  return (
    <>
      {items.map((d) => (
        <div key={d.id} className={styles.disruption} role="note">
          <strong>
            {intl.formatMessage({ id: `disruption.${d.kind}` })}: {d.title}
          </strong>
          <div>{d.description}</div>
        </div>
      ))}
    </>
  );
}

/** Live data at most 90 s old: "updated 20 s ago"; older: "last seen 3 min ago" (shared/domain freshness). */
export function Age({ seconds }: { seconds: number }) {
  const intl = useIntl();
  const f = freshness(0, Math.max(0, seconds) * 1000);
  if (f.kind === 'lastSeen') return <>{intl.formatMessage({ id: 'vehicle.lastSeen' }, { n: f.minutes })}</>;
  const { unit, value } = ageParts(seconds);
  return <>{intl.formatMessage({ id: unit === 's' ? 'vehicle.updatedSeconds' : 'vehicle.updatedMinutes' }, { n: value })}</>;
}

// A route's shape and stops change with a feed import, not within a visit: one request per route and page.
const routeCache = new Map<string, Promise<Route | null>>();
function loadRoute(city: string, routeId: string): Promise<Route | null> {
  const key = `${city}|${routeId}`;
  let p = routeCache.get(key);
  if (!p) {
    p = gql(RouteDocument, { city, routeId }).then((r) => r.route);
    p.catch(() => routeCache.delete(key));
    routeCache.set(key, p);
  }
  return p;
}

export function useRoute(city: string, routeId: string) {
  return useLive(routeId ? () => loadRoute(city, routeId) : null, `${city}|${routeId}`, { poll: false });
}

export function useRouteVehicles(city: string, routeId: string) {
  return useLive((signal) => gql(RouteVehiclesDocument, { city, routeId }, signal).then((r) => r.routeVehicles), `${city}|${routeId}|v`);
}

/**
 * A route: its direction, then its map (optional; first, above the fold on a phone), the route's facts and actions,
 * and the accessible list alternative (each direction's stops in order, with the live
 * buses between them). Used by /live-tracking/route-map/* and /nearest-bus-stop/route-stops.
 */
export function RouteView({ city, routeId, stopId, showMap }: { city: string; routeId: string; stopId?: string | null; showMap: boolean }) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const route = useRoute(city, routeId);
  const vehicles = useRouteVehicles(city, routeId);
  const [dirIndex, setDirIndex] = useState<number | null>(null);

  if (route.loading) return <ListSkeleton rows={5} />;
  if (route.error && !route.data) return <LoadError error={route.error} onRetry={route.retry} />;
  const r = route.data;
  if (!r) return <p className={styles.empty}>{t('route.notFound')}</p>;
  const withStop = stopId ? r.directions.findIndex((d) => d.stops.some((s) => s.stop_id === stopId)) : -1;
  const active = r.directions[dirIndex ?? Math.max(0, withStop)] ?? r.directions[0];
  const buses = vehicles.data ?? [];
  const rows = active ? routeRows(active, r.directions, buses) : [];
  const listId = 'route-stop-list';

  return (
    <>
      {r.directions.length > 1 && (
        <div className={styles.tabs} role="group" aria-label={t('route.direction')}>
          {r.directions.map((d, i) => (
            <button key={d.directionId} type="button" className={styles.tab} aria-pressed={d === active} onClick={() => setDirIndex(i)}>
              {t('route.towards', { headsign: d.headsign })}
            </button>
          ))}
        </div>
      )}
      {showMap && active && (
        <MapView
          directions={[active]}
          stops={active.stops}
          buses={buses.filter((b) => rows.some((row) => row.kind === 'bus' && row.vehicle.vNo === b.vNo))}
          selectedStopId={stopId}
          color={r.color ? `#${r.color.replace(/^#/, '')}` : null}
          listId={listId}
        />
      )}
      <p className={styles.hint}>
        <RouteBadge shortName={r.route_name} color={r.color} textColor={r.text_color} />{' '}
        {[(r.route_long_name !== r.route_name || routeBadgeLabel(r.route_name).abbreviated) && r.route_long_name, r.agency_name].filter(Boolean).join(' · ')}
      </p>
      <div className={styles.actions}>
        <Link to={paths.timetable(r.route_id, stopId)}>{t('route.timetable')}</Link>
        {stopId && active && (
          <Link to={paths.eta(r.route_id, stopId, active.stops.find((s) => s.stop_id === stopId)?.stop_name ?? stopId, r.route_name)}>{t('route.eta')}</Link>
        )}
      </div>
      <FavouriteButton kind="route" city={city} refId={r.route_id} label={r.route_name} detail={r.route_long_name ?? ''} />
      <Disruptions items={r.disruptions} />
      <StaleNotice error={vehicles.error} />
      <h2 id={listId}>{t('route.stopsHeading', { stops: active?.stops.length ?? 0, buses: rows.filter((x) => x.kind === 'bus').length })}</h2>
      {vehicles.loading && <p role="status">{t('route.loadingBuses')}</p>}
      <ol className={styles.stopList} aria-labelledby={listId}>
        {rows.map((row) =>
          row.kind === 'stop' ? (
            <li
              key={`s-${row.index}`}
              className={`${styles.stopItem} ${row.stopId === stopId ? styles.current : ''}`}
              aria-current={row.stopId === stopId ? 'location' : undefined}
            >
              <Link to={paths.eta(r.route_id, row.stopId, row.name, r.route_name)}>{row.name}</Link>
            </li>
          ) : (
            <li key={`b-${row.vehicle.vNo}`} className={styles.busItem}>
              <Link to={paths.vehicle(r.route_id, row.vehicle.vNo)}>{t('route.busBetween', { vNo: row.vehicle.vNo })}</Link>{' '}
              <span className={styles.hint}>
                (<Age seconds={row.vehicle.ageSeconds} />)
              </span>
            </li>
          ),
        )}
      </ol>
      <Attribution city={city} />
    </>
  );
}
