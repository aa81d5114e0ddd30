// Every route this remote owns (below the /app base path). No imports: scripts/build.mjs reads this file with tsx to
// write remotes.json (prefixes /your-tickets-and-passes, /document-verification-failed, /buy-bus-ticket,
// /one-way-ticket, /select-trip, /pay-for-ticket, /instant-ticket), and src/spa.tsx maps each `screen` to a lazily
// loaded component inside its BrowserRouter. Spec §2 "Tickets and passes" and "Single tickets".
const W = '/your-tickets-and-passes';

export const routes = [
  { path: W, screen: 'wallet' },
  // where a paid journey (a ticket per bus, bought in one go) lands: the wallet, which lists its tickets
  { path: `${W}/journey/:orderId`, screen: 'wallet' },
  { path: `${W}/summary/:transactionId`, screen: 'summary' },
  { path: `${W}/ride-receipt/:transactionId`, screen: 'receipt' },
  { path: `${W}/ride-receipt-instant-ticket/:transactionId`, screen: 'receipt' },
  { path: `${W}/ride-history/:transactionId`, screen: 'rideHistory' },
  { path: `${W}/sound-qr/:transactionId`, screen: 'showTicket' },
  { path: `${W}/sound-qr/:transactionId/contact-less-ticket-validation`, screen: 'showTicket' },
  { path: `${W}/pass-validation/:transactionId`, screen: 'showTicket' },
  { path: `${W}/before-activation/:transactionId`, screen: 'beforeActivation' },
  { path: `${W}/scan-qr/:transactionId`, screen: 'scanQr' },
  { path: `${W}/verification-rejection/:transactionId`, screen: 'rejection' },
  { path: '/document-verification-failed/:transactionId', screen: 'rejection' },
  { path: '/buy-bus-ticket', screen: 'buyLanding' },
  { path: '/one-way-ticket', screen: 'selectRoute' },
  { path: '/select-trip', screen: 'selectRoute' },
  { path: '/select-trip/select-route', screen: 'selectRoute' },
  { path: '/select-trip/select-stop', screen: 'selectStop' },
  { path: '/select-trip/select-ticket', screen: 'selectTicket' },
  { path: '/select-trip/booking-success/:transactionId', screen: 'bookingSuccess' },
  { path: '/select-trip/single-journey-ticket', screen: 'singleJourneyTicket' },
  { path: '/pay-for-ticket', screen: 'payForTicket' },
  { path: '/pay-for-ticket/user-details', screen: 'userDetails' },
  { path: '/instant-ticket', screen: 'instantTicket' },
] as const;

export type Screen = (typeof routes)[number]['screen'];
