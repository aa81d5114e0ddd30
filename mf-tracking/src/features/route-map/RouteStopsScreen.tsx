import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { Page } from '../common/Page';
import { WithCity } from '../common/city';
import { paths } from '../common/links';
import { RouteView } from './RouteView';
import styles from '../common/tracking.module.css';

/** /nearest-bus-stop/route-stops?routeId=&stopId=: a route's stops and buses as a list (no map). */
export default function RouteStopsScreen() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const routeId = params.get('routeId') ?? '';
  return (
    <Page heading={intl.formatMessage({ id: 'routeStops.heading' })} back={{ to: paths.nearStops, label: intl.formatMessage({ id: 'nearby.heading' }) }}>
      <WithCity>
        {(city) =>
          routeId ? (
            <RouteView city={city} routeId={routeId} stopId={params.get('stopId')} showMap={false} />
          ) : (
            <p className={styles.empty}>{intl.formatMessage({ id: 'routeStops.none' })}</p>
          )
        }
      </WithCity>
    </Page>
  );
}
