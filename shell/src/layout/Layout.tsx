import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { createPortal } from 'react-dom';
import { Provider, useAtomValue } from 'jotai';
import {
  appPath,
  cityAtom,
  languageAtom,
  matchPath,
  SawariIntlProvider,
  sawariStore,
  sessionAtom,
  sessionLoadedAtom,
  useCityConfig,
  usePathname,
} from '@sawari/runtime';
import { Skeleton, UnavailablePanel } from '@sawari/ui';
import { NotFoundScreen } from '@sawari/ui/src/intl';
import { SHELL_CATALOG } from '../i18n/catalogs';
import { languageCookie } from '../first-paint';
import { ownsPath, type RemoteEntry } from '../routing';
import { routes, type ShellScreen } from '../routes';
import { texts } from '../texts';
import styles from './layout.module.css';
import type { ScreenProps } from './screen';
import { useRouteFocus } from './useRouteFocus';
import { SessionHost } from './SessionHost';
import { recordLastTrip, tripFromAddress } from '../features/home/lastTrip';
import { useNoticeLanguage } from '../features/language/noticeLanguage';
import { showsTabBar } from './tabs';

// The tab bar is its own chunk: the first visit (onboarding) has none, so /app's first load does not carry it or its icons.
// The header's city link and the tab bar: one chunk, "layout-chrome" (every page past onboarding shows both; one
// chunk is one request and one wrapper less than two), kept out of the first visit's onboarding.
const HeaderCityLink = lazy(() => import(/* webpackChunkName: "layout-chrome" */ './HeaderCityLink'));
const TabBar = lazy(() => import(/* webpackChunkName: "layout-chrome" */ './TabBar').then((m) => ({ default: m.TabBar })));

export type LayoutProps = { screenElement: HTMLElement; remotes: RemoteEntry[]; remotePrefixes: string[]; remotesFailed: boolean };

// One lazily loaded chunk per screen (never fetched in kiosk mode: the layout itself is not loaded there).
const SCREENS: Record<ShellScreen, LazyExoticComponent<ComponentType<ScreenProps>>> = {
  home: lazy(() => import(/* webpackChunkName: "screen-home" */ '../features/home/HomeScreen')),
  onboarding: lazy(() => import(/* webpackChunkName: "screen-onboarding" */ '../features/onboarding/OnboardingScreen')),
  onboardingMumbai: lazy(() => import(/* webpackChunkName: "screen-onboarding-mumbai" */ '../features/onboarding/MumbaiOnboardingScreen')),
  changeCity: lazy(() => import(/* webpackChunkName: "screen-change-city" */ '../features/city/ChangeCityScreen')),
  changeLanguage: lazy(() => import(/* webpackChunkName: "screen-change-language" */ '../features/language/ChangeLanguageScreen')),
  networkError: lazy(() => import(/* webpackChunkName: "screen-network-error" */ '../features/network-error/NetworkErrorScreen')),
  sos: lazy(() => import(/* webpackChunkName: "screen-sos" */ '../features/sos/SosScreen')),
  sosEdit: lazy(() => import(/* webpackChunkName: "screen-sos-edit" */ '../features/sos/EditSosScreen')),
  favourites: lazy(() => import(/* webpackChunkName: "screen-favourites" */ '../features/favourites/FavouritesScreen')),
  favouritesSearch: lazy(() => import(/* webpackChunkName: "screen-favourites" */ '../features/favourites/FavouritesScreen')),
  promotion: lazy(() => import(/* webpackChunkName: "screen-promotion" */ '../features/promotion/PromotionScreen')),
  login: lazy(() => import(/* webpackChunkName: "screen-login" */ '../features/login/LoginScreen')),
  loginOtp: lazy(() => import(/* webpackChunkName: "screen-login" */ '../features/login/OtpScreen')),
  profile: lazy(() => import(/* webpackChunkName: "screen-profile" */ '../features/profile/ProfileScreen')),
  editProfile: lazy(() => import(/* webpackChunkName: "screen-profile" */ '../features/profile/EditProfileScreen')),
  // The checkout's screens with the checkout's own messages (features/checkout/screens.tsx: not in the first visit's catalogue).
  checkoutResume: lazy(() => import(/* webpackChunkName: "screen-checkout-resume" */ '../features/checkout/screens').then((m) => ({ default: m.Resume }))),
  checkout: lazy(() => import(/* webpackChunkName: "screen-checkout" */ '../features/checkout/screens').then((m) => ({ default: m.Checkout }))),
  checkoutCard: lazy(() => import(/* webpackChunkName: "screen-checkout" */ '../features/checkout/screens').then((m) => ({ default: m.CardCheckout }))),
  checkoutWallet: lazy(() => import(/* webpackChunkName: "screen-checkout" */ '../features/checkout/screens').then((m) => ({ default: m.WalletCheckout }))),
  checkoutUpi: lazy(() => import(/* webpackChunkName: "screen-checkout" */ '../features/checkout/screens').then((m) => ({ default: m.UpiCheckout }))),
  checkoutNetbanking: lazy(() =>
    import(/* webpackChunkName: "screen-checkout" */ '../features/checkout/screens').then((m) => ({ default: m.NetbankingCheckout })),
  ),
  checkoutCash: lazy(() => import(/* webpackChunkName: "screen-checkout" */ '../features/checkout/screens').then((m) => ({ default: m.CashCheckout }))),
};

