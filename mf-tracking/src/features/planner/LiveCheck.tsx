import { useEffect, useRef, useState } from 'react';
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

export type Check = CheckItineraryQuery['checkItinerary'];
export type LegStatus = Check['status'];

/**
 * The plan as the last check sees it: each leg's departure and arrival the predicted ones (live) or the timetable's,
 * its `live` mark from the check, the whole trip's times from its first and last legs; each leg's status beside it.
 * The plan as it was when there is no check yet or the check does not match its legs.
 */
export function withCheck(it: Itinerary, check: Check | null): { itinerary: Itinerary; statuses: LegStatus[] | null } {
  if (!check || check.legs.length !== it.legs.length || it.legs.length === 0) return { itinerary: it, statuses: null };
  const legs = it.legs.map((leg, i) => ({ ...leg, departure: check.legs[i].departure, arrival: check.legs[i].arrival, live: check.legs[i].live }));
  const departure = legs[0].departure;
  const arrival = legs[legs.length - 1].arrival;
  return {
    itinerary: { ...it, legs, departure, arrival, durationSeconds: Math.max(0, Math.round((arrival - departure) / 1000)) },
    statuses: check.legs.map((l) => l.status),
  };
}

/**
 * The plan on screen, checked again every minute (and when the tab comes back) against the buses' predictions: a
 * change at risk, missed, or a bus cancelled says so in words (role=alert); otherwise a quiet "checked at" line. A
 * failed check shows nothing new (the plan stays as it was). `onCheck` gets each check (the legs' new times: withCheck).
 */
export function LiveCheck({ city, it, onCheck }: { city: string; it: Itinerary; onCheck?: (check: Check) => void }) {
  const intl = useIntl();
  const clock = useClock();
  const [check, setCheck] = useState<Check | null>(null);
  const legs = checkLegs(it);
  const key = JSON.stringify(legs);
  const report = useRef(onCheck);
  report.current = onCheck;
  useEffect(() => {
    if (!legs || !legs.some((l) => l.mode !== 'WALK')) return;
    let controller: AbortController | null = null;
    const run = () => {
      if (document.visibilityState === 'hidden') return;
      controller?.abort();
      controller = new AbortController();
      gql(CheckItineraryDocument, { city, legs }, controller.signal)
        .then((r) => {
          setCheck(r.checkItinerary);
          report.current?.(r.checkItinerary);
        })
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
