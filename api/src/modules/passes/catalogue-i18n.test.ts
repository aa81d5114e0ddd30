import fs from 'node:fs';
import path from 'node:path';
import { publicConfig, type CatalogueConfig } from './catalogue';
import { CATALOGUE_LANGUAGES, configTexts, translationsFor } from './catalogue-i18n';

const file = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../data/passes/catalogue.json'), 'utf8')) as { cities: Record<string, CatalogueConfig[]> };
const configs = Object.values(file.cities).flat();

describe('catalogue translations', () => {
  it('every text of the demo catalogue has a translation in each of the five Indian languages', () => {
    const missing = configs.flatMap((c) => configTexts(c)).filter((text) => CATALOGUE_LANGUAGES.some((l) => !translationsFor([text])[l]?.[text]));
    expect(missing).toEqual([]);
  });
  it('a product carries the translations of exactly its own texts', () => {
    const general = configs.find((c) => c.id === 'mum-general')!;
    const p = publicConfig(general, [], 'mumbai');
    expect(p.translations.ml?.['General pass']).toBe('ജനറൽ പാസ്');
    expect(p.translations.hi?.Monthly).toBe('मासिक');
    expect(Object.keys(p.translations.hi ?? {}).sort()).toEqual(configTexts(general).sort());
    expect(p.translations.hi?.['Magic pass']).toBeUndefined(); // another product's name
  });
  it('a text without a translation is simply absent (the screen shows the English)', () => {
    expect(translationsFor(['A text nobody translated'])).toEqual({});
  });
});
