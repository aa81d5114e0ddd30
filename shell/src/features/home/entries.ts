import type { CityFeature } from '@sawari/runtime';

/** The capabilities a city can have, each leading to its area's route (the remotes arrive in later issues). */
export const HOME_ENTRIES: readonly { feature: CityFeature; path: string }[] = [
  { feature: 'passes', path: '/productHooks' },
  { feature: 'tickets', path: '/buy-bus-ticket' },
  { feature: 'premium', path: '/premium-buses' },
  { feature: 'cards', path: '/select-card' },
  { feature: 'tracking', path: '/live-tracking' },
  { feature: 'airport', path: '/airport-experience' },
];

/** The airport express boards (kiosk screens, public). */
export const AIRPORT_BOARDS = [
  { label: 'home.boards.t1Vertical', href: '/app/airport-static-screens/airport-express-bus-time/T1' },
  { label: 'home.boards.t1Horizontal', href: '/app/airport-static-screens/airport-express-bus-time-horizontal/T1' },
  { label: 'home.boards.t2Vertical', href: '/app/airport-static-screens/airport-express-bus-time/T2' },
  { label: 'home.boards.t2Horizontal', href: '/app/airport-static-screens/airport-express-bus-time-horizontal/T2' },
] as const;

export const MORE_LINKS = [
  { label: 'home.more.wallet', path: '/your-tickets-and-passes' },
  { label: 'home.more.favourites', path: '/Favorites' },
  { label: 'home.more.promotion', path: '/promotion' },
  { label: 'home.more.sos', path: '/SOS' },
] as const;
