// The booked bus, live (spec §9 premium tracking): before the window, when tracking opens; in it, the bus on a map
// and in words (ETA to the boarding stop, timeliness, live or last seen, next stop), asking again when the server
// says (a quarter of the time to the slot, never below 120 s).
import { lazy, Suspense, useEffect, useState } from 'react';
import { freshness } from '@sawari/domain';
import { serverNow } from '@sawari/runtime';
import type { BookingTracking } from '@sawari/contracts';
import { loadTracking } from '../common/api';
import { usePolling } from '../common/poll';
import { ListSkeleton, ProblemPanel, styles, useT, useTimes } from '../common/ui';

const StopMap = lazy(() => import(/* webpackChunkName: "premium-map" */ './StopMap'));

const TONE: Record<string, string> = { 'On Time': 'badgeOk', 'Arriving Early': 'badgeWarn', 'Running behind': 'badgeWarn', Delayed: 'badgeBad' };
const TIMELINESS_KEY: Record<string, string> = { 'On Time': 'onTime', 'Arriving Early': 'early', 'Running behind': 'behind', Delayed: 'delayed' };

/** Polls the booking's tracking answer; the wait comes from the server (never below 120 s). */
function useTracking(bookingId: string) {
  const { value, error, retry } = usePolling(
    bookingId,
    () => loadTracking(bookingId),
    (r) => {
      if ('value' in r) return r.value.state === 'OVER' ? null : Math.max(120_000, r.value.pollAfterMs);
      return r.error.code === 'NOT_TRACKABLE' || r.error.code === 'BOOKING_NOT_FOUND' ? null : 120_000;
    },
  );
  return { data: value, error, retry };
}

/**
 * When tracking opens and the bus leaves: with the date when that is not today (a seat days ahead said only
 * "opens at 7:00 AM"), as the words of live.opensAt.
 */
export function opensAtWords(opensAt: number, now: number, time: (ms: number) => string, date: (ms: number) => string) {
  const slot = opensAt + 30 * 60_000;
  const at = (ms: number) => (date(ms) === date(now) ? time(ms) : `${date(ms)}, ${time(ms)}`);
  return { time: at(opensAt), slot: at(slot) };
}

/** "Updates by itself every N min" only while the page follows the bus (before tracking opens it asked again after a
 * quarter of the days to the slot: "every 2482 min"). */
export const showsPollNote = (state: BookingTracking['state']) => state === 'LIVE' || state === 'NO_DATA' || state === 'PASSED';

export default function LiveBus({ bookingId }: { bookingId: string }) {
  const t = useT();
  const { time, date } = useTimes();
  const { data: d, error, retry } = useTracking(bookingId);
  // re-render every 30 s so "in N min" and "last seen" age between polls
  const [, setTick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setTick((n) => n + 1), 30_000);
    return () => clearInterval(id);
  }, []);
  if (!d && error) return <ProblemPanel error={error} onRetry={retry} />;
  if (!d) return <ListSkeleton rows={2} />;
  const now = serverNow();
  const bus = d.vehicle;
  const seen = bus ? freshness(bus.tS, now) : null;
  const minutes = d.etaSeconds === null ? null : Math.max(0, Math.round((d.expectedAt - now) / 60_000));
  return (
    <section aria-labelledby="live-bus" className={styles.card} data-state={d.state}>
      <h2 id="live-bus">{d.vehicleNo ? t('live.heading', { vehicle: d.vehicleNo }) : t('live.headingNoBus')}</h2>
      <div aria-live="polite">
        {d.state === 'NOT_OPEN' && <p>{t('live.opensAt', opensAtWords(d.opensAt, now, time, date))}</p>}
        {d.state === 'NO_DATA' && <p>{t('live.noData', { stop: d.boarding.name, time: time(d.boarding.scheduledAt) })}</p>}
        {d.state === 'PASSED' && <p>{t('live.passed', { stop: d.boarding.name })}</p>}
        {d.state === 'OVER' && <p>{t('live.over')}</p>}
        {d.state === 'LIVE' && (
          <>
            <p className={styles.eta}>
              {minutes === 0 ? t('live.arriving', { stop: d.boarding.name }) : t('live.eta', { minutes: minutes ?? 0, stop: d.boarding.name })}
            </p>
            <p>
              {d.timeliness ? (
                <span className={`${styles.badge} ${styles[TONE[d.timeliness]]}`}>{t(`live.timeliness.${TIMELINESS_KEY[d.timeliness]}`)}</span>
              ) : (
                <span className={`${styles.badge} ${styles.badgeWarn}`}>{t('live.scheduled')}</span>
              )}{' '}
              {t(d.timeliness ? 'live.expectedAt' : 'live.scheduledAt', { time: time(d.expectedAt) })}
            </p>
          </>
        )}
        {bus && seen && d.state !== 'OVER' && (
          <p className={styles.small}>
            {seen.kind === 'live' ? t('live.fresh') : t('live.lastSeen', { minutes: seen.minutes })}
            {' · '}
            {bus.departed ? t('live.nextStop', { stop: bus.nextStopName ?? '' }) : t('live.atStart', { stop: d.path[0]?.name ?? '' })}
          </p>
        )}
      </div>
      {d.state !== 'NOT_OPEN' && d.state !== 'OVER' && (
        <Suspense fallback={<ListSkeleton rows={1} />}>
          <StopMap
            path={d.path}
            boardStopId={d.boarding.stopId}
            dropStopId={d.drop.stopId}
            bus={bus ? { vNo: d.vehicleNo ?? '', lat: bus.lat, lon: bus.lon } : null}
            listId="live-stops"
          />
        </Suspense>
      )}
      {d.state !== 'NOT_OPEN' && d.state !== 'OVER' && (
        <ol id="live-stops" className={styles.stops} aria-label={t('live.stopsList')}>
          {d.path.map((s) => (
            <li key={s.stopId} data-ride={s.stopId === d.boarding.stopId ? 'true' : 'false'}>
              {s.name}
              {s.stopId === d.boarding.stopId && ` — ${t('stops.board')} (${time(d.boarding.scheduledAt)})`}
              {s.stopId === d.drop.stopId && ` — ${t('stops.drop')}`}
              {bus && bus.departed && s.stopId === bus.nextStopId && ` — ${t('live.busNext')}`}
            </li>
          ))}
        </ol>
      )}
      {showsPollNote(d.state) && <p className={styles.hint}>{t('live.pollNote', { minutes: Math.round(d.pollAfterMs / 60_000) })}</p>}
    </section>
  );
}
