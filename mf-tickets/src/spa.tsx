// The only module the shell imports from this remote: single-spa lifecycles around a root that owns its routes.
import * as React from 'react';
import { matchPath } from 'react-router-dom';
import { createRemoteSpa } from '@sawari/ui/src/remote-spa';
import { api, languageAtom, loadCatalog, sawariStore } from '@sawari/runtime';
import { TICKETS_CATALOG } from './i18n/catalogs';
import type { RideSyncAnswer } from './lib/punch-queue';
import { routes, type Screen } from './routes';

type Preloadable = React.ComponentType & { preload: () => Promise<unknown> };
/**
 * A lazily loaded screen that can be fetched ahead ({@link preloadRoute}): once its chunk is in, it renders at once
 * instead of suspending. The React.lazy path is only taken before that, and never commits content (the chunk is known
 * here before React.lazy hears of it), so a screen never switches component type once shown.
 */
function screen<M>(load: () => Promise<M>, pick: (m: M) => React.ComponentType): Preloadable {
  let loaded: React.ComponentType | null = null;
  const preload = () => load().then((m) => (loaded = pick(m)));
  const Lazy = React.lazy(() => preload().then((c) => ({ default: c })));
  const Screen = () => (loaded ? React.createElement(loaded) : React.createElement(Lazy));
  return Object.assign(Screen, { preload });
}
const own = <M extends { default: React.ComponentType }>(load: () => Promise<M>) => screen(load, (m) => m.default);

// One lazily loaded chunk per screen (or group of screens sharing most of their code).
const routeStop = () => import(/* webpackChunkName: "screen-buy-route" */ './features/buy/route-screens');
const fare = () => import(/* webpackChunkName: "screen-buy-fare" */ './features/buy/fare-screens');

const screens: Record<Screen, Preloadable> = {
  wallet: own(() => import(/* webpackChunkName: "screen-wallet" */ './features/wallet/WalletScreen')),
  showTicket: own(() => import(/* webpackChunkName: "screen-sound-qr" */ './features/sound-qr/ShowTicketScreen')),
  scanQr: own(() => import(/* webpackChunkName: "screen-scan-qr" */ './features/scan-qr/ScanQrScreen')),
  summary: own(() => import(/* webpackChunkName: "screen-summary" */ './features/summary/SummaryScreen')),
  beforeActivation: own(() => import(/* webpackChunkName: "screen-before-activation" */ './features/before-activation/BeforeActivationScreen')),
  rejection: own(() => import(/* webpackChunkName: "screen-verification-rejection" */ './features/verification-rejection/RejectionScreen')),
  singleJourneyTicket: own(() => import(/* webpackChunkName: "screen-single-journey-ticket" */ './features/single-journey-ticket/SingleJourneyTicketScreen')),
  rideHistory: own(() => import(/* webpackChunkName: "screen-ride-history" */ './features/ride-history/RideHistoryScreen')),
  receipt: own(() => import(/* webpackChunkName: "screen-ride-receipt" */ './features/ride-receipt/ReceiptScreen')),
  buyLanding: screen(routeStop, (m) => m.BuyLandingScreen),
  selectRoute: screen(routeStop, (m) => m.SelectRouteScreen),
  selectStop: screen(routeStop, (m) => m.SelectStopScreen),
  selectTicket: screen(fare, (m) => m.SelectTicketScreen),
  userDetails: screen(fare, (m) => m.UserDetailsScreen),
  payForTicket: screen(fare, (m) => m.PayForTicketScreen),
  instantTicket: screen(fare, (m) => m.InstantTicketScreen),
  bookingSuccess: own(() => import(/* webpackChunkName: "screen-success" */ './features/buy/BookingSuccessScreen')),
};

const spa = createRemoteSpa({ name: 'mf_tickets', catalog: TICKETS_CATALOG, routes, screens });

/**
 * Before the first render: the current route's screen chunk and this language's catalog, fetched together. A screen
 * that suspends on its first render shows the Suspense fallback, and React then holds the screen back until 300 ms
 * after that fallback was shown (its fallback throttle): most of a cold start to the ticket QR (docs/wallet-offline.md
 * "Cold start"). A failed fetch is left to the screen (offline panel, error boundary).
 */
export async function preloadRoute(pathname: string = location.pathname): Promise<void> {
  const path = pathname.replace(/^\/app(?=\/|$)/, '') || '/';
  const route = routes.find((r) => matchPath(r.path, path));
  await Promise.all([route ? screens[route.screen].preload() : null, loadCatalog(TICKETS_CATALOG, sawariStore.get(languageAtom))]).catch(() => undefined);
}

export const bootstrap = spa.bootstrap;
export const unmount = spa.unmount;
export const mount: typeof spa.mount = async (props) => {
  await preloadRoute();
  const mounted = await spa.mount(props);
  // Any wallet screen opened online readies the others for offline use (features/wallet/offline.ts), not only the
  // list: screens now render at once, and a rider may open a ticket before the list's own warm-up has run.
  if (location.pathname.startsWith('/app/your-tickets-and-passes') && navigator.onLine)
    setTimeout(() => void import('./features/wallet/offline').then((m) => m.warmUpOffline()).catch(() => undefined), 500);
  return mounted;
};

/**
 * Logout (the shell calls it through loadRemote('mf_tickets/spa') when a session ends): removes the rider's records
 * from the wallet database on this device. Not a lifecycle; single-spa ignores it.
 */
export async function clearRiderData(userId: string): Promise<void> {
  const { clearRider } = await import(/* webpackChunkName: "wallet-db" */ './lib/wallet-db');
  await clearRider(userId);
}

/**
 * Sends the rides this rider recorded offline (the lib's punch queue) to `POST /api/validation/rides/sync`. The shell
 * calls it once the app is idle after start and on `online`, so rides sync even when no tickets screen opens
 * (docs/tickets-ui.md "Offline"). Answers how many were accepted and how many are still queued; never throws.
 */
export async function syncPendingRides(userId: string): Promise<{ accepted: number; pending: number; error: boolean }> {
  try {
    const { syncPunches } = await import(/* webpackChunkName: "wallet-db" */ './lib/punch-queue');
    const outcome = await syncPunches(userId, (body) => api.post<RideSyncAnswer>('/validation/rides/sync', body));
    return { accepted: outcome.accepted.length, pending: outcome.pending, error: outcome.error != null };
  } catch {
    return { accepted: 0, pending: -1, error: true };
  }
}
