import { useIntl } from 'react-intl';
import { ApiRequestError } from '@sawari/runtime';
import { RouteBadge } from '@sawari/ui';
import { Link, useParams } from 'react-router-dom';
import { ListSkeleton, LoadError, Page, StaleNotice } from '../common/Page';
import { Attribution, WithCity } from '../common/city';
import { FavouriteButton } from '../common/favourites';
import { walkingFromMeters } from '../common/format';
import { paths } from '../common/links';
import { gql, StopArrivalsDocument, StopDocument } from '../common/transit';
import { useLive } from '../common/useLive';
import { ArrivalList } from '../eta/ArrivalList';
import { Disruptions } from '../route-map/RouteView';
import styles from '../common/tracking.module.css';

const STOP_NOT_FOUND = new ApiRequestError(404, 'STOP_NOT_FOUND', 'No such stop in this city.');

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
        <LoadError error={arrivals.error} onRetry={arrivals.retry} />
      )}
      <h2>{t('allBuses.routes')}</h2>
      {stop.loading ? (
        <ListSkeleton rows={2} />
      ) : stop.data ? (
        <ul className={styles.cards}>
          {stop.data.routes.map((r) => (
            <li key={r.route_id} className={styles.card}>
              <span className={styles.cardTitle}>
                <RouteBadge shortName={r.route_name} color={r.color} textColor={r.text_color} /> {r.route_long_name !== r.route_name && r.route_long_name}
              </span>
              <span className={styles.actions} style={{ marginBottom: 0 }}>
                <Link to={paths.routeMap(r.route_id, stopId)}>{t('allBuses.map')}</Link>
                <Link to={paths.eta(r.route_id, stopId, stopName, r.route_name)}>{t('route.eta')}</Link>
                <Link
                  to={`/nearest-bus-stop/timings?routeId=${encodeURIComponent(r.route_id)}&stopId=${encodeURIComponent(stopId)}&stopName=${encodeURIComponent(stopName)}`}
                >
                  {t('route.timetable')}
                </Link>
              </span>
            </li>
          ))}
        </ul>
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
      intro={Number.isFinite(meters) && distance !== '-' ? intl.formatMessage({ id: 'nearby.walk' }, { walk: walkingFromMeters(meters) }) : undefined}
      back={{ to: paths.nearStops, label: intl.formatMessage({ id: 'nearby.heading' }) }}
    >
      <WithCity>{(city) => <AllBuses city={city} stopId={stopId} stopName={stopName} />}</WithCity>
    </Page>
  );
}
