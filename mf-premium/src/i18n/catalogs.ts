// The premium remote's messages, one lazily loaded chunk per language. Every catalog has exactly the keys of en.json
// (catalogs.test.ts).
import { defineCatalogs } from '@sawari/runtime';

export const PREMIUM_CATALOG = defineCatalogs('premium', (lang) => import(/* webpackChunkName: "i18n-[request]" */ `./${lang}.json`));
