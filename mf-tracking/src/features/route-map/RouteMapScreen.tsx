import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { Page } from '../common/Page';
import { WithCity } from '../common/city';
import { paths } from '../common/links';
import { RouteView, useRoute } from './RouteView';
import { useRemember } from '../common/useRemember';

function Heading({ city, routeId }: { city: string; routeId: string }) {
  const intl = useIntl();
  const route = useRoute(city, routeId);
  const heading = intl.formatMessage({ id: 'route.heading' }, { route: route.data?.route_name ?? routeId });
  useRemember(route.data ? heading : null);
  return <>{heading}</>;
}

/** /live-tracking/route-map/:routeId[/:stopId]: the route's shape, stops and live buses, map and list. */
export default function RouteMapScreen() {
  const intl = useIntl();
  const { routeId = '', stopId } = useParams();
  return (
    <WithCity>
      {(city) => (
        <Page heading={<Heading city={city} routeId={routeId} />} back={{ to: paths.landing, label: intl.formatMessage({ id: 'landing.heading' }) }}>
          <RouteView city={city} routeId={routeId} stopId={stopId} showMap />
        </Page>
      )}
    </WithCity>
  );
}
