import { useIntl } from 'react-intl';
import { useParams, useSearchParams } from 'react-router-dom';
import { routeBadgeLabel } from '@sawari/domain';
import { RouteBadge } from '@sawari/ui';
import { ListSkeleton, LoadError, Page } from '../common/Page';
import { WithCity } from '../common/city';
import { paths } from '../common/links';
import { useRoute } from '../route-map/RouteView';
import { Departures, StopPicker } from './TimetableView';
import styles from '../common/tracking.module.css';

function RouteTimetable({ city, routeId }: { city: string; routeId: string }) {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const stopId = params.get('stop') ?? '';
  const route = useRoute(city, routeId);
  if (route.loading) return <ListSkeleton />;
  if (!route.data)
    return route.error ? (
      <LoadError error={route.error} onRetry={route.retry} />
    ) : (
      <p className={styles.empty}>{intl.formatMessage({ id: 'route.notFound' })}</p>
    );
  const stopName = route.data.directions.flatMap((d) => d.stops).find((s) => s.stop_id === stopId)?.stop_name;
  const r = route.data;
  return (
    <>
      <p className={styles.hint}>
        <RouteBadge shortName={r.route_name} color={r.color} textColor={r.text_color} />{' '}
        {(r.route_long_name !== r.route_name || routeBadgeLabel(r.route_name).abbreviated) && r.route_long_name}
      </p>
      <StopPicker directions={route.data.directions} value={stopId} onChange={(s) => setParams(s ? { stop: s } : {}, { replace: true })} />
      {stopId && (
        <section aria-labelledby="tt-stop">
          <h2 id="tt-stop">{intl.formatMessage({ id: 'timetable.atStop' }, { stop: stopName ?? stopId })}</h2>
          <Departures city={city} routeId={routeId} stopId={stopId} />
        </section>
      )}
    </>
  );
}

function Heading({ city, routeId }: { city: string; routeId: string }) {
  const intl = useIntl();
  const route = useRoute(city, routeId);
  return <>{intl.formatMessage({ id: 'timetable.heading' }, { route: route.data?.route_name ?? routeId })}</>;
}

/** /live-tracking/time-table/:routeId[?stop=]: pick a stop, see today's departures there. */
export default function TimetableScreen() {
  const intl = useIntl();
  const { routeId = '' } = useParams();
  return (
    <WithCity>
      {(city) => (
        <Page
          heading={<Heading city={city} routeId={routeId} />}
          back={{ to: paths.routeMap(routeId), label: intl.formatMessage({ id: 'vehicle.backToRoute' }) }}
        >
          <RouteTimetable city={city} routeId={routeId} />
        </Page>
      )}
    </WithCity>
  );
}
