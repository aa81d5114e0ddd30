import { describeCatalogs } from '@sawari/runtime/src/testing/catalog-checks';

describeCatalogs('premium', __dirname);
