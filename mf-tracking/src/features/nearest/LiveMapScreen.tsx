import { useIntl } from 'react-intl';
import { ListSkeleton, LoadError, Page } from '../common/Page';
import { Attribution, WithCity } from '../common/city';
import { paths } from '../common/links';
import MapView from '../map/MapView';
import { LocationProblem, NearbyList, useNearbyStops, useOrigin } from './Nearby';

function LiveMap({ city }: { city: string }) {
  const intl = useIntl();
  const { origin, geo, locate } = useOrigin();
  const near = useNearbyStops(city, origin);
  if (!origin) return <LocationProblem geo={geo} locate={locate} city={city} />;
  if (near.loading) return <ListSkeleton />;
  if (!near.data) return <LoadError error={near.error} onRetry={near.retry} />;
  return (
    <>
      <MapView stops={near.data.map((n) => n.stop)} listId="near-list" />
      <h2 id="near-list">{intl.formatMessage({ id: 'nearby.listHeading' })}</h2>
      <NearbyList stops={near.data} />
      <Attribution city={city} />
    </>
  );
}

/** /nearest-bus-stop/live-map: the stops around the rider on a map, with the same stops as a list. */
export default function LiveMapScreen() {
  const intl = useIntl();
  return (
    <Page heading={intl.formatMessage({ id: 'liveMap.heading' })} back={{ to: paths.nearStops, label: intl.formatMessage({ id: 'nearby.heading' }) }}>
      <WithCity>{(city) => <LiveMap city={city} />}</WithCity>
    </Page>
  );
}
