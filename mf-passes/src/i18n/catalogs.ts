// The passes remote's messages, one lazily loaded chunk per language. Every catalog has exactly the keys of en.json
// (catalogs.test.ts).
import { defineCatalogs } from '@sawari/runtime';

export const PASSES_CATALOG = defineCatalogs('passes', (lang) => import(/* webpackChunkName: "i18n-[request]" */ `./${lang}.json`));
