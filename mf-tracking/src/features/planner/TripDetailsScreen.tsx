import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Page } from '../common/Page';
import { Attribution, useCityId } from '../common/city';
import { paths } from '../common/links';
import { ItinerarySummary, LegItem } from './Itinerary';
import { readSelectedTrip } from './plan';
import type { Leg } from '../common/transit';
import styles from '../common/tracking.module.css';

/**
 * "Buy this ticket": each bus of the trip leads to the single-ticket flow of mf-tickets for that route (its existing
 * hand-over, /select-trip/select-route?city=&routeId=), where the rider picks the stops and pays.
 */
function BuyTickets({ city, legs }: { city: string; legs: Leg[] }) {
  const intl = useIntl();
  const routes = [...new Map(legs.filter((l) => l.mode !== 'WALK' && l.route).map((l) => [l.route!.route_id, l.route!.route_name])).entries()];
  if (!routes.length) return null;
  return (
    <ul className={styles.actions} aria-label={intl.formatMessage({ id: 'trip.buyHeading' })}>
      {routes.map(([routeId, name]) => (
        <li key={routeId}>
          <a href={`/app/select-trip/select-route?city=${encodeURIComponent(city)}&routeId=${encodeURIComponent(routeId)}`}>{intl.formatMessage({ id: 'trip.buyTicket' }, { route: name })}</a>
        </li>
      ))}
    </ul>
  );
}

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
          {city && <BuyTickets city={city} legs={trip.itinerary.legs} />}
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
