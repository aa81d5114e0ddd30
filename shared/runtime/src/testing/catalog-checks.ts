import fs from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { FARE_LINE_KEYS } from '@sawari/domain';
import { LANGUAGE_CODES } from '../i18n';

/**
 * The checks every app's message catalogs must pass (jest only; not part of the runtime bundle). Every language's
 * catalog holds exactly the keys of en.json: a missing key would show English (or the raw id) in the middle of a
 * translated screen, an extra key is a leftover nobody maintains. Every message is valid ICU and keeps the English
 * placeholders.
 */
export function describeCatalogs(name: string, dir: string, codes: readonly string[] = LANGUAGE_CODES): void {
  const read = (code: string): Record<string, string> => JSON.parse(fs.readFileSync(path.join(dir, `${code}.json`), 'utf8'));
  const en = read('en');
  const placeholders = (text: string) => [...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]).sort();

  describe(`${name} message catalogs`, () => {
    it('has a catalog file for every language and no other', () => {
      const files = fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.replace(/\.json$/, ''))
        .sort();
      expect(files).toEqual([...codes].sort());
    });

    it('every message of every language is valid ICU syntax', () => {
      for (const code of codes) {
        for (const [key, text] of Object.entries(read(code))) {
          try {
            new IntlMessageFormat(text, code);
          } catch (err) {
            throw new Error(`${code}.json ${key}: ${(err as Error).message}`);
          }
        }
      }
    });

    describe.each(codes.filter((c) => c !== 'en'))('%s', (code) => {
      const catalog = read(code);
      it('has every key of en.json', () => {
        expect(Object.keys(en).filter((k) => !(k in catalog))).toEqual([]);
      });
      it('has no key that en.json lacks', () => {
        expect(Object.keys(catalog).filter((k) => !(k in en))).toEqual([]);
      });
      it('translates every message (no empty text) and keeps its placeholders', () => {
        for (const [key, text] of Object.entries(catalog)) {
          expect([key, typeof text === 'string' && text.trim() !== '']).toEqual([key, true]);
          if (key in en) expect([key, placeholders(text)]).toEqual([key, placeholders(en[key])]);
        }
      });
    });
  });
}

/**
 * Every English message that puts a number before a noun says it in the number's form: formatted with 1 for every
 * argument (plural branches chosen as they are for one), no "1 matches", "1 days", "1 SOS alerts" or "1 people" is
 * left. A count is written `{n, plural, one {# match} other {# matches}}`. Units written as symbols (km, min, MB) do not
 * change. Opt-in per app (`describeCountWords`) until every app's English passes it.
 */
export function countWordProblems(en: Readonly<Record<string, string>>): string[] {
  const args = (text: string) => Object.fromEntries([...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => [m[1], 1]));
  const notPlural = new Set([
    'is',
    'was',
    'has',
    'this',
    'its',
    'us',
    'as',
    'yes',
    'bus',
    'plus',
    'across',
    'always',
    'address',
    'access',
    'status',
    'less',
    'pass',
  ]);
  const problems: string[] = [];
  for (const [key, text] of Object.entries(en)) {
    let out: string;
    try {
      out = String(new IntlMessageFormat(text, 'en').format(args(text)));
    } catch {
      continue; // not valid ICU: the syntax check says so
    }
    for (const m of out.matchAll(/(?<![\d.,])1(?:[ -]([A-Z]{2,}))? ([A-Za-z]+)\b/g)) {
      const word = m[2];
      const plural = word === 'people' || word === 'children' || (/[a-z]s$/.test(word) && !notPlural.has(word.toLowerCase()) && !/ss$/.test(word));
      if (plural) problems.push(`${key}: "${out}"`);
    }
  }
  return problems;
}

/** `countWordProblems` as a test of `dir`'s en.json. */
export function describeCountWords(name: string, dir: string): void {
  it(`${name}: every count in English is said in its number's form (no "1 matches")`, () => {
    const en = JSON.parse(fs.readFileSync(path.join(dir, 'en.json'), 'utf8')) as Record<string, string>;
    expect(countWordProblems(en)).toEqual([]);
  });
}

/**
 * A catalog of screens that show fare breakups: it has a `fareLine.<key>` message for every key shared/domain's
 * fareLineMeaning answers (so a line the server writes never shows in English on a translated page, whichever
 * remote shows it), with the bank's placeholder on the bank offer. The other languages follow en (describeCatalogs).
 */
export function describeFareLineMessages(name: string, dir: string): void {
  const en: Record<string, string> = JSON.parse(fs.readFileSync(path.join(dir, 'en.json'), 'utf8'));
  it(`${name}: a fareLine message for every fare line the server writes`, () => {
    expect(FARE_LINE_KEYS.filter((k) => !(`fareLine.${k}` in en))).toEqual([]);
    expect(en['fareLine.bank']).toContain('{bank}');
  });
}
