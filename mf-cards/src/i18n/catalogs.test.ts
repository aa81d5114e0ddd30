import { describeCatalogs, describeFareLineMessages } from '@sawari/runtime/src/testing/catalog-checks';

describeCatalogs('cards', __dirname);
describeFareLineMessages('cards', __dirname);
