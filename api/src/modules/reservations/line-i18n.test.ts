import fs from 'node:fs';
import path from 'node:path';
import { LINE_LANGUAGES, lineTranslations } from './line-i18n';

// Every reserved-seat line's description has words in the app's five other languages (issue 35, item 10: premium and
// great-escape descriptions were all in English).
const lines = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../data/reservations/lines.json'), 'utf8')) as {
  lines: { id: string; description: string }[];
};

describe('reserved-seat lines in every language', () => {
  it.each(lines.lines.map((l) => [l.id, l.description]))('%s: its description in hi, mr, ta, kn and ml', (_id, description) => {
    const t = lineTranslations([description]);
    for (const lang of LINE_LANGUAGES) {
      expect(t[lang]?.[description]).toBeTruthy();
      expect(t[lang]?.[description]).not.toBe(description);
    }
  });
  it('a text without a translation has none (the screen shows the English)', () => {
    expect(lineTranslations(['No such text'])).toEqual({});
  });
});
