import { LANGUAGE_CODES } from '@sawari/runtime';
import { describeCatalogs } from '@sawari/runtime/src/testing/catalog-checks';
import { LANGUAGES } from './catalogs';

describeCatalogs('shell', __dirname);

it('names every language of LANGUAGE_CODES, in that order', () => {
  expect(LANGUAGES.map((l) => l.code)).toEqual([...LANGUAGE_CODES]);
});
