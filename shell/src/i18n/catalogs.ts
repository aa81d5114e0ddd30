// The shell's messages, one lazily loaded chunk per language (react-intl ids = keys of en.json). Every catalog has
// exactly the keys of en.json (catalogs.test.ts).
import { registerCatalogs, type CatalogLoader } from '@sawari/runtime';

export const SHELL_CATALOG = 'shell';

/** The languages Sawari speaks, each named in its own script. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'hi', name: 'हिन्दी' },
  { code: 'mr', name: 'मराठी' },
  { code: 'ml', name: 'മലയാളം' },
  { code: 'ta', name: 'தமிழ்' },
  { code: 'kn', name: 'ಕನ್ನಡ' },
] as const;

export const SHELL_CATALOG_LOADERS: Record<(typeof LANGUAGES)[number]['code'], CatalogLoader> = {
  en: () => import(/* webpackChunkName: "i18n-en" */ './en.json'),
  hi: () => import(/* webpackChunkName: "i18n-hi" */ './hi.json'),
  mr: () => import(/* webpackChunkName: "i18n-mr" */ './mr.json'),
  ml: () => import(/* webpackChunkName: "i18n-ml" */ './ml.json'),
  ta: () => import(/* webpackChunkName: "i18n-ta" */ './ta.json'),
  kn: () => import(/* webpackChunkName: "i18n-kn" */ './kn.json'),
};

registerCatalogs(SHELL_CATALOG, SHELL_CATALOG_LOADERS);
