// The bottom tab bar's four places and which one a path belongs to. Pure; tested in tabs.test.ts.

export type TabId = 'home' | 'wallet' | 'travel' | 'account';
export type Tab = { id: TabId; label: string; path: string };

/** Paths (below /app) each tab stands for, besides its own. */
const SECTIONS: Record<TabId, readonly string[]> = {
  home: ['/'],
  wallet: ['/your-tickets-and-passes'],
  travel: ['/live-tracking', '/trip-planner', '/nearest-bus-stop', '/public-route'],
  account: ['/profile', '/login', '/Favorites', '/SOS', '/change-language', '/change-city'],
};

const within = (path: string, prefix: string) => (prefix === '/' ? path === '/' : path === prefix || path.startsWith(`${prefix}/`));

/**
 * The tab `path` is in, or null (a screen of no tab: a purchase, a product's own pages). Sign-in on the way to a
 * screen (/login/<that path>) belongs to that screen's tab: a signed-out tap on Tickets and passes stays marked there.
 */
export function currentTab(path: string): TabId | null {
  const to = /^\/login\/(?!login-otp(?:\/|$))([^/]+)$/.exec(path)?.[1];
  if (to) {
    let target: string | null = null;
    try {
      target = decodeURIComponent(to);
    } catch {
      // a malformed address: sign-in's own tab
    }
    if (target?.startsWith('/') && !target.startsWith('/login')) return currentTab(target) ?? 'account';
  }
  for (const id of Object.keys(SECTIONS) as TabId[]) if (SECTIONS[id].some((p) => within(path, p))) return id;
  return null;
}

/**
 * Screens that show a code to a validator or scan one (the tickets remote's QR and sound screens, the scanner): the
 * whole screen is the code. A fixed bar at the bottom would sit over it (at 200 % text the bar is two rows, about a
 * quarter of a phone's height, and covered the bottom of the QR); each has its own way back.
 */
const CODE_SCREENS = ['/your-tickets-and-passes/sound-qr', '/your-tickets-and-passes/pass-validation', '/your-tickets-and-passes/scan-qr'];

/**
 * Whether the bar shows: on every rider screen except first-run onboarding, paying (a flow with its own way back,
 * where a stray tap would lose what was typed) and the code screens (CODE_SCREENS). Kiosk boards never load the layout.
 */
export function showsTabBar(path: string): boolean {
  return ![...CODE_SCREENS, '/onboarding', '/on-boarding-mumbai', '/select-payment', '/login/login-otp'].some((p) => within(path, p));
}

/** The account tab: the profile when signed in, else sign-in that comes back to this page. */
export function accountPath(signedIn: boolean, path: string): string {
  if (signedIn) return '/profile';
  return path === '/' || path.startsWith('/login') ? '/login' : `/login/${encodeURIComponent(path)}`;
}

export const TABS = (signedIn: boolean, path: string): Tab[] => [
  { id: 'home', label: 'tabs.home', path: '/' },
  { id: 'wallet', label: 'tabs.wallet', path: '/your-tickets-and-passes' },
  { id: 'travel', label: 'tabs.travel', path: '/live-tracking' },
  { id: 'account', label: 'tabs.account', path: accountPath(signedIn, path) },
];
