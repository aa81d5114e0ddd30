import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { Page } from '../common/Page';
import { WithCity } from '../common/city';
import { paths } from '../common/links';
import { Departures } from './TimetableView';
import styles from '../common/tracking.module.css';

/** /nearest-bus-stop/timings?routeId=&stopId=&stopName=: one route's timings at a nearby stop. */
export default function TimingsScreen() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const routeId = params.get('routeId') ?? '';
  const stopId = params.get('stopId') ?? '';
  return (
    <Page
      heading={intl.formatMessage({ id: 'timings.heading' }, { stop: params.get('stopName') ?? stopId })}
      back={{ to: paths.nearStops, label: intl.formatMessage({ id: 'nearby.heading' }) }}
    >
      <WithCity>
        {(city) =>
          routeId && stopId ? (
            <Departures city={city} routeId={routeId} stopId={stopId} />
          ) : (
            <p className={styles.empty}>{intl.formatMessage({ id: 'routeStops.none' })}</p>
          )
        }
      </WithCity>
    </Page>
  );
}
