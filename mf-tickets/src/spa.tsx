// The only module the shell imports from this remote: single-spa lifecycles around a root that owns its routes.
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { Provider } from 'jotai';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { SawariIntlProvider, sawariStore } from '@sawari/runtime';
import { Skeleton } from '@sawari/ui';
import { TICKETS_CATALOG } from './i18n/catalogs';
import { routes, type Screen } from './routes';
import { ScreenErrorBoundary } from '@sawari/ui/src/intl';

// One lazily loaded chunk per screen (or group of screens sharing most of their code).
const item = () => import(/* webpackChunkName: "screen-item" */ './features/wallet/ItemScreens');
const rides = () => import(/* webpackChunkName: "screen-rides" */ './features/rides/RideScreens');
const routeStop = () => import(/* webpackChunkName: "screen-buy-route" */ './features/buy/RouteStopScreens');
const fare = () => import(/* webpackChunkName: "screen-buy-fare" */ './features/buy/FareScreens');
const named = <M,>(load: () => Promise<M>, name: keyof M) => React.lazy(() => load().then((m) => ({ default: m[name] as unknown as React.ComponentType })));

const screens: Record<Screen, React.LazyExoticComponent<React.ComponentType>> = {
  wallet: React.lazy(() => import(/* webpackChunkName: "screen-wallet" */ './features/wallet/WalletScreen')),
  showTicket: React.lazy(() => import(/* webpackChunkName: "screen-show" */ './features/show/ShowTicketScreen')),
  scanQr: React.lazy(() => import(/* webpackChunkName: "screen-scan" */ './features/scan/ScanQrScreen')),
  summary: named(item, 'SummaryScreen'),
  beforeActivation: named(item, 'BeforeActivationScreen'),
  rejection: named(item, 'RejectionScreen'),
  singleJourneyTicket: named(item, 'SingleJourneyTicketScreen'),
  rideHistory: named(rides, 'RideHistoryScreen'),
  receipt: named(rides, 'ReceiptScreen'),
  buyLanding: named(routeStop, 'BuyLandingScreen'),
  selectRoute: named(routeStop, 'SelectRouteScreen'),
  selectStop: named(routeStop, 'SelectStopScreen'),
  selectTicket: named(fare, 'SelectTicketScreen'),
  userDetails: named(fare, 'UserDetailsScreen'),
  payForTicket: named(fare, 'PayForTicketScreen'),
  instantTicket: named(fare, 'InstantTicketScreen'),
  bookingSuccess: React.lazy(() => import(/* webpackChunkName: "screen-success" */ './features/buy/BookingSuccessScreen')),
};

function Loading() {
  return (
    <div style={{ maxWidth: '44rem', margin: '0 auto', padding: '1.25rem 1rem', display: 'grid', gap: '0.75rem' }} role="status" aria-label="Loading">
      <Skeleton width="60%" height="2rem" />
      <Skeleton height="3.25rem" />
      <Skeleton height="3.25rem" />
    </div>
  );
}

function Root() {
  return (
    <Provider store={sawariStore}>
      <SawariIntlProvider remote={TICKETS_CATALOG} fallback={<Loading />}>
        <BrowserRouter basename="/app">
          <ScreenErrorBoundary remote="mf_tickets">
            <React.Suspense fallback={<Loading />}>
              <Routes>
                {routes.map((r) => {
                  const Screen = screens[r.screen];
                  return <Route key={r.path} path={r.path} element={<Screen />} />;
                })}
              </Routes>
            </React.Suspense>
          </ScreenErrorBoundary>
        </BrowserRouter>
      </SawariIntlProvider>
    </Provider>
  );
}

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: Root,
  // The shell passes the element to mount into (#sawari-outlet) as a prop; this is only the fallback.
  domElementGetter: () => document.getElementById('sawari-outlet') ?? document.body,
  errorBoundary: () => <p role="alert">This part of Sawari failed. Reload the page to try again.</p>,
});

export const { bootstrap, mount, unmount } = lifecycles;

/**
 * Logout (the shell calls it through loadRemote('mf_tickets/spa') when a session ends): removes the rider's records
 * from the wallet database on this device. Not a lifecycle; single-spa ignores it.
 */
export async function clearRiderData(userId: string): Promise<void> {
  const { clearRider } = await import(/* webpackChunkName: "wallet-db" */ './lib/wallet-db');
  await clearRider(userId);
}
