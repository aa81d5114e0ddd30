import { describeCatalogs } from '@sawari/runtime/src/testing/catalog-checks';

describeCatalogs('passes', __dirname);
