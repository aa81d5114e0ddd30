// Every route this remote owns (below the /app base path). No imports: scripts/build.mjs reads this file with tsx to
// write remotes.json (prefixes /productHooks, /book, /products-landing, /offers, /buy-pass), and src/spa.tsx maps each
// `screen` to a lazily loaded component inside its BrowserRouter.
const P = '/productHooks/bus-pass-purchase';

export const routes = [
  { path: '/productHooks', screen: 'products' },
  { path: '/productHooks/products', screen: 'products' },
  { path: '/productHooks/allProducts', screen: 'products' },
  { path: '/products-landing', screen: 'products' },
  { path: '/products-landing/:configId', screen: 'productLanding' },
  { path: '/offers/:bank/:city', screen: 'offers' },
  { path: '/book/bookProduct/:city/:configId', screen: 'bookProduct' },
  { path: '/book/bookTicket/:city/:routeId', screen: 'bookTicket' },
  { path: '/buy-pass/:city/:configId/:category/:subCategory/:fmId', screen: 'buyPass' },
  { path: `${P}/sub-category-selection/:configId`, screen: 'subCategory' },
  { path: `${P}/fares/:configId`, screen: 'fares' },
  { path: `${P}/fares/:configId/confirmation`, screen: 'fareConfirm' },
  { path: `${P}/personal-details`, screen: 'details' },
  { path: `${P}/confirm-details-and-pay`, screen: 'confirmPay' },
  { path: `${P}/document`, screen: 'document' },
  { path: `${P}/upload-documents`, screen: 'upload' },
  { path: `${P}/document-verify`, screen: 'verify' },
  { path: `${P}/document-verify-pending`, screen: 'pending' },
  { path: `${P}/booking-successful/:transactionId`, screen: 'success' },
  { path: `${P}/submit-for-verification-successful/:transactionId`, screen: 'submitted' },
  { path: `${P}/purchase-pass-after-verification/:transactionId/:isRenew`, screen: 'afterVerification' },
  { path: `${P}/resubmit-for-verification/:transactionId`, screen: 'resubmit' },
] as const;

export type Screen = (typeof routes)[number]['screen'];
