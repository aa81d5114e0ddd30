import { useIntl } from 'react-intl';
import { useParams, useSearchParams } from 'react-router-dom';
import { Page } from '../common/Page';
import { useCityId, WithCity } from '../common/city';
import { VehicleView } from './VehicleView';

/** /public-route/:vehicleNo: a shared link to one bus; public (no sign-in). `?city=` names the city for visitors. */
export default function PublicRouteScreen() {
  const intl = useIntl();
  const { vehicleNo = '' } = useParams();
  const [params] = useSearchParams();
  const chosen = useCityId();
  const city = params.get('city') || chosen;
  return (
    <Page heading={intl.formatMessage({ id: 'vehicle.heading' }, { vNo: vehicleNo })} intro={intl.formatMessage({ id: 'publicRoute.intro' })}>
      {city ? <VehicleView city={city} vNo={vehicleNo} /> : <WithCity>{(c) => <VehicleView city={c} vNo={vehicleNo} />}</WithCity>}
    </Page>
  );
}
