import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Page } from '../common/Page';
import { Attribution, useCityId } from '../common/city';
import { paths } from '../common/links';
import { ItinerarySummary, LegItem } from './Itinerary';
import { readSelectedTrip } from './plan';
import styles from '../common/tracking.module.css';

/** /trip-planner/selected-trip-card-details and /live-tracking/selected-trip-details: one itinerary, leg by leg. */
export default function TripDetailsScreen() {
  const intl = useIntl();
  const city = useCityId();
  const trip = readSelectedTrip();
  return (
    <Page heading={intl.formatMessage({ id: 'trip.detailsHeading' })} intro={trip ? `${trip.from} → ${trip.to}` : undefined} back={{ to: paths.planner, label: intl.formatMessage({ id: 'planner.heading' }) }}>
      {trip ? (
        <>
          <div className={styles.card}>
            <ItinerarySummary it={trip.itinerary} />
          </div>
          <h2>{intl.formatMessage({ id: 'trip.legs' })}</h2>
          <ol className={styles.legs}>
            {trip.itinerary.legs.map((leg, i) => (
              <LegItem key={i} leg={leg} />
            ))}
          </ol>
          <Attribution city={city} />
        </>
      ) : (
        <p className={styles.empty}>
          {intl.formatMessage({ id: 'trip.noneSelected' })} <Link to={paths.planner}>{intl.formatMessage({ id: 'planner.heading' })}</Link>
        </p>
      )}
    </Page>
  );
}
