import { useIntl } from 'react-intl';
import type { SearchResult } from './transit';
import styles from './tracking.module.css';

/**
 * What tells a stop apart from others with the same name (ten "Vyttila" in Kochi): how far it is from the rider (when
 * known, already worded), where its buses go, its stop code and the routes calling there. Nothing for a place.
 */
export function StopDistinctions({ stop, distance }: { stop: Pick<SearchResult, 'stop_code' | 'towards' | 'routeNames'>; distance?: string | null }) {
  const intl = useIntl();
  const parts = [
    distance ?? null,
    stop.towards?.length ? intl.formatMessage({ id: 'stop.towards' }, { list: stop.towards.join(', ') }) : null,
    stop.stop_code ? intl.formatMessage({ id: 'stop.code' }, { code: stop.stop_code }) : null,
    stop.routeNames?.length ? intl.formatMessage({ id: 'stop.routes' }, { list: stop.routeNames.slice(0, 6).join(', ') }) : null,
  ].filter(Boolean);
  if (!parts.length) return null;
  return <span className={styles.cardDesc}>{parts.join(' · ')}</span>;
}
