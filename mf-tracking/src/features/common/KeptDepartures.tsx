// A stop's next buses from the timetable kept on this phone, where its live departures could not be loaded for want of
// a network (issue 35, item 8: a saved stop opened offline showed no timetable). Anything else that failed keeps the
// screen's own problem panel (`fallback`).
import { useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ApiRequestError } from '@sawari/runtime';
import { RouteBadge } from '@sawari/ui';
import { departuresWithoutNetwork, unreachable } from '../planner/offline/offlinePlanner';
import type { KeptDeparture } from '../planner/offline/stop-departures';
import { useClock } from './clock';
import styles from './tracking.module.css';

/** A feed colour as '#RRGGBB' (the file keeps the feed's, with or without '#'); null when there is none. */
const hex = (c: string | null): string | null => (c && /^#?[0-9a-f]{6}$/i.test(c) ? (c.startsWith('#') ? c : `#${c}`) : null);

type State = { status: 'loading' } | { status: 'kept'; departures: KeptDeparture[]; savedAt: number } | { status: 'none' };

export function KeptDepartures({ city, stopId, error, fallback }: { city: string; stopId: string; error: ApiRequestError | null; fallback: ReactNode }) {
  const intl = useIntl();
  const clock = useClock();
  const offline = !!error && unreachable(error);
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    if (!offline) return;
    let live = true;
    departuresWithoutNetwork(city, stopId, Date.now()).then(
      (r) => live && setState({ status: 'kept', departures: r.departures, savedAt: r.kept.savedAt }),
      () => live && setState({ status: 'none' }),
    );
    return () => {
      live = false;
    };
  }, [offline, city, stopId]);
  if (!offline || state.status === 'none') return <>{fallback}</>;
  if (state.status === 'loading') return null;
  return (
    <section aria-labelledby="kept-departures" data-testid="kept-departures">
      <p className={styles.warn} role="status" id="kept-departures">
        {intl.formatMessage({ id: 'kept.offline' }, { saved: clock.at(state.savedAt) })}
      </p>
      {state.departures.length === 0 ? (
        <p className={styles.empty}>{intl.formatMessage({ id: 'eta.none' })}</p>
      ) : (
        <ul className={styles.cards}>
          {state.departures.map((d) => (
            <li key={`${d.routeId}-${d.at}`} className={styles.card}>
              <RouteBadge shortName={d.routeName} color={hex(d.color)} textColor={hex(d.textColor)} />{' '}
              {d.headsign && intl.formatMessage({ id: 'eta.towards' }, { headsign: d.headsign })} ·{' '}
              {intl.formatMessage({ id: 'eta.scheduled' }, { time: clock.at(d.at) })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
