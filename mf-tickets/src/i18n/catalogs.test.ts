import { describeCatalogs, describeFareLineMessages } from '@sawari/runtime/src/testing/catalog-checks';

describeCatalogs('tickets', __dirname);
describeFareLineMessages('tickets', __dirname);
