import { describeCatalogs, describeCountWords, describeFareLineMessages } from '@sawari/runtime/src/testing/catalog-checks';

describeCatalogs('passes', __dirname);
describeFareLineMessages('passes', __dirname);

describeCountWords('passes', __dirname);
