import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { ListSkeleton, LoadError, Page } from '../common/Page';
import { Attribution, WithCity } from '../common/city';
import { paths } from '../common/links';
import { LocationProblem, NearbyList, useNearbyStops, useOrigin } from './Nearby';
import styles from '../common/tracking.module.css';

function Near({ city }: { city: string }) {
  const intl = useIntl();
  const { origin, geo, locate } = useOrigin();
  const near = useNearbyStops(city, origin);
  if (!origin) return <LocationProblem geo={geo} locate={locate} city={city} />;
  return (
    <>
      {origin.name && <p className={styles.hint}>{intl.formatMessage({ id: 'nearby.around' }, { place: origin.name })}</p>}
      <div className={styles.actions}>
        <Link to={`${paths.liveMap}?lat=${origin.lat}&lon=${origin.lon}`}>{intl.formatMessage({ id: 'nearby.onMap' })}</Link>
      </div>
      {near.loading ? <ListSkeleton /> : near.data ? <NearbyList stops={near.data} /> : <LoadError error={near.error} onRetry={near.retry} />}
      <Attribution city={city} />
    </>
  );
}

/** /nearest-bus-stop/near-bus-stops: stops around the rider (or a chosen place), nearest first. */
export default function NearStopsScreen() {
  const intl = useIntl();
  return (
    <Page heading={intl.formatMessage({ id: 'nearby.heading' })} back={{ to: paths.landing, label: intl.formatMessage({ id: 'landing.heading' }) }}>
      <WithCity>{(city) => <Near city={city} />}</WithCity>
    </Page>
  );
}
