// Every route this remote owns (below the /app base path). No imports: scripts/build.mjs reads this file with tsx to
// write remotes.json, and src/spa.tsx maps each `screen` to a lazily loaded component inside its BrowserRouter.
export const routes = [
  { path: '/your-tickets-and-passes', screen: 'wallet' },
] as const;

export type Screen = (typeof routes)[number]['screen'];
