import { describeCatalogs, describeCountWords } from '@sawari/runtime/src/testing/catalog-checks';

describeCatalogs('passes', __dirname);

describeCountWords('passes', __dirname);
