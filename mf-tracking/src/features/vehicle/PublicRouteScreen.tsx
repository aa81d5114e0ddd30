import { useIntl } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { LoadError, Page } from '../common/Page';
import { useCityId } from '../common/city';
import { gql, PublicVehicleDocument } from '../common/transit';
import { useLive } from '../common/useLive';
import { VehicleView } from './VehicleView';
import styles from '../common/tracking.module.css';

/**
 * /public-route/:vehicleNo: a shared link to one bus; public (no sign-in, no chosen city needed). The server finds the
 * bus in whichever city runs it (`?city=` or the viewer's city is only where it looks first).
 */
export default function PublicRouteScreen() {
  const intl = useIntl();
  const { vehicleNo = '' } = useParams();
  const [params] = useSearchParams();
  const chosen = useCityId();
  const hint = params.get('city') || chosen || null;
  const found = useLive(
    (signal) => gql(PublicVehicleDocument, { vehicleNumber: vehicleNo, city: hint }, signal).then((r) => r.publicVehicle?.city ?? null),
    `public|${vehicleNo}|${hint ?? ''}`,
    { poll: false },
  );
  let body;
  // Every city is asked (the link may come from another city), which can take a while on a server just started: say
  // what is happening rather than grey rows, with the way back to live tracking above.
  if (found.loading) body = <p role="status">{intl.formatMessage({ id: 'route.loadingBuses' })}</p>;
  else if (found.error && found.updatedAt === null) body = <LoadError error={found.error} onRetry={found.retry} />;
  else if (!found.data)
    // No city has this bus reporting (an old link, a mistyped number): say so, and the way to look up another bus.
    body = (
      <div className={styles.empty}>
        <p>{intl.formatMessage({ id: 'vehicle.notFound' }, { vNo: vehicleNo })}</p>
        <p className={styles.actions}>
          <Link to="/live-tracking/find-my-bus">{intl.formatMessage({ id: 'landing.findMyBus' })}</Link>
        </p>
      </div>
    );
  else body = <VehicleView city={found.data} vNo={vehicleNo} />;
  return (
    <Page
      heading={intl.formatMessage({ id: 'vehicle.heading' }, { vNo: vehicleNo })}
      intro={intl.formatMessage({ id: 'publicRoute.intro' })}
      back={{ to: '/live-tracking', label: intl.formatMessage({ id: 'landing.heading' }) }}
    >
      {body}
    </Page>
  );
}
