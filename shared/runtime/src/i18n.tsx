import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { persistedAtom } from './storage';
import type { LanguageCode } from './manifest';

export const DEFAULT_LANGUAGE = 'en';
export const LANGUAGE_STORAGE_KEY = 'sawari.lang';

/** The current language (spec: default en, read from local storage). Writing it also stores it. */
export const languageAtom = persistedAtom<string>(LANGUAGE_STORAGE_KEY, DEFAULT_LANGUAGE);

export type Messages = Record<string, string>;
export type CatalogLoader = () => Promise<{ default: Messages } | Messages>;
const catalogs = new Map<string, Record<string, CatalogLoader>>();
/** Catalogs already loaded, by `remote:lang`: a screen mounted after its catalog arrived renders with it at once. */
const loadedCatalogs = new Map<string, Messages>();
const catalogKey = (remoteName: string, lang: string) => `${remoteName}:${lang}`;

/** Each remote registers how to load its own messages, one lazily loaded chunk per language. */
export function registerCatalogs(remoteName: string, loaders: Record<string, CatalogLoader>): void {
  catalogs.set(remoteName, loaders);
  for (const key of [...loadedCatalogs.keys()]) if (key.startsWith(`${remoteName}:`)) loadedCatalogs.delete(key);
}

/** The six languages every app's catalogs have (src/i18n/<code>.json), in the order the language screen lists them. */
export const LANGUAGE_CODES = ['en', 'hi', 'mr', 'ml', 'ta', 'kn'] as const satisfies readonly LanguageCode[];

/**
 * An app's catalogs in one line: `defineCatalogs('passes', (lang) => import(`./${lang}.json`))` registers a loader for
 * each of the six languages and answers the catalog name for SawariIntlProvider / createRemoteSpa. The import must be
 * written in the app's own folder (webpack makes one lazily loaded chunk per JSON file it finds there).
 */
export function defineCatalogs(name: string, load: (lang: LanguageCode) => ReturnType<CatalogLoader>): string {
  registerCatalogs(name, Object.fromEntries(LANGUAGE_CODES.map((code) => [code, () => load(code)])));
  return name;
}

/**
 * Messages of `remoteName` in `lang`, falling back to en when that language is missing or fails to load. A catalog is
 * loaded to be shown, so react-intl is fetched beside it and the answer waits for both (SawariIntlProvider then renders
 * without suspending).
 */
export async function loadCatalog(remoteName: string, lang: string): Promise<Messages> {
  const known = loadedCatalogs.get(catalogKey(remoteName, lang));
  if (known && intl) return known;
  const intlLoaded = loadIntl().catch(() => undefined);
  if (known) return intlLoaded.then(() => known);
  const loaders = catalogs.get(remoteName) ?? {};
  for (const candidate of lang === DEFAULT_LANGUAGE ? [lang] : [lang, DEFAULT_LANGUAGE]) {
    const load = loaders[candidate];
    if (!load) continue;
    try {
      const mod = await load();
      const messages = ('default' in mod && typeof mod.default === 'object' ? mod.default : mod) as Messages;
      // The fallback (en for a language that failed) is not kept as that language: it is asked again next time.
      if (candidate === lang) loadedCatalogs.set(catalogKey(remoteName, lang), messages);
      await intlLoaded;
      return messages;
    } catch (err) {
      console.error(`[sawari] could not load the ${candidate} messages of ${remoteName}`, err);
    }
  }
  await intlLoaded;
  return {};
}

/**
 * The current language and its messages for `remoteName` (null until the first catalog arrives; at once when it was
 * loaded before). While another language loads, the previous one stays (with its own locale), so switching language
 * re-renders without unmounting.
 */
export function useCatalog(remoteName: string): { locale: string; messages: Messages | null } {
  const locale = useAtomValue(languageAtom);
  const [state, setState] = useState<{ locale: string; messages: Messages } | null>(() => {
    const messages = loadedCatalogs.get(catalogKey(remoteName, locale));
    return messages ? { locale, messages } : null;
  });
  useEffect(() => {
    let live = true;
    const show = (messages: Messages) => setState((now) => (now?.locale === locale && now.messages === messages ? now : { locale, messages }));
    const known = loadedCatalogs.get(catalogKey(remoteName, locale));
    if (known) show(known);
    else loadCatalog(remoteName, locale).then((messages) => live && show(messages));
    return () => {
      live = false;
    };
  }, [remoteName, locale]);
  return state ?? { locale, messages: null };
}

// react-intl is loaded only when a screen asks for it: a static import here would make every app that touches the
// runtime (the kiosk boards included) download it. Once it is in, the provider renders without React.lazy: a first
// render that suspends shows the fallback, and React then holds the content back until 300 ms after that fallback
// (its fallback throttle; docs/architecture.md "Nothing suspends on a first render"). React.lazy is only taken before
// the module is in, and never commits content (`intl` is set before React.lazy hears of the module).
let intl: typeof import('react-intl') | null = null;
const loadIntl = () => import('react-intl').then((m) => (intl = m));
const LazyIntlProvider = lazy(() => loadIntl().then((m) => ({ default: m.IntlProvider })));
function IntlProvider(props: { locale: string; defaultLocale: string; messages: Messages; children: ReactNode }) {
  return intl ? <intl.IntlProvider {...props} /> : <LazyIntlProvider {...props} />;
}

/** react-intl provider fed with the remote's catalog in the current language. Renders `fallback` while loading. */
export function SawariIntlProvider({ remote, children, fallback = null }: { remote: string; children: ReactNode; fallback?: ReactNode }) {
  const { locale, messages } = useCatalog(remote);
  if (!messages) return <>{fallback}</>;
  return (
    <Suspense fallback={fallback}>
      <IntlProvider locale={locale} defaultLocale={DEFAULT_LANGUAGE} messages={messages}>
        {children}
      </IntlProvider>
    </Suspense>
  );
}
