import { describeCatalogs } from '@sawari/runtime/src/testing/catalog-checks';
import { LANGUAGE_CODES } from './catalogs';

describeCatalogs('premium', __dirname, LANGUAGE_CODES);
