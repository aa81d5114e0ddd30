import path from 'node:path';
import { LANGUAGE_CODES } from '@sawari/runtime';
import { countWordProblems, describeCatalogs, describeCountWords, describeFareLineMessages } from '@sawari/runtime/src/testing/catalog-checks';
import { LANGUAGES } from './catalogs';

describeCatalogs('shell', __dirname);
describeCatalogs('shell checkout', path.join(__dirname, '../features/checkout/i18n'));
describeFareLineMessages('shell checkout', path.join(__dirname, '../features/checkout/i18n'));

it('names every language of LANGUAGE_CODES, in that order', () => {
  expect(LANGUAGES.map((l) => l.code)).toEqual([...LANGUAGE_CODES]);
});

describeCountWords('shell', __dirname);
describeCountWords('shell checkout', path.join(__dirname, '../features/checkout/i18n'));

it('countWordProblems finds a count said in the wrong form, and passes a plural', () => {
  expect(countWordProblems({ a: '{n} matches: choose one below.', b: '{n, plural, one {# match} other {# matches}}: choose one.', c: 'in {n} min' })).toEqual([
    'a: "1 matches: choose one below."',
  ]);
});
