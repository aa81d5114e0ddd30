import { describeCatalogs } from '@sawari/runtime/src/testing/catalog-checks';
import { LANGUAGE_CODES } from './catalogs';

describeCatalogs('airport-experience', __dirname, LANGUAGE_CODES);
