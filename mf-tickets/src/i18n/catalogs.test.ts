import { describeCatalogs } from '@sawari/runtime/src/testing/catalog-checks';
import { LANGUAGE_CODES } from './catalogs';

describeCatalogs('tickets', __dirname, LANGUAGE_CODES);
