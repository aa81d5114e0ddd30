import { useEffect, useId, useState, type FormEvent } from 'react';
import { Fragment } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, RouteBadge } from '@sawari/ui';
import { ListSkeleton, LoadError } from '../common/Page';
import { walkingFromMeters } from '../common/format';
import { useClock } from '../common/clock';
import { StopDistinctions } from '../common/StopDistinctions';
import { paths } from '../common/links';
import { gql, NearbyStopsDocument, SearchDocument, type NearbyStop } from '../common/transit';
import { useGeolocation } from '../common/useGeolocation';
import { useLive } from '../common/useLive';
import styles from '../common/tracking.module.css';

export type Origin = { lat: number; lon: number; name?: string | null };

/** Where to look from: ?lat=&lon= (a place the rider picked), else the browser's position (asked at once). */
export function useOrigin(): { origin: Origin | null; geo: ReturnType<typeof useGeolocation>[0]; locate: () => void } {
  const [params] = useSearchParams();
  const lat = Number(params.get('lat'));
  const lon = Number(params.get('lon'));
  const fromQuery = params.has('lat') && Number.isFinite(lat) && Number.isFinite(lon) ? { lat, lon, name: params.get('name') } : null;
  const [geo, locate] = useGeolocation();
  useEffect(() => {
    if (!fromQuery) locate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [!!fromQuery]);
  const origin = fromQuery ?? (geo.status === 'located' ? { lat: geo.lat, lon: geo.lon } : null);
  return { origin, geo, locate };
}

export function useNearbyStops(city: string, origin: Origin | null) {
  return useLive(
    origin ? (signal) => gql(NearbyStopsDocument, { city, lat: origin.lat, lon: origin.lon }, signal).then((r) => r.nearbyStops) : null,
    `${city}|${origin?.lat}|${origin?.lon}`,
    { poll: false },
  );
}

/** What the rider sees while there is no position: locating, or why not, with a manual search. */
export function LocationProblem({ geo, locate, city }: { geo: ReturnType<typeof useGeolocation>[0]; locate: () => void; city: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  if (geo.status === 'locating' || geo.status === 'idle') return <p role="status">{t('nearby.locating')}</p>;
  if (geo.status === 'located') return null;
  return (
    <>
      <div className={styles.alert} role="alert">
        <p style={{ margin: 0 }}>{t(geo.status === 'denied' ? 'nearby.denied' : 'nearby.unavailable')}</p>
        <button type="button" className={styles.textButton} onClick={locate}>
          {t('nearby.tryAgain')}
        </button>
      </div>
      <ManualStopSearch city={city} />
    </>
  );
}

/** Without a position: find a stop by name instead. */
export function ManualStopSearch({ city }: { city: string }) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string>) => intl.formatMessage({ id }, v);
  const id = useId();
  const [q, setQ] = useState('');
  const [submitted, setSubmitted] = useState('');
  const found = useLive(submitted ? (signal) => gql(SearchDocument, { city, query: submitted }, signal).then((r) => r.search) : null, `${city}|${submitted}`, {
    poll: false,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(q.trim());
  };
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('nearby.manual.heading')}</h2>
      <form role="search" onSubmit={submit}>
        <div className={styles.field}>
          <label htmlFor={id}>{t('nearby.manual.label')}</label>
          <div className={styles.searchRow}>
            <input id={id} className={styles.input} type="search" value={q} onChange={(e) => setQ(e.target.value)} autoComplete="off" />
            <Button type="submit">{t('search.button')}</Button>
          </div>
        </div>
      </form>
      {submitted && found.loading && <ListSkeleton rows={2} />}
      {submitted && !found.loading && !found.data && <LoadError error={found.error} onRetry={found.retry} />}
      {found.data && (
        <ul className={styles.cards}>
          {found.data.map((r, i) =>
            r.result_type === 'STOP' && r.stop_id ? (
              <li key={r.stop_id}>
                <Link className={styles.card} to={paths.allBuses(r.stop_id, r.name)}>
                  <span className={styles.cardTitle}>{r.name}</span>
                  <StopDistinctions stop={r} />
                </Link>
              </li>
            ) : r.lat != null && r.lon != null ? (
              <li key={`p-${i}`}>
                <Link className={styles.card} to={`${paths.nearStops}?lat=${r.lat}&lon=${r.lon}&name=${encodeURIComponent(r.name)}`}>
                  <span className={styles.cardTitle}>{r.name}</span>
                  <span className={styles.cardDesc}>{t('results.placeNearby')}</span>
                </Link>
              </li>
            ) : null,
          )}
          {found.data.length === 0 && <li className={styles.empty}>{t('results.none', { query: submitted })}</li>}
        </ul>
      )}
    </section>
  );
}

/** The three soonest scheduled departures of a stop's routes (each route's next arrival there, service-day seconds). */
function nextDepartures<R extends { arrival_time: number | null; route_name: string }>(routes: readonly R[]): R[] {
  return routes
    .filter((r) => r.arrival_time != null)
    .sort((a, b) => a.arrival_time! - b.arrival_time!)
    .slice(0, 3);
}

/** Nearby stops, nearest first, with walking distance (spec §9), where their buses go and their code, the next departures and the routes calling there. */
export function NearbyList({ stops }: { stops: readonly NearbyStop[] }) {
  const intl = useIntl();
  const clock = useClock();
  if (stops.length === 0) return <p className={styles.empty}>{intl.formatMessage({ id: 'nearby.none' })}</p>;
  return (
    <ul className={styles.cards}>
      {stops.map(({ stop, distanceMeters }) => (
        <li key={stop.stop_id}>
          <Link className={styles.card} to={paths.allBuses(stop.stop_id, stop.stop_name, distanceMeters)}>
            <span className={styles.row}>
              <span className={styles.cardTitle}>{stop.stop_name}</span>
              <span className={styles.badge}>{intl.formatMessage({ id: 'nearby.walk' }, { walk: walkingFromMeters(distanceMeters, intl.locale) })}</span>
            </span>
            {/* What tells it from same-named stops (ten "Vyttila" in Kochi); its routes are the line below. */}
            <StopDistinctions stop={{ stop_code: stop.stop_code, towards: stop.towards, routeNames: [] }} />
            {nextDepartures(stop.routes).length > 0 && (
              <span className={styles.cardDesc}>
                <FormattedMessage
                  id="nearby.next"
                  values={{
                    list: nextDepartures(stop.routes).map((r, i) => (
                      <Fragment key={r.route_id}>
                        {i > 0 && ', '}
                        <FormattedMessage
                          id="nearby.nextItem"
                          values={{
                            route: <RouteBadge shortName={r.route_name} color={r.color} textColor={r.text_color} />,
                            time: clock.service(r.arrival_time!),
                          }}
                        />
                      </Fragment>
                    )),
                  }}
                />
              </span>
            )}
            {stop.routes.length > 0 && (
              <span className={styles.cardDesc}>
                <FormattedMessage
                  id="nearby.routes"
                  values={{
                    routes: (
                      <span className={styles.badges}>
                        {stop.routes.slice(0, 8).map((r) => (
                          <RouteBadge key={r.route_id} shortName={r.route_name} color={r.color} textColor={r.text_color} />
                        ))}
                      </span>
                    ),
                  }}
                />
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
