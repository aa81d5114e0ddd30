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

/** Each remote registers how to load its own messages, one lazily loaded chunk per language. */
export function registerCatalogs(remoteName: string, loaders: Record<string, CatalogLoader>): void {
  catalogs.set(remoteName, loaders);
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

/** Messages of `remoteName` in `lang`, falling back to en when that language is missing or fails to load. */
export async function loadCatalog(remoteName: string, lang: string): Promise<Messages> {
  const loaders = catalogs.get(remoteName) ?? {};
  for (const candidate of lang === DEFAULT_LANGUAGE ? [lang] : [lang, DEFAULT_LANGUAGE]) {
    const load = loaders[candidate];
    if (!load) continue;
    try {
      const mod = await load();
      return ('default' in mod && typeof mod.default === 'object' ? mod.default : mod) as Messages;
    } catch (err) {
      console.error(`[sawari] could not load the ${candidate} messages of ${remoteName}`, err);
    }
  }
  return {};
}

/**
 * The current language and its messages for `remoteName` (null until the first catalog arrives). While another
 * language loads, the previous one stays (with its own locale), so switching language re-renders without unmounting.
 */
export function useCatalog(remoteName: string): { locale: string; messages: Messages | null } {
  const locale = useAtomValue(languageAtom);
  const [state, setState] = useState<{ locale: string; messages: Messages } | null>(null);
  useEffect(() => {
    let live = true;
    loadCatalog(remoteName, locale).then((messages) => live && setState({ locale, messages }));
    return () => {
      live = false;
    };
  }, [remoteName, locale]);
  return state ?? { locale, messages: null };
}

// react-intl is loaded only when a screen asks for it: a static import here would make every app that touches the
// runtime (the kiosk boards included) download it.
const IntlProvider = lazy(() => import('react-intl').then((m) => ({ default: m.IntlProvider })));

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
