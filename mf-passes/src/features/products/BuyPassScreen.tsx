// /buy-pass/:city/:configId/:category/:subCategory/:fmId: a link straight to the fare confirmation.
import { useParams } from 'react-router-dom';
import { chooseFare, startFlow } from '../common/model';
import { paths } from '../common/ui';
import { IntoPurchase } from './IntoPurchase';

/** /buy-pass/:city/:configId/:category/:subCategory/:fmId: straight to the fare confirmation. */
export function BuyPassScreen() {
  const { city = '', configId = '', category = '', subCategory = '', fmId = '' } = useParams();
  return (
    <IntoPurchase city={city} to={paths.confirmFare(configId)} start={(f) => chooseFare(startFlow(f, city, configId), category, fmId, subCategory || null)} />
  );
}
