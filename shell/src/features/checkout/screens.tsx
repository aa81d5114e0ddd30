// The checkout's screens as the layout draws them (Layout.tsx SCREENS): each inside the provider of the checkout's own
// messages (i18n/catalogs.ts). Component tests draw the screens themselves, with both catalogues (test/render.tsx).
import type { ComponentType } from 'react';
import { SawariIntlProvider } from '@sawari/runtime';
import { Skeleton } from '@sawari/ui';
import type { ScreenProps } from '../../layout/screen';
import { CHECKOUT_CATALOG } from './i18n/catalogs';
import CheckoutScreen, { CardCheckoutScreen, CashCheckoutScreen, NetbankingCheckoutScreen, UpiCheckoutScreen, WalletCheckoutScreen } from './CheckoutScreen';
import ResumeScreen from './ResumeScreen';

/** While the checkout's messages load (a moment, the first time only): grey bars, announced once as loading. */
const loading = (
  <div role="status" aria-label="Loading" style={{ maxWidth: '44rem', margin: '0 auto', padding: '1.25rem 1rem', display: 'grid', gap: '0.75rem' }}>
    <Skeleton width="60%" height="2rem" />
    <Skeleton height="3.25rem" />
  </div>
);

function withCheckoutMessages<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  const WithCheckoutMessages = (props: P) => (
    <SawariIntlProvider remote={CHECKOUT_CATALOG} fallback={loading}>
      <Screen {...props} />
    </SawariIntlProvider>
  );
  WithCheckoutMessages.displayName = `WithCheckoutMessages(${Screen.displayName ?? Screen.name})`;
  return WithCheckoutMessages;
}

export const Checkout = withCheckoutMessages<ScreenProps>(CheckoutScreen);
export const CardCheckout = withCheckoutMessages<ScreenProps>(CardCheckoutScreen);
export const WalletCheckout = withCheckoutMessages<ScreenProps>(WalletCheckoutScreen);
export const UpiCheckout = withCheckoutMessages<ScreenProps>(UpiCheckoutScreen);
export const NetbankingCheckout = withCheckoutMessages<ScreenProps>(NetbankingCheckoutScreen);
export const CashCheckout = withCheckoutMessages<ScreenProps>(CashCheckoutScreen);
export const Resume = withCheckoutMessages<ScreenProps>(ResumeScreen);
