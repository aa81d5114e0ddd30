import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { api } from '@sawari/runtime';
import { formatPaise } from '@sawari/domain';
import type { Itinerary } from '../common/transit';
import { fareLegs } from './plan';
import styles from '../common/tracking.module.css';

/** The tickets module prices up to this many rides as one multi-route ticket (spec §4). */
const MAX_FARE_LEGS = 4;

type FareState = { status: 'loading' } | { status: 'ready'; paise: number } | { status: 'none' };

/**
 * One adult's fare for an itinerary, priced by the tickets module's own rules (POST /api/tickets/v1/cities/:city/fare
 * for one ride, /multi-route-fare for several: the fare tables the checkout charges), so the planner never shows a
 * fare the checkout would not ask.
 */
export function useItineraryFare(city: string, it: Pick<Itinerary, 'legs'>): FareState {
  const legs = fareLegs(it);
  const key = `${city}|${JSON.stringify(legs)}`;
  const [state, setState] = useState<{ key: string; value: FareState }>({ key: '', value: { status: 'loading' } });
  useEffect(() => {
    if (legs.length === 0 || legs.length > MAX_FARE_LEGS) return setState({ key, value: { status: 'none' } });
    const controller = new AbortController();
    const c = `/tickets/v1/cities/${encodeURIComponent(city)}`;
    const passengers = { adult: 1, child: 0, senior: 0 };
    const ask =
      legs.length === 1
        ? api.post<{ payableAmount: number }>(`${c}/fare`, { ...legs[0], passengers }, { signal: controller.signal })
        : api.post<{ payableAmount: number }>(`${c}/multi-route-fare`, { legs, passengers }, { signal: controller.signal });
    ask.then(
      (r) => setState({ key, value: { status: 'ready', paise: r.payableAmount } }),
      () => !controller.signal.aborted && setState({ key, value: { status: 'none' } }),
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state.key === key ? state.value : { status: 'loading' };
}

/** "Fare ₹25" (one adult), or that the fare is bought on board when the tickets module has none. */
export function ItineraryFare({ city, it }: { city: string; it: Pick<Itinerary, 'legs'> }) {
  const intl = useIntl();
  const fare = useItineraryFare(city, it);
  if (fare.status === 'loading') return <span className={styles.hint}>{intl.formatMessage({ id: 'trip.fareLoading' })}</span>;
  if (fare.status === 'none') return <span className={styles.hint}>{intl.formatMessage({ id: 'trip.fareOnBoard' })}</span>;
  return <span className={styles.badge}>{intl.formatMessage({ id: 'trip.fare' }, { amount: formatPaise(fare.paise) })}</span>;
}
