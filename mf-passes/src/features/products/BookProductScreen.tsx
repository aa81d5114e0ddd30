// /book/bookProduct/:city/:configId: a link into the purchase of one product.
import { useParams } from 'react-router-dom';
import { startFlow } from '../common/model';
import { paths } from '../common/ui';
import { IntoPurchase } from './IntoPurchase';

/** /book/bookProduct/:city/:configId: into the purchase of one product. */
export function BookProductScreen() {
  const { city = '', configId = '' } = useParams();
  return <IntoPurchase city={city} to={paths.subCategory(configId)} start={(f) => startFlow(f, city, configId)} />;
}
