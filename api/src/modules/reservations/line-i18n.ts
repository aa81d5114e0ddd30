/**
 * The reserved-seat lines' texts in the app's languages (line-translations.json, keyed by the English text, as the pass
 * catalogue's are): each line the API answers carries `translations: { hi: { "<English>": "<Hindi>" }, … }` for its
 * own texts, so the premium and great-escape screens show its description in the rider's language (English where a
 * translation is missing).
 */
import dictionary from './line-translations.json';

export const LINE_LANGUAGES = ['hi', 'mr', 'ta', 'kn', 'ml'] as const;
export type LineLanguage = (typeof LINE_LANGUAGES)[number];
export type LineTranslations = Partial<Record<LineLanguage, Record<string, string>>>;

const DICTIONARY = dictionary as unknown as Record<LineLanguage, Record<string, string>>;

/** The translations of these texts, per language (only texts that have one). */
export function lineTranslations(texts: Iterable<string>): LineTranslations {
  const list = [...texts].filter(Boolean);
  const out: LineTranslations = {};
  for (const lang of LINE_LANGUAGES) {
    const entries = list.filter((t) => DICTIONARY[lang]?.[t]).map((t) => [t, DICTIONARY[lang][t]] as const);
    if (entries.length) out[lang] = Object.fromEntries(entries);
  }
  return out;
}
