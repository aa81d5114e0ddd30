import { describeCatalogs } from '@sawari/runtime/src/testing/catalog-checks';

describeCatalogs('tracking', __dirname);
