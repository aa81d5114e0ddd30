import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { ListSkeleton, Page } from '../common/Page';
import { Problem } from '../common/Problem';
import { StopDistinctions } from '../common/StopDistinctions';
import { Attribution, WithCity } from '../common/city';
import { paths } from '../common/links';
import { gql, SearchDocument, SearchRoutesDocument, type RouteSummary, type SearchResult } from '../common/transit';
import { useLive } from '../common/useLive';
import { SearchForm } from '../landing/LandingScreen';
import styles from '../common/tracking.module.css';

type Found = { routes: RouteSummary[]; places: SearchResult[] };

function Results({ city, q }: { city: string; q: string }) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const found = useLive<Found>(
    q
      ? async (signal) => {
          const [r, s] = await Promise.all([
            gql(SearchRoutesDocument, { city, query: q }, signal),
            gql(SearchDocument, { city, query: q }, signal),
          ]);
          return { routes: r.searchRoutes, places: s.search };
        }
      : null,
    `${city}|${q}`,
    { poll: false },
  );
  if (!q) return null;
  if (found.loading) return <ListSkeleton />;
  if (!found.data) return <Problem error={found.error} onRetry={found.retry} />;
  const { routes, places } = found.data;
  const stops = places.filter((p) => p.result_type === 'STOP' && p.stop_id);
  const other = places.filter((p) => p.result_type === 'PLACE' && p.lat != null && p.lon != null);
  return (
    <>
      <p role="status">{t('results.count', { count: routes.length + stops.length + other.length, query: q })}</p>
      {routes.length > 0 && (
        <section aria-labelledby="res-routes">
          <h2 id="res-routes">{t('results.routes')}</h2>
          <ul className={styles.cards}>
            {routes.map((r) => (
              <li key={r.route_id}>
                <Link className={styles.card} to={paths.routeMap(r.route_id)}>
                  <span className={styles.cardTitle}>
                    <span className={styles.routeBadge}>{r.route_name}</span> {r.route_long_name}
                  </span>
                  {r.agency_name && <span className={styles.cardDesc}>{r.agency_name}</span>}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {stops.length > 0 && (
        <section aria-labelledby="res-stops">
          <h2 id="res-stops">{t('results.stops')}</h2>
          <ul className={styles.cards}>
            {stops.map((s) => (
              <li key={s.stop_id}>
                <Link className={styles.card} to={paths.allBuses(s.stop_id!, s.name)}>
                  <span className={styles.cardTitle}>{s.name}</span>
                  <StopDistinctions stop={s} />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {other.length > 0 && (
        <section aria-labelledby="res-places">
          <h2 id="res-places">{t('results.places')}</h2>
          <ul className={styles.cards}>
            {other.map((p, i) => (
              <li key={`${p.name}-${i}`}>
                <Link className={styles.card} to={`${paths.nearStops}?lat=${p.lat}&lon=${p.lon}&name=${encodeURIComponent(p.name)}`}>
                  <span className={styles.cardTitle}>{p.name}</span>
                  <span className={styles.cardDesc}>{t('results.placeNearby')}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {routes.length + stops.length + other.length === 0 && <p className={styles.empty}>{t('results.none', { query: q })}</p>}
      <Attribution city={city} />
    </>
  );
}

/** /live-tracking/results?q=: routes, stops and places matching the search. */
export default function ResultsScreen() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  return (
    <Page heading={intl.formatMessage({ id: 'results.heading' })} back={{ to: paths.landing, label: intl.formatMessage({ id: 'landing.heading' }) }}>
      <SearchForm key={q} initial={q} />
      <WithCity>{(city) => <Results city={city} q={q} />}</WithCity>
    </Page>
  );
}
