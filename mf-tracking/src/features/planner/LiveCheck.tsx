import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useClock } from '../common/clock';
import { CheckItineraryDocument, gql, type CheckItineraryQuery, type Itinerary, type LegCheckInput } from '../common/transit';
import styles from '../common/tracking.module.css';

/** How often a shown plan is checked again against the live predictions. */
export const RECHECK_MS = 60_000;

/** A returned itinerary's legs as checkItinerary takes them; null for a trip saved before the live fields existed. */
export function checkLegs(it: Itinerary): LegCheckInput[] | null {
  if (it.legs.some((l) => l.scheduledDeparture == null || l.scheduledArrival == null)) return null;
  return it.legs.map((l) => ({
    mode: l.mode,
    tripId: l.tripId,
    fromStopId: l.from.stop_id || null,
    toStopId: l.to.stop_id || null,
    scheduledDeparture: l.scheduledDeparture,
    scheduledArrival: l.scheduledArrival,
  }));
}

type Check = CheckItineraryQuery['checkItinerary'];

/**
 * The plan on screen, checked again every minute (and when the tab comes back) against the buses' predictions: a
 * change at risk, missed, or a bus cancelled says so in words (role=alert); otherwise a quiet "checked at" line. A
 * failed check shows nothing new (the plan stays as it was).
 */
export function LiveCheck({ city, it }: { city: string; it: Itinerary }) {
  const intl = useIntl();
  const clock = useClock();
  const [check, setCheck] = useState<Check | null>(null);
  const legs = checkLegs(it);
  const key = JSON.stringify(legs);
  useEffect(() => {
    if (!legs || !legs.some((l) => l.mode !== 'WALK')) return;
    let controller: AbortController | null = null;
    const run = () => {
      if (document.visibilityState === 'hidden') return;
      controller?.abort();
      controller = new AbortController();
      gql(CheckItineraryDocument, { city, legs }, controller.signal)
        .then((r) => setCheck(r.checkItinerary))
        .catch(() => undefined);
    };
    run();
    const timer = setInterval(run, RECHECK_MS);
    document.addEventListener('visibilitychange', run);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', run);
      controller?.abort();
    };
    // `key` stands for the legs (a new array each render).
  }, [city, key]);
  if (!check) return null;
  if (check.status === 'OK')
    return (
      <p className={styles.hint} role="status" data-testid="live-check">
        {intl.formatMessage({ id: 'trip.check.ok' }, { time: clock.at(check.checkedAt) })}
      </p>
    );
  return (
    <p className={styles.warn} role="alert" data-testid="live-check">
      {intl.formatMessage({ id: `trip.check.${check.status}` })}
    </p>
  );
}
