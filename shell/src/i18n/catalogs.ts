// The shell's messages, one lazily loaded chunk per language (react-intl ids = keys of en.json). Every catalog has
// exactly the keys of en.json (catalogs.test.ts).
import { defineCatalogs, LANGUAGE_CODES, type LanguageCode } from '@sawari/runtime';

export const SHELL_CATALOG = defineCatalogs('shell', (lang) => import(/* webpackChunkName: "i18n-[request]" */ `./${lang}.json`));

/** The languages Sawari speaks (LANGUAGE_CODES, in that order), each named in its own script. */
export const LANGUAGES: readonly { code: LanguageCode; name: string }[] = [
  { code: 'en', name: 'English' },
  { code: 'hi', name: 'हिन्दी' },
  { code: 'mr', name: 'मराठी' },
  { code: 'ml', name: 'മലയാളം' },
  { code: 'ta', name: 'தமிழ்' },
  { code: 'kn', name: 'ಕನ್ನಡ' },
];
