import { describeCatalogs } from '@sawari/runtime/src/testing/catalog-checks';

describeCatalogs('cards', __dirname);
