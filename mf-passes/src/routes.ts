// Every route this remote owns (below the /app base path). No imports: scripts/build.mjs reads this file with tsx to
// write remotes.json (prefixes /productHooks, /book, /products-landing, /offers, /buy-pass), and src/spa.tsx maps each
// `screen` to a lazily loaded component inside its BrowserRouter.
export const routes = [
  { path: '/productHooks', screen: 'products' },
  { path: '/productHooks/products', screen: 'products' },
  { path: '/productHooks/allProducts', screen: 'products' },
] as const;

export type Screen = (typeof routes)[number]['screen'];
