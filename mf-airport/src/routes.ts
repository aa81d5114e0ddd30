// Every route this remote owns (below the /app base path). No imports: scripts/build.mjs reads this file with tsx to
// write remotes.json, and src/spa.tsx maps each `screen` to a lazily loaded component.
export const routes = [
  { path: '/airport-static-screens/:board/:terminalId', screen: 'board' },
  // the rider screens of the airport express (src/experience, a lazy chunk no board downloads)
  { path: '/airport-experience', screen: 'experience' },
  { path: '/airport-experience/eta/:type', screen: 'eta' },
  { path: '/airport-experience/select-slots', screen: 'selectSlots' },
  { path: '/airport-experience/:city', screen: 'experience' },
] as const;

export type Screen = (typeof routes)[number]['screen'];
