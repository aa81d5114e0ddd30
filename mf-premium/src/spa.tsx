// The only module the shell imports from this remote: single-spa lifecycles around a root that owns its routes.
import { createRemoteSpa, lazyScreen as lazy, type LazyScreen } from '@sawari/ui/src/remote-spa';
import { PREMIUM_CATALOG } from './i18n/catalogs';
import { routes, type Screen } from './routes';

// Two chunks: the booking steps, and what comes after booking.
const book = () => import(/* webpackChunkName: "screen-book" */ './features/book');
const manage = () => import(/* webpackChunkName: "screen-manage" */ './features/manage');

const screens: Record<Screen, LazyScreen> = {
  landing: lazy(book, (m) => m.LandingScreen),
  search: lazy(book, (m) => m.SearchScreen),
  product: lazy(book, (m) => m.ProductScreen),
  slots: lazy(book, (m) => () => <m.SlotsScreen product="PREMIUM" />),
  fare: lazy(book, (m) => () => <m.FareScreen product="PREMIUM" />),
  pay: lazy(book, (m) => m.PayScreen),
  success: lazy(book, (m) => m.SuccessScreen),
  beforeActivation: lazy(manage, (m) => () => <m.SummaryScreen before />),
  summary: lazy(manage, (m) => () => <m.SummaryScreen />),
  manage: lazy(manage, (m) => m.ManageScreen),
  popups: lazy(manage, (m) => m.PopupsScreen),
  stops: lazy(manage, (m) => m.StopsScreen),
  usePass: lazy(book, (m) => m.UsePassScreen),
  escape: lazy(book, (m) => m.EscapeScreen),
  escapeSlots: lazy(book, (m) => () => <m.SlotsScreen product="EVENT" />),
  escapeFare: lazy(book, (m) => () => <m.FareScreen product="EVENT" />),
  escapeSuccess: lazy(book, (m) => m.SuccessScreen),
};

export const { bootstrap, mount, unmount } = createRemoteSpa({ name: 'mf_premium', catalog: PREMIUM_CATALOG, routes, screens });
