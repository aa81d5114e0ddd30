import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { Page } from '../common/Page';
import { WithCity } from '../common/city';
import { paths } from '../common/links';
import { VehicleView } from './VehicleView';

/** /live-tracking/route-map-vehicle/:routeId/:vehicleNumber and …/:routeId/:stopId/:vehicleNo/:transactionId/:scheduleTime. */
export default function VehicleScreen() {
  const intl = useIntl();
  const { routeId = '', vehicleNumber, vehicleNo, stopId } = useParams();
  const vNo = vehicleNumber ?? vehicleNo ?? '';
  return (
    <Page
      heading={intl.formatMessage({ id: 'vehicle.heading' }, { vNo })}
      back={{ to: paths.routeMap(routeId, stopId), label: intl.formatMessage({ id: 'vehicle.backToRoute' }) }}
    >
      <WithCity>{(city) => <VehicleView city={city} vNo={vNo} routeId={routeId} stopId={stopId} />}</WithCity>
    </Page>
  );
}
