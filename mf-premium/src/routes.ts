// Every route this remote owns (below the /app base path). No imports: scripts/build.mjs reads this file with tsx
// (prefixes /premium-buses and /great-escape), and src/spa.tsx maps each `screen` to a lazily loaded component.
// Query parameters carry the choice between steps (lineId, fromStopId, toStopId, date, tripId, passengers), so every
// step is a URL a rider can reload or share.
const P = '/premium-buses';

export const routes = [
  { path: P, screen: 'landing' },
  { path: `${P}/search-stops-premium-buses`, screen: 'search' },
  { path: `${P}/view-premium-product`, screen: 'product' },
  { path: `${P}/select-slot`, screen: 'slots' },
  { path: `${P}/fare-details`, screen: 'fare' },
  { path: `${P}/pay-for-ticket`, screen: 'pay' },
  { path: `${P}/ticket-successful-booking/:transactionId`, screen: 'success' },
  { path: `${P}/before-activation/:transactionId`, screen: 'beforeActivation' },
  { path: `${P}/premium-bus-summary/:transactionId`, screen: 'summary' },
  { path: `${P}/cancellationRescheduleCard/:transactionId`, screen: 'manage' },
  { path: `${P}/tripCancellationCard`, screen: 'popups' },
  { path: `${P}/premiumTicketPurchaseUsingPass`, screen: 'usePass' },
  { path: `${P}/viewODStopDetails/:routeId/:fromStopId/:toStopId`, screen: 'stops' },
  { path: '/great-escape', screen: 'escape' },
  { path: '/great-escape/select-slots', screen: 'escapeSlots' },
  { path: '/great-escape/fare-details', screen: 'escapeFare' },
  { path: '/great-escape/booking-success', screen: 'escapeSuccess' },
  { path: '/great-escape/:city', screen: 'escape' },
] as const;

export type Screen = (typeof routes)[number]['screen'];
