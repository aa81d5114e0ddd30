import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import type { ApiRequestError } from '@sawari/runtime';
import { Button, RouteBadge } from '@sawari/ui';
import { ListSkeleton, Page } from '../common/Page';
import { Problem } from '../common/Problem';
import { StopDistinctions } from '../common/StopDistinctions';
import { Attribution, WithCity } from '../common/city';
import { paths } from '../common/links';
import { gql, SearchPageDocument, SearchRoutesPageDocument, type RouteSummary, type SearchResult } from '../common/transit';
import { useGeolocation, type GeoState } from '../common/useGeolocation';
import { distanceFrom, oneResultPerStation, routeTitle } from './results';
import { SearchBox } from './SearchBox';
import { usePaged, type Paged } from './usePaged';
import styles from '../common/tracking.module.css';

/** The rider's position when they have already allowed it (no prompt on arrival); else on request. */
function useKnownPosition(): [GeoState, () => void] {
  const [geo, locate] = useGeolocation();
  useEffect(() => {
    let live = true;
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((p) => live && p.state === 'granted' && locate())
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [locate]);
  return [geo, locate];
}

function MoreButton({ paged, label }: { paged: Paged<unknown>; label: string }) {
  const intl = useIntl();
  if (!paged.more && paged.status !== 'moreFailed') return null;
  return (
    <div className={styles.actions}>
      <Button type="button" onClick={paged.loadMore} disabled={paged.status === 'more'} aria-busy={paged.status === 'more'}>
        {paged.status === 'more' ? intl.formatMessage({ id: 'results.loadingMore' }) : label}
      </Button>
      {paged.status === 'moreFailed' && (
        <p role="alert" className={styles.alert}>
          {intl.formatMessage({ id: 'results.moreFailed' })}
        </p>
      )}
    </div>
  );
}

function Results({ city, q }: { city: string; q: string }) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const [geo, locate] = useKnownPosition();
  const routes = usePaged<RouteSummary>(
    (offset, limit) => gql(SearchRoutesPageDocument, { city, query: q, limit, offset }).then((r) => r.searchRoutes),
    `${city}|${q}|r`,
    (r) => r.route_id,
  );
  const places = usePaged<SearchResult>(
    (offset, limit) => gql(SearchPageDocument, { city, query: q, limit, offset }).then((r) => r.search),
    `${city}|${q}|s`,
    (p) => (p.stop_id ? `s|${p.stop_id}` : `p|${p.name}|${p.lat}|${p.lon}`),
  );
  if (!q) return null;
  if (routes.status === 'loading' || places.status === 'loading') return <ListSkeleton />;
  if (routes.status === 'failed' || places.status === 'failed') {
    const failed = routes.status === 'failed' ? routes : places;
    return <Problem error={failed.error as ApiRequestError} onRetry={failed.retry} />;
  }
  const found = oneResultPerStation(
    places.items.filter((p) => (p.result_type === 'STOP' && p.stop_id) || (p.result_type === 'PLACE' && p.lat != null && p.lon != null)),
  );
  const shown = routes.items.length + found.length;
  const rider = geo.status === 'located' ? geo : null;
  const distance = (lat: number | null, lon: number | null) => {
    if (!rider || lat == null || lon == null) return null;
    const d = distanceFrom(rider, lat, lon);
    return t('stop.distance', { distance: intl.formatNumber(d.value, { style: 'unit', unit: d.unit, unitDisplay: 'short' }) });
  };
  return (
    <>
      <p role="status">{t(routes.more || places.more ? 'results.countMore' : 'results.count', { count: shown, query: q })}</p>
      {routes.items.length > 0 && (
        <section aria-labelledby="res-routes">
          <h2 id="res-routes">{t('results.routes')}</h2>
          <ul className={styles.cards}>
            {routes.items.map((r) => {
              const { badge, title } = routeTitle(r.route_name, r.route_long_name);
              return (
                <li key={r.route_id}>
                  <Link className={styles.card} to={paths.routeMap(r.route_id)}>
                    <span className={styles.cardTitle}>
                      {badge ? (
                        <>
                          <RouteBadge shortName={badge} color={r.color} textColor={r.text_color} /> {title}
                        </>
                      ) : (
                        // No short name (Kochi): the badge abbreviates the long name, shown whole beside it.
                        <>
                          <RouteBadge shortName={title} color={r.color} textColor={r.text_color} /> {title}
                        </>
                      )}
                    </span>
                    {r.agency_name && <span className={styles.cardDesc}>{r.agency_name}</span>}
                  </Link>
                </li>
              );
            })}
          </ul>
          <MoreButton paged={routes as Paged<unknown>} label={t('results.moreRoutes')} />
        </section>
      )}
      {found.length > 0 && (
        <section aria-labelledby="res-stops">
          <h2 id="res-stops">{t('results.stopsAndPlaces')}</h2>
          {!rider && (
            <p className={styles.hint}>
              {geo.status === 'denied' ? (
                t('results.locationDenied')
              ) : geo.status === 'unavailable' ? (
                t('results.locationUnavailable')
              ) : (
                <Button type="button" variant="secondary" onClick={locate} disabled={geo.status === 'locating'}>
                  {t(geo.status === 'locating' ? 'results.locating' : 'results.showDistance')}
                </Button>
              )}
            </p>
          )}
          <ul className={styles.cards}>
            {found.map((h) => {
              if (h.kind === 'station')
                // Several stops of one name at one place (a junction's platforms): one result, to the stops around it.
                return (
                  <li key={`st|${h.stops[0].stop_id}`} data-station={h.stops.length}>
                    <Link className={styles.card} to={`${paths.nearStops}?lat=${h.lat}&lon=${h.lon}&name=${encodeURIComponent(h.name)}`}>
                      <span className={styles.cardTitle}>{h.name}</span>
                      <span className={styles.cardDesc}>{t('results.stationStops', { n: h.stops.length })}</span>
                      <StopDistinctions stop={{ stop_code: null, towards: h.towards, routeNames: h.routeNames }} distance={distance(h.lat, h.lon)} />
                    </Link>
                  </li>
                );
              if (h.kind === 'stop') {
                const p = h.stop;
                return (
                  <li key={`s|${p.stop_id}`}>
                    <Link className={styles.card} to={paths.allBuses(p.stop_id!, p.name)}>
                      <span className={styles.cardTitle}>{p.name}</span>
                      <StopDistinctions stop={p} distance={distance(p.lat, p.lon)} />
                    </Link>
                  </li>
                );
              }
              const p = h.place;
              return (
                <li key={`p|${p.name}|${p.lat}|${p.lon}`}>
                  <Link className={styles.card} to={`${paths.nearStops}?lat=${p.lat}&lon=${p.lon}&name=${encodeURIComponent(p.name)}`}>
                    <span className={styles.cardTitle}>{p.name}</span>
                    <span className={styles.cardDesc}>
                      {[t('results.place'), distance(p.lat, p.lon), t('results.placeNearby')].filter(Boolean).join(' · ')}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
          <MoreButton paged={places as Paged<unknown>} label={t('results.moreStops')} />
        </section>
      )}
      {shown === 0 && <p className={styles.empty}>{t('results.none', { query: q })}</p>}
      <Attribution city={city} />
    </>
  );
}

/** /live-tracking/results?q=: routes, stops (one result per station) and places matching the search, following the box as the rider types. */
export default function ResultsScreen() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  return (
    <Page heading={intl.formatMessage({ id: 'results.heading' })} back={{ to: paths.landing, label: intl.formatMessage({ id: 'landing.heading' }) }}>
      <SearchBox />
      <WithCity>{(city) => <Results city={city} q={q} />}</WithCity>
    </Page>
  );
}
