// The tickets remote's messages, one lazily loaded chunk per language. Every catalog has exactly the keys of en.json
// (catalogs.test.ts).
import { registerCatalogs, type CatalogLoader } from '@sawari/runtime';

export const TICKETS_CATALOG = 'tickets';
export const LANGUAGE_CODES = ['en', 'hi', 'mr', 'ml', 'ta', 'kn'] as const;

export const TICKETS_CATALOG_LOADERS: Record<(typeof LANGUAGE_CODES)[number], CatalogLoader> = {
  en: () => import(/* webpackChunkName: "i18n-en" */ './en.json'),
  hi: () => import(/* webpackChunkName: "i18n-hi" */ './hi.json'),
  mr: () => import(/* webpackChunkName: "i18n-mr" */ './mr.json'),
  ml: () => import(/* webpackChunkName: "i18n-ml" */ './ml.json'),
  ta: () => import(/* webpackChunkName: "i18n-ta" */ './ta.json'),
  kn: () => import(/* webpackChunkName: "i18n-kn" */ './kn.json'),
};

registerCatalogs(TICKETS_CATALOG, TICKETS_CATALOG_LOADERS);
