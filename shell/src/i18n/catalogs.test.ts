import { describeCatalogs } from '@sawari/runtime/src/testing/catalog-checks';
import { LANGUAGES } from './catalogs';

describeCatalogs('shell', __dirname, LANGUAGES.map((l) => l.code));
