// Screens reached from links (one per file; a notification, an ad, another app), loaded with the catalogue as the
// "screen-products" chunk by spa.tsx: one product's landing page, a bank's offers in a city, and the deep links that
// switch city when needed and go straight into the purchase (or to the tickets remote).
export { ProductLandingScreen } from './ProductLandingScreen';
export { OffersScreen } from './OffersScreen';
export { BookProductScreen } from './BookProductScreen';
export { BuyPassScreen } from './BuyPassScreen';
export { BookTicketScreen } from './BookTicketScreen';
