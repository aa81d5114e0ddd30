import { Suspense, useDeferredValue, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Provider, useAtomValue } from 'jotai';
import {
  appPath,
  cityAtom,
  languageAtom,
  loadCatalog,
  matchPath,
  SawariIntlProvider,
  sawariStore,
  sessionAtom,
  sessionLoadedAtom,
  useCityConfig,
  usePathname,
} from '@sawari/runtime';
import { lazyScreen, loadedOrLater, Skeleton, UnavailablePanel, type LazyScreen } from '@sawari/ui';
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
const HeaderCityLink = lazyScreen(() => import(/* webpackChunkName: "layout-chrome" */ './HeaderCityLink'));
const TabBar = lazyScreen(
  () => import(/* webpackChunkName: "layout-chrome" */ './TabBar'),
  (m) => m.TabBar,
);

export type LayoutProps = { screenElement: HTMLElement; remotes: RemoteEntry[]; remotePrefixes: string[]; remotesFailed: boolean };

// One lazily loaded chunk per screen (never fetched in kiosk mode: the layout itself is not loaded there).
const SCREENS: Record<ShellScreen, LazyScreen<ScreenProps>> = {
  home: lazyScreen(() => import(/* webpackChunkName: "screen-home" */ '../features/home/HomeScreen')),
  onboarding: lazyScreen(() => import(/* webpackChunkName: "screen-onboarding" */ '../features/onboarding/OnboardingScreen')),
  onboardingMumbai: lazyScreen(() => import(/* webpackChunkName: "screen-onboarding-mumbai" */ '../features/onboarding/MumbaiOnboardingScreen')),
  changeCity: lazyScreen(() => import(/* webpackChunkName: "screen-change-city" */ '../features/city/ChangeCityScreen')),
  changeLanguage: lazyScreen(() => import(/* webpackChunkName: "screen-change-language" */ '../features/language/ChangeLanguageScreen')),
  networkError: lazyScreen(() => import(/* webpackChunkName: "screen-network-error" */ '../features/network-error/NetworkErrorScreen')),
  sos: lazyScreen(() => import(/* webpackChunkName: "screen-sos" */ '../features/sos/SosScreen')),
  sosEdit: lazyScreen(() => import(/* webpackChunkName: "screen-sos-edit" */ '../features/sos/EditSosScreen')),
  favourites: lazyScreen(() => import(/* webpackChunkName: "screen-favourites" */ '../features/favourites/FavouritesScreen')),
  favouritesSearch: lazyScreen(() => import(/* webpackChunkName: "screen-favourites" */ '../features/favourites/FavouritesScreen')),
  promotion: lazyScreen(() => import(/* webpackChunkName: "screen-promotion" */ '../features/promotion/PromotionScreen')),
  login: lazyScreen(() => import(/* webpackChunkName: "screen-login" */ '../features/login/LoginScreen')),
  loginOtp: lazyScreen(() => import(/* webpackChunkName: "screen-login" */ '../features/login/OtpScreen')),
  profile: lazyScreen(() => import(/* webpackChunkName: "screen-profile" */ '../features/profile/ProfileScreen')),
  editProfile: lazyScreen(() => import(/* webpackChunkName: "screen-profile" */ '../features/profile/EditProfileScreen')),
  // The checkout's screens with the checkout's own messages (features/checkout/screens.tsx: not in the first visit's catalogue).
  checkoutResume: lazyScreen(
    () => import(/* webpackChunkName: "screen-checkout-resume" */ '../features/checkout/screens'),
    (m) => m.Resume,
  ),
  checkout: lazyScreen(
    () => import(/* webpackChunkName: "screen-checkout" */ '../features/checkout/screens'),
    (m) => m.Checkout,
  ),
  checkoutCard: lazyScreen(
    () => import(/* webpackChunkName: "screen-checkout" */ '../features/checkout/screens'),
    (m) => m.CardCheckout,
  ),
  checkoutWallet: lazyScreen(
    () => import(/* webpackChunkName: "screen-checkout" */ '../features/checkout/screens'),
    (m) => m.WalletCheckout,
  ),
  checkoutUpi: lazyScreen(
    () => import(/* webpackChunkName: "screen-checkout" */ '../features/checkout/screens'),
    (m) => m.UpiCheckout,
  ),
  checkoutNetbanking: lazyScreen(
    () => import(/* webpackChunkName: "screen-checkout" */ '../features/checkout/screens'),
    (m) => m.NetbankingCheckout,
  ),
  checkoutCash: lazyScreen(
    () => import(/* webpackChunkName: "screen-checkout" */ '../features/checkout/screens'),
    (m) => m.CashCheckout,
  ),
};

