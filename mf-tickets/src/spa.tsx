// The only module the shell imports from this remote: single-spa lifecycles around a root that owns its routes.
import * as React from 'react';
import { createRemoteSpa, lazyNamed as lazy } from '@sawari/ui/src/remote-spa';
import { api } from '@sawari/runtime';
import { TICKETS_CATALOG } from './i18n/catalogs';
import type { RideSyncAnswer } from './lib/punch-queue';
import { routes, type Screen } from './routes';

// One lazily loaded chunk per screen (or group of screens sharing most of their code).
const routeStop = () => import(/* webpackChunkName: "screen-buy-route" */ './features/buy/RouteStopScreens');
const fare = () => import(/* webpackChunkName: "screen-buy-fare" */ './features/buy/FareScreens');

const screens: Record<Screen, React.ComponentType> = {
  wallet: React.lazy(() => import(/* webpackChunkName: "screen-wallet" */ './features/wallet/WalletScreen')),
  showTicket: React.lazy(() => import(/* webpackChunkName: "screen-sound-qr" */ './features/sound-qr/ShowTicketScreen')),
  scanQr: React.lazy(() => import(/* webpackChunkName: "screen-scan-qr" */ './features/scan-qr/ScanQrScreen')),
  summary: React.lazy(() => import(/* webpackChunkName: "screen-summary" */ './features/summary/SummaryScreen')),
  beforeActivation: React.lazy(() => import(/* webpackChunkName: "screen-before-activation" */ './features/before-activation/BeforeActivationScreen')),
  rejection: React.lazy(() => import(/* webpackChunkName: "screen-verification-rejection" */ './features/verification-rejection/RejectionScreen')),
  singleJourneyTicket: React.lazy(
    () => import(/* webpackChunkName: "screen-single-journey-ticket" */ './features/single-journey-ticket/SingleJourneyTicketScreen'),
  ),
  rideHistory: React.lazy(() => import(/* webpackChunkName: "screen-ride-history" */ './features/ride-history/RideHistoryScreen')),
  receipt: React.lazy(() => import(/* webpackChunkName: "screen-ride-receipt" */ './features/ride-receipt/ReceiptScreen')),
  buyLanding: lazy(routeStop, (m) => m.BuyLandingScreen),
  selectRoute: lazy(routeStop, (m) => m.SelectRouteScreen),
  selectStop: lazy(routeStop, (m) => m.SelectStopScreen),
  selectTicket: lazy(fare, (m) => m.SelectTicketScreen),
  userDetails: lazy(fare, (m) => m.UserDetailsScreen),
  payForTicket: lazy(fare, (m) => m.PayForTicketScreen),
  instantTicket: lazy(fare, (m) => m.InstantTicketScreen),
  bookingSuccess: React.lazy(() => import(/* webpackChunkName: "screen-success" */ './features/buy/BookingSuccessScreen')),
};

export const { bootstrap, mount, unmount } = createRemoteSpa({ name: 'mf_tickets', catalog: TICKETS_CATALOG, routes, screens });

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
