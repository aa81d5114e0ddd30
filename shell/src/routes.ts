// The shell's own screens (below the /app base path), same { path, screen } shape as every remote's table. Any /app
// path that no shell route and no remote prefix claims shows the not-found screen.
export const routes = [{ path: '/', screen: 'home' }] as const;

export type ShellScreen = (typeof routes)[number]['screen'];
