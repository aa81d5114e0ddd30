import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Page } from '../common/Page';
import { Attribution, useCityId } from '../common/city';
import { paths } from '../common/links';
import { ItinerarySummary, LegItem } from './Itinerary';
import { ItineraryFare } from './Fare';
import { LiveCheck, withCheck, type Check } from './LiveCheck';
import ItineraryMap from './ItineraryMap';
import { BuyJourney } from './BuyJourney';
import { buyTicketHref, readSelectedTrip } from './plan';
import type { Leg } from '../common/transit';
import styles from '../common/tracking.module.css';

/**
 * "Buy this ticket": each bus of the trip leads straight to mf-tickets' single-ticket checkout for that ride (its
 * hand-over /select-trip/select-route?city=&routeId=&from=&to=: route and stops chosen, the ticket and its fare next).
 */
function BuyTickets({ city, legs }: { city: string; legs: Leg[] }) {
  const intl = useIntl();
  const rides = legs.filter((l) => l.mode !== 'WALK' && l.route && l.from.stop_id && l.to.stop_id);
  if (!rides.length) return null;
  const links = (
    <ul className={styles.actions} aria-label={intl.formatMessage({ id: 'trip.buyHeading' })}>
      {rides.map((l, i) => (
        <li key={i}>
          <a href={buyTicketHref(city, { routeId: l.route!.route_id, fromStopId: l.from.stop_id, toStopId: l.to.stop_id })}>
            {rides.length === 1
              ? intl.formatMessage({ id: 'trip.buyThis' })
              : intl.formatMessage({ id: 'trip.buyRide' }, { route: l.route!.route_name, from: l.from.stop_name, to: l.to.stop_name })}
          </a>
        </li>
      ))}
    </ul>
  );
  // Two buses or more: one order and one checkout for the whole journey, a ticket per bus (BuyJourney.tsx); the
  // separate tickets only when the journey has no fare to sell as one.
  return rides.length > 1 ? <BuyJourney city={city} it={{ legs }} fallback={links} /> : links;
}

/** /trip-planner/selected-trip-card-details and /live-tracking/selected-trip-details: one itinerary, leg by leg. */
export default function TripDetailsScreen() {
  const intl = useIntl();
  const city = useCityId();
  const [trip] = useState(readSelectedTrip);
  // The last live check: every leg's shown times become the predicted ones (marked Live), the summary's too.
  const [check, setCheck] = useState<Check | null>(null);
  const shown = useMemo(() => (trip ? withCheck(trip.itinerary, check) : null), [trip, check]);
  return (
    <Page
      heading={intl.formatMessage({ id: 'trip.detailsHeading' })}
      intro={trip ? `${trip.from} → ${trip.to}` : undefined}
      back={{ to: paths.planner, label: intl.formatMessage({ id: 'planner.heading' }) }}
    >
      {trip ? (
        <>
          <div className={styles.card}>
            <ItinerarySummary it={shown!.itinerary} />
            {city && <ItineraryFare city={city} it={trip.itinerary} />}
          </div>
          {city && <LiveCheck city={city} it={trip.itinerary} onCheck={setCheck} />}
          {city && <ItineraryMap city={city} itinerary={trip.itinerary} listId="trip-legs" />}
          <h2 id="trip-legs">{intl.formatMessage({ id: 'trip.legs' })}</h2>
          <ol className={styles.legs}>
            {shown!.itinerary.legs.map((leg, i) => (
              <LegItem key={i} leg={leg} status={shown!.statuses?.[i]} />
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
