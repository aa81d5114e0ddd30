// The airport rider screens' messages (not the boards': those are fixed English kiosk texts). One lazily loaded chunk
// per language; every catalog has exactly the keys of en.json (catalogs.test.ts).
import { registerCatalogs, type CatalogLoader } from '@sawari/runtime';

export const EXPERIENCE_CATALOG = 'airport-experience';
export const LANGUAGE_CODES = ['en', 'hi', 'mr', 'ml', 'ta', 'kn'] as const;

const loaders: Record<(typeof LANGUAGE_CODES)[number], CatalogLoader> = {
  en: () => import(/* webpackChunkName: "experience-i18n-en" */ './en.json'),
  hi: () => import(/* webpackChunkName: "experience-i18n-hi" */ './hi.json'),
  mr: () => import(/* webpackChunkName: "experience-i18n-mr" */ './mr.json'),
  ml: () => import(/* webpackChunkName: "experience-i18n-ml" */ './ml.json'),
  ta: () => import(/* webpackChunkName: "experience-i18n-ta" */ './ta.json'),
  kn: () => import(/* webpackChunkName: "experience-i18n-kn" */ './kn.json'),
};

registerCatalogs(EXPERIENCE_CATALOG, loaders);
