// /great-escape and /great-escape/:city: event and weekend trips on their dates.
import { Page, PremiumGate, RequireSignIn, useT } from '../common/ui';
import { Landing } from './Landing';

/** /great-escape and /great-escape/:city: event and weekend trips on their dates. */
export function EscapeScreen() {
  const t = useT();
  return (
    <Page heading={t('escape.heading')} intro={t('escape.intro')}>
      <RequireSignIn>
        <PremiumGate>{(city) => <Landing city={city} product="EVENT" />}</PremiumGate>
      </RequireSignIn>
    </Page>
  );
}