/** Pages without the header's city link and the tab bar's chunk: the first visit (onboarding) and choosing a city. */
const withoutChrome = (path: string) => path === '/change-city' || path.startsWith('/onboarding') || path.startsWith('/on-boarding');

/**
 * Before the layout's first render (spa.tsx mount): the current route's screen, the shell's catalog in the rider's
 * language and, once a city is chosen, the header's and tab bar's chunk, fetched together and waited for at most
 * PRELOAD_WAIT_MS, so that the first render suspends on nothing (docs/architecture.md "Nothing suspends on a first
 * render").
 */
export async function preloadLayout(pathname: string = location.pathname): Promise<void> {
  const path = appPath(pathname) ?? '/';
  const route = routes.find((r) => matchPath(r.path, path));
  const chrome = !!sawariStore.get(cityAtom) && !withoutChrome(path);
  await loadedOrLater([
    route ? SCREENS[route.screen].preload() : null,
    loadCatalog(SHELL_CATALOG, sawariStore.get(languageAtom)),
    chrome ? Promise.all([HeaderCityLink.preload(), TabBar.preload()]) : null,
  ]);
}

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
  if (!city || withoutChrome(path)) return null;
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

/**
 * A signed-out rider on a remote's screen is most often sent to sign in (shared/ui rider.tsx RequireSignIn): the
 * sign-in screen's chunk is fetched as soon as that is known, so it renders at once when it comes. Not on the shell's
 * own screens (the first visit's onboarding and Home carry no sign-in code).
 */
function useSignInAhead(onRemote: boolean) {
  const loaded = useAtomValue(sessionLoadedAtom, { store: sawariStore });
  const signedIn = !!useAtomValue(sessionAtom, { store: sawariStore }).accessToken;
  useEffect(() => {
    if (onRemote && loaded && !signedIn) void SCREENS.login.preload().catch(() => undefined);
  }, [onRemote, loaded, signedIn]);
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

/**
 * The address the layout draws: the rider's, or while the next screen's chunk loads after a navigation, the one before
 * it (useDeferredValue: a render for the new address that suspends keeps the old screen, with the screen container
 * marked busy, instead of showing the skeleton, which React would then hold for 300 ms after the chunk arrived; docs/
 * architecture.md "Nothing suspends on a first render").
 */
function useShownPathname(screenElement: HTMLElement): string {
  const pathname = usePathname();
  const shown = useDeferredValue(pathname);
  const busy = shown !== pathname;
  useEffect(() => {
    if (busy) screenElement.setAttribute('aria-busy', 'true');
    else screenElement.removeAttribute('aria-busy');
  }, [busy, screenElement]);
  return shown;
}

export function Layout({ screenElement, remotePrefixes, remotesFailed }: LayoutProps) {
  const pathname = useShownPathname(screenElement);
  const path = appPath(pathname) ?? '/';
  let screen: React.ReactNode = null;
  useRouteFocus(pathname, screenElement);
  useDocumentLanguage();
  useLastTrip();
  useNoticeLanguage();
  const route = routes.find((r) => matchPath(r.path, path));
  const onRemote = !route && ownsPath(remotePrefixes, pathname);
  useSignInAhead(onRemote);
  if (route) {
    const Screen = SCREENS[route.screen];
    screen = <Screen key={route.path} params={matchPath(route.path, path) ?? {}} />;
  } else if (!onRemote) {
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
