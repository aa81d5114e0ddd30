import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { RouteBadge } from '@sawari/ui';
import { ListSkeleton, LoadError, StaleNotice } from '../common/Page';
import { Attribution } from '../common/city';
import { occupancyKey, occupancyOf, timelinessKey } from '../common/format';
import { paths } from '../common/links';
import { gql, VehicleDocument } from '../common/transit';
import { useLive } from '../common/useLive';
import MapView from '../map/MapView';
import { Age, useRoute } from '../route-map/RouteView';
import { OccupancyIcon } from '../common/OccupancyIcon';
import styles from '../common/tracking.module.css';

/** One bus, followed live: where it is (map + facts), how old that is, next stop, timeliness and occupancy. */
export function VehicleView({ city, vNo, routeId, stopId }: { city: string; vNo: string; routeId?: string | null; stopId?: string | null }) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const vehicle = useLive((signal) => gql(VehicleDocument, { city, vehicleNumber: vNo }, signal).then((r) => r.vehicle), `${city}|${vNo}`);
  const v = vehicle.data;
  const route = useRoute(city, routeId || v?.route_id || '');

  if (vehicle.loading) return <ListSkeleton rows={4} />;
  if (vehicle.error && !v) return <LoadError error={vehicle.error} onRetry={vehicle.retry} />;
  if (!v) return <p className={styles.empty}>{t('vehicle.notFound', { vNo })}</p>;
  const timely = v.timeliness;
  const occupancy = occupancyOf(v.occupancy, v.occupancyLevel);
  const direction =
    route.data?.directions.find((d) => d.headsign === v.headsign && d.stops.some((s) => s.stop_id === v.nextStopId)) ??
    route.data?.directions.find((d) => d.stops.some((s) => s.stop_id === v.nextStopId)) ??
    route.data?.directions[0];
  const listId = 'vehicle-facts';
  return (
    <>
      <StaleNotice error={vehicle.error} />
      <dl className={styles.facts} id={listId} aria-live="polite">
        <dt>{t('vehicle.route')}</dt>
        <dd>
          <Link to={paths.routeMap(v.route_id, stopId)}>
            <RouteBadge shortName={v.route_name} color={v.route_color} textColor={v.route_text_color} />
          </Link>
          {v.headsign ? ` → ${v.headsign}` : ''}
        </dd>
        <dt>{t('vehicle.position')}</dt>
        <dd>
          <Age seconds={v.ageSeconds} />
        </dd>
        <dt>{t('vehicle.nextStop')}</dt>
        <dd>{v.nextStopName ?? t('vehicle.unknown')}</dd>
        <dt>{t('vehicle.timeliness')}</dt>
        <dd>{timely ? t(timelinessKey(timely)) : t('vehicle.unknown')}</dd>
        <dt>{t('vehicle.occupancy')}</dt>
        <dd>
          {occupancy ? (
            <>
              <OccupancyIcon level={occupancy} /> {t(occupancyKey(occupancy))}
            </>
          ) : (
            t('vehicle.unknown')
          )}
        </dd>
      </dl>
      <MapView
        directions={direction ? [direction] : []}
        stops={direction?.stops ?? []}
        buses={[v]}
        selectedStopId={stopId ?? v.nextStopId}
        focusBus={v.vNo}
        listId={listId}
        noteId="map.factsNote"
        city={city}
      />
      <Attribution city={city} />
    </>
  );
}
