// The only module the shell imports from this remote: single-spa lifecycles around a root that owns its routes.
import { createRemoteSpa, lazyScreen as lazy, type LazyScreen } from '@sawari/ui/src/remote-spa';
import { PASSES_CATALOG } from './i18n/catalogs';
import { routes, type Screen } from './routes';

// One lazily loaded chunk per screen (or group of screens sharing most of their code).
// Catalogue and link screens share one chunk; so do the purchase steps, and the document steps.
const catalogue = () => import(/* webpackChunkName: "screen-products" */ './features/products/ProductsScreen');
const links = () => import(/* webpackChunkName: "screen-products" */ './features/products');
const buy = () => import(/* webpackChunkName: "screen-buy" */ './features/buy');
const docs = () => import(/* webpackChunkName: "screen-documents" */ './features/documents');

const screens: Record<Screen, LazyScreen> = {
  products: lazy(catalogue),
  productLanding: lazy(links, (m) => m.ProductLandingScreen),
  offers: lazy(links, (m) => m.OffersScreen),
  bookProduct: lazy(links, (m) => m.BookProductScreen),
  bookTicket: lazy(links, (m) => m.BookTicketScreen),
  buyPass: lazy(links, (m) => m.BuyPassScreen),
  subCategory: lazy(buy, (m) => m.SubCategoryScreen),
  fares: lazy(buy, (m) => m.FaresScreen),
  fareConfirm: lazy(buy, (m) => m.FareConfirmScreen),
  details: lazy(buy, (m) => m.DetailsScreen),
  confirmPay: lazy(buy, (m) => m.ConfirmPayScreen),
  document: lazy(docs, (m) => m.DocumentScreen),
  upload: lazy(docs, (m) => m.UploadScreen),
  verify: lazy(docs, (m) => m.VerifyScreen),
  pending: lazy(docs, (m) => m.PendingScreen),
  submitted: lazy(docs, (m) => m.SubmittedScreen),
  afterVerification: lazy(docs, (m) => m.AfterVerificationScreen),
  resubmit: lazy(docs, (m) => m.ResubmitScreen),
  success: lazy(() => import(/* webpackChunkName: "screen-success" */ './features/success/BookingSuccessScreen')),
};

export const { bootstrap, mount, unmount } = createRemoteSpa({ name: 'mf_passes', catalog: PASSES_CATALOG, routes, screens });
