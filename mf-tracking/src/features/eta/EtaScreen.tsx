import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { ListSkeleton, LoadError, Page, StaleNotice } from '../common/Page';
import { Attribution, WithCity } from '../common/city';
import { FavouriteButton } from '../common/favourites';
import { paths } from '../common/links';
import { gql, RouteArrivalsDocument } from '../common/transit';
import { useLive } from '../common/useLive';
import { useRemember } from '../common/useRemember';
import { ArrivalList } from './ArrivalList';
import styles from '../common/tracking.module.css';

function Etas({ city, routeId, stopId, stopName, routeName }: { city: string; routeId: string; stopId: string; stopName: string; routeName: string }) {
  const intl = useIntl();
  const live = useLive((signal) => gql(RouteArrivalsDocument, { city, stopId, routeId }, signal).then((r) => r.stopArrivals), `${city}|${stopId}|${routeId}`);
  useRemember(live.data ? intl.formatMessage({ id: 'eta.heading' }, { route: routeName, stop: stopName }) : null);
  if (live.loading) return <ListSkeleton />;
  if (!live.data) return <LoadError error={live.error} onRetry={live.retry} />;
  return (
    <>
      <StaleNotice error={live.error} />
      <ArrivalList arrivals={live.data} now={live.updatedAt ?? Date.now()} showRoute={false} />
      <div className={styles.actions}>
        <Link to={paths.routeMap(routeId, stopId)}>{intl.formatMessage({ id: 'eta.routeMap' })}</Link>
        <Link to={paths.timetable(routeId, stopId)}>{intl.formatMessage({ id: 'route.timetable' })}</Link>
      </div>
      <FavouriteButton kind="stop" city={city} refId={stopId} label={stopName} />
      <Attribution city={city} />
    </>
  );
}

/** /live-tracking/estimate-arrival-time/:routeId/:stopId/:stopName/:routeName: when the route's next buses come. */
export default function EtaScreen() {
  const intl = useIntl();
  const { routeId = '', stopId = '', stopName = '', routeName = '' } = useParams();
  return (
    <Page
      heading={intl.formatMessage({ id: 'eta.heading' }, { route: routeName, stop: stopName })}
      back={{ to: paths.routeMap(routeId, stopId), label: intl.formatMessage({ id: 'vehicle.backToRoute' }) }}
    >
      <WithCity>{(city) => <Etas city={city} routeId={routeId} stopId={stopId} stopName={stopName} routeName={routeName} />}</WithCity>
    </Page>
  );
}