/** While a screen's chunk or the messages load: a few grey bars, announced once as loading (hidden while the server's
 *  first paint is on the page: first-paint.ts SCREEN_SKELETON_ATTR). */
function ScreenSkeleton() {
  return (
    <div className={styles.page} role="status" aria-label="Loading" data-screen-skeleton="">
      <Skeleton width="60%" height="2rem" />
      <p />
      <Skeleton height="4rem" />
      <p />
      <Skeleton height="4rem" />
    </div>
  );
}

/**
 * <html lang> follows the language (screen readers pick their voice from it), and so does the cookie that has the
 * server send the first paint in it (first-paint.ts).
 */
function useDocumentLanguage() {
  const lang = useAtomValue(languageAtom, { store: sawariStore });
  useEffect(() => {
    document.documentElement.lang = lang;
    document.cookie = languageCookie(lang);
  }, [lang]);
}

/**
 * The header keeps the city: its name, one tap to change it (the account is the tab bar's). Nothing before a city is
 * chosen (onboarding) or while the city list loads, so it never flickers. Its link and icon are their own chunk, never
 * loaded on onboarding (/app's first visit).
 */
function HeaderCity({ path }: { path: string }) {
  const { city } = useCityConfig();
  if (!city || path === '/change-city' || path.startsWith('/onboarding') || path.startsWith('/on-boarding')) return null;
  return (
    <Suspense fallback={null}>
      <HeaderCityLink name={city.name} />
    </Suspense>
  );
}

/** The tab bar, portalled after <main> (outside the screen's landmark), once the stored session has been read. */
function Tabs({ path }: { path: string }) {
  const loaded = useAtomValue(sessionLoadedAtom, { store: sawariStore });
  const signedIn = !!useAtomValue(sessionAtom, { store: sawariStore }).accessToken;
  const [host] = useState(() => {
    const existing = document.getElementById('sawari-tabs');
    if (existing) return existing;
    const el = document.createElement('div');
    el.id = 'sawari-tabs';
    (document.getElementById('sawari-app') ?? document.body).append(el);
    return el;
  });
  if (!loaded || !showsTabBar(path)) return null;
  return createPortal(
    <Suspense fallback={null}>
      <TabBar path={path} signedIn={signedIn} />
    </Suspense>,
    host,
  );
}

/** Every planner results address the rider opens is remembered as the last trip planned (Home offers it again). */
function useLastTrip() {
  const city = useAtomValue(cityAtom, { store: sawariStore });
  useEffect(() => {
    if (!city) return;
    const record = () => {
      const path = appPath(location.pathname);
      if (path) recordLastTrip(tripFromAddress(path, location.search, city, Date.now()));
    };
    record();
    // single-spa announces every navigation, a new query on the same path included.
    window.addEventListener('single-spa:routing-event', record);
    return () => window.removeEventListener('single-spa:routing-event', record);
  }, [city]);
}

export function Layout({ screenElement, remotePrefixes, remotesFailed }: LayoutProps) {
  const pathname = usePathname();
  const path = appPath(pathname) ?? '/';
  let screen: React.ReactNode = null;
  useRouteFocus(pathname, screenElement);
  useDocumentLanguage();
  useLastTrip();
  useNoticeLanguage();
  const route = routes.find((r) => matchPath(r.path, path));
  if (route) {
    const Screen = SCREENS[route.screen];
    screen = <Screen key={route.path} params={matchPath(route.path, path) ?? {}} />;
  } else if (!ownsPath(remotePrefixes, pathname)) {
    screen = remotesFailed ? <UnavailablePanel {...texts.unavailable} onRetry={() => location.reload()} /> : <NotFoundScreen />;
  }
  return (
    <Provider store={sawariStore}>
      <div className={styles.bar}>
        <a className={styles.brand} href="/app/">
          Sawari
        </a>
        <SawariIntlProvider remote={SHELL_CATALOG} fallback={null}>
          <HeaderCity path={path} />
          <Tabs path={path} />
        </SawariIntlProvider>
      </div>
      {createPortal(
        <SawariIntlProvider remote={SHELL_CATALOG} fallback={<ScreenSkeleton />}>
          <Suspense fallback={<ScreenSkeleton />}>{screen}</Suspense>
        </SawariIntlProvider>,
        screenElement,
      )}
      <SessionHost />
    </Provider>
  );
}
