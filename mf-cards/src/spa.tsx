// The only module the shell imports from this remote: single-spa lifecycles around a root that owns its routes.
import { createRemoteSpa, lazyScreen as lazy, type LazyScreen } from '@sawari/ui/src/remote-spa';
import { CARDS_CATALOG } from './i18n/catalogs';
import { routes, type Screen } from './routes';

// One lazily loaded chunk per group of screens sharing most of their code.
const wallet = () => import(/* webpackChunkName: "screen-cards" */ './features/wallet');
const link = () => import(/* webpackChunkName: "screen-link" */ './features/link/LinkCardScreen');
const recharge = () => import(/* webpackChunkName: "screen-recharge" */ './features/recharge');

const screens: Record<Screen, LazyScreen> = {
  cards: lazy(wallet, (m) => m.CardsScreen),
  summary: lazy(wallet, (m) => m.CardSummaryScreen),
  link: lazy(link, (m) => m.LinkCardScreen),
  history: lazy(() => import(/* webpackChunkName: "screen-history" */ './features/history/HistoryScreen')),
  selectCard: lazy(recharge, (m) => m.SelectCardScreen),
  amount: lazy(recharge, (m) => m.AmountScreen),
  confirm: lazy(recharge, (m) => m.ConfirmScreen),
  orderSummary: lazy(recharge, (m) => m.OrderSummaryScreen),
  success: lazy(recharge, (m) => m.SuccessScreen),
  ncmcSuccess: lazy(recharge, (m) => m.NcmcSuccessScreen),
  transfer: lazy(recharge, (m) => m.TransferScreen),
};

export const { bootstrap, mount, unmount } = createRemoteSpa({ name: 'mf_cards', catalog: CARDS_CATALOG, routes, screens });
