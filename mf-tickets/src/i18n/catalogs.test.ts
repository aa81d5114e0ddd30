import { describeCatalogs } from '@sawari/runtime/src/testing/catalog-checks';

describeCatalogs('tickets', __dirname);
