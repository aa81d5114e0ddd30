// Home's fixed links. The service tiles are not here: each remote declares its own in its manifest (homeTiles), and
// links to a remote's route are shown only while a deployed remote serves it.

/** The airport express boards (kiosk screens, public). */
export const AIRPORT_BOARDS = [
  { label: 'home.boards.t1Vertical', path: '/airport-static-screens/airport-express-bus-time/T1' },
  { label: 'home.boards.t1Horizontal', path: '/airport-static-screens/airport-express-bus-time-horizontal/T1' },
  { label: 'home.boards.t2Vertical', path: '/airport-static-screens/airport-express-bus-time/T2' },
  { label: 'home.boards.t2Horizontal', path: '/airport-static-screens/airport-express-bus-time-horizontal/T2' },
] as const;

export const MORE_LINKS = [
  { label: 'home.more.wallet', path: '/your-tickets-and-passes', remote: true },
  { label: 'home.more.favourites', path: '/Favorites', remote: false },
  { label: 'home.more.promotion', path: '/promotion', remote: false },
  { label: 'home.more.sos', path: '/SOS', remote: false },
] as const;
