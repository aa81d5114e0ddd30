// The only module the shell imports from this remote: single-spa lifecycles around a root that owns its routes.
import { createRemoteSpa, lazyScreen, type LazyScreen } from '@sawari/ui/src/remote-spa';
import { api } from '@sawari/runtime';
import { TICKETS_CATALOG } from './i18n/catalogs';
import type { RideSyncAnswer } from './lib/punch-queue';
import { routes, type Screen } from './routes';

// One lazily loaded chunk per screen (or group of screens sharing most of their code). createRemoteSpa's mount fetches
// the current route's screen and the catalog before the first render (docs/wallet-offline.md "Cold start").
const routeStop = () => import(/* webpackChunkName: "screen-buy-route" */ './features/buy/route-screens');
const fare = () => import(/* webpackChunkName: "screen-buy-fare" */ './features/buy/fare-screens');

const screens: Record<Screen, LazyScreen> = {
  wallet: lazyScreen(() => import(/* webpackChunkName: "screen-wallet" */ './features/wallet/WalletScreen')),
  showTicket: lazyScreen(() => import(/* webpackChunkName: "screen-sound-qr" */ './features/sound-qr/ShowTicketScreen')),
  scanQr: lazyScreen(() => import(/* webpackChunkName: "screen-scan-qr" */ './features/scan-qr/ScanQrScreen')),
  summary: lazyScreen(() => import(/* webpackChunkName: "screen-summary" */ './features/summary/SummaryScreen')),
  beforeActivation: lazyScreen(() => import(/* webpackChunkName: "screen-before-activation" */ './features/before-activation/BeforeActivationScreen')),
  rejection: lazyScreen(() => import(/* webpackChunkName: "screen-verification-rejection" */ './features/verification-rejection/RejectionScreen')),
  singleJourneyTicket: lazyScreen(
    () => import(/* webpackChunkName: "screen-single-journey-ticket" */ './features/single-journey-ticket/SingleJourneyTicketScreen'),
  ),
  rideHistory: lazyScreen(() => import(/* webpackChunkName: "screen-ride-history" */ './features/ride-history/RideHistoryScreen')),
  receipt: lazyScreen(() => import(/* webpackChunkName: "screen-ride-receipt" */ './features/ride-receipt/ReceiptScreen')),
  buyLanding: lazyScreen(routeStop, (m) => m.BuyLandingScreen),
  selectRoute: lazyScreen(routeStop, (m) => m.SelectRouteScreen),
  selectStop: lazyScreen(routeStop, (m) => m.SelectStopScreen),
  selectTicket: lazyScreen(fare, (m) => m.SelectTicketScreen),
  userDetails: lazyScreen(fare, (m) => m.UserDetailsScreen),
  payForTicket: lazyScreen(fare, (m) => m.PayForTicketScreen),
  instantTicket: lazyScreen(fare, (m) => m.InstantTicketScreen),
  bookingSuccess: lazyScreen(() => import(/* webpackChunkName: "screen-success" */ './features/buy/BookingSuccessScreen')),
};

const spa = createRemoteSpa({ name: 'mf_tickets', catalog: TICKETS_CATALOG, routes, screens });

export const bootstrap = spa.bootstrap;
export const unmount = spa.unmount;
export const mount: typeof spa.mount = async (props) => {
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
