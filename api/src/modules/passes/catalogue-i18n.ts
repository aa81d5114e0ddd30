/**
 * The catalogue's texts in the app's languages: api/data/passes/catalogue-translations.json, keyed
 * by the English text. Each product the API answers carries `translations: { hi: { "<English>": "<Hindi>" }, … }` for
 * exactly the texts it contains, so a screen shows a name, note, term, category, fare name or feature in the rider's
 * language (and the English text where a translation is missing).
 */
import dictionary from '../../../data/passes/catalogue-translations.json';
import type { CatalogueConfig } from './catalogue-types';

export const CATALOGUE_LANGUAGES = ['hi', 'mr', 'ml', 'ta', 'kn'] as const;
export type CatalogueLanguage = (typeof CATALOGUE_LANGUAGES)[number];
export type CatalogueTranslations = Partial<Record<CatalogueLanguage, Record<string, string>>>;

const DICTIONARY = dictionary as unknown as Record<CatalogueLanguage, Record<string, string>>;

/** Every text of a config a rider can read (names, landing message, terms, categories, plans, fares, features). */
export function configTexts(c: CatalogueConfig): string[] {
  const out = new Set<string>([c.name, ...(c.landingMessage ? [c.landingMessage] : []), ...c.terms]);
  for (const k of c.categories) out.add(k.name);
  for (const s of c.subCategories) out.add(s.name).add(s.infoNote);
  for (const fares of Object.values(c.fareMapping)) for (const f of fares) [f.desc, f.displayName, ...f.specialFeatures].forEach((x) => out.add(x));
  out.delete('');
  return [...out];
}

/** The translations of these texts, per language (only texts that have one). */
export function translationsFor(texts: Iterable<string>): CatalogueTranslations {
  const list = [...texts];
  const out: CatalogueTranslations = {};
  for (const lang of CATALOGUE_LANGUAGES) {
    const entries = list.filter((t) => DICTIONARY[lang]?.[t]).map((t) => [t, DICTIONARY[lang][t]] as const);
    if (entries.length) out[lang] = Object.fromEntries(entries);
  }
  return out;
}
