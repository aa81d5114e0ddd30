// /premium-buses: the premium lines of the city, a stop search, and the rider's bookings.
import { Page, PremiumGate, RequireSignIn, useT } from '../common/ui';
import { Landing } from './Landing';

/** /premium-buses: the premium lines of the city, a stop search, and the rider's bookings (with any pop-up once). */
export function LandingScreen() {
  const t = useT();
  return (
    <Page heading={t('landing.heading')} intro={t('landing.intro')}>
      <RequireSignIn>
        <PremiumGate>{(city) => <Landing city={city} product="PREMIUM" />}</PremiumGate>
      </RequireSignIn>
    </Page>
  );
}
