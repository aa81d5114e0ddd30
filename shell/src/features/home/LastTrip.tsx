// Home's last trip planned (kept on this device, lastTrip.ts): from → to, one tap to plan it again, leaving now.
import { useIntl } from 'react-intl';
import { AppLink } from '../common/nav';
import own from './home.module.css';
import { planAgainPath, readLastTrip } from './lastTrip';

export function LastTrip({ city }: { city: string }) {
  const intl = useIntl();
  const trip = readLastTrip(city);
  if (!trip) return null;
  return (
    <section aria-labelledby="home-trip" data-testid="home-trip">
      <h2 id="home-trip">{intl.formatMessage({ id: 'home.trip.heading' })}</h2>
      <div className={own.trip}>
        <p className={own.tripPlaces}>{intl.formatMessage({ id: 'home.trip.places' }, { from: trip.fromName, to: trip.toName })}</p>
        <AppLink to={planAgainPath(trip)} className={own.pillLink}>
          {intl.formatMessage({ id: 'home.trip.again' })}
        </AppLink>
      </div>
    </section>
  );
}
