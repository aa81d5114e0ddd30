// /select-trip/select-route and /one-way-ticket: the route search, or a hand-over naming the route (?city=&routeId=,
// from the passes remote's /book/bookTicket; with &from=&to= from the trip planner's "Buy this ticket"). What the
// rider chose stays in the flow atom.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, RouteBadge } from '@sawari/ui';
import { useCityConfig, type CityConfig } from '@sawari/runtime';
import { useFlow } from '../common/flow';
import { connectingStopId, matchingRoutes, removeLeg, routeExample } from '../common/model';
import { CityGate, ListSkeleton, LoadError, Page, Steps, asApiError, paths, styles, useAsync, useT } from '../common/ui';
import { CityExampleDocument, gql, RouteDocument, SearchRoutesDocument, StopRoutesDocument, type RouteSummary } from '../common/transit';
import { directionServing } from './buy-model';

function RouteSearch({ city }: { city: CityConfig }) {
  const [flow] = useFlow();
  const stopId = connectingStopId(flow);
  return stopId ? <ConnectingRoutes city={city} stopId={stopId} /> : <RouteSearchForm city={city} />;
}

/**
 * A connecting route starts where the last one ends: only that stop's routes are offered (shared/domain
 * firstUnconnectedLeg, the rule the server sells by), and what the rider types filters them.
 */
function ConnectingRoutes({ city, stopId }: { city: CityConfig; stopId: string }) {
  const load = useAsync(() => gql(StopRoutesDocument, { city: city.id, stopId }), `${city.id}|${stopId}`);
  if (load.status === 'loading') return <ListSkeleton />;
  if (load.status === 'error') return <LoadError error={load.error} onRetry={load.retry} />;
  const stop = load.data.stop;
  return <RouteSearchForm city={city} connecting={{ stopName: stop?.stop_name ?? stopId, routes: stop?.routes ?? [] }} />;
}

/** The hint's example, from the city's own routes (a stop near its centre), or from the connecting stop's routes. */
function useExample(city: CityConfig, connecting?: { stopName: string; routes: RouteSummary[] }) {
  const near = useAsync(
    connecting
      ? null
      : async () => routeExample((await gql(CityExampleDocument, { city: city.id, lat: city.lat, lon: city.lon })).nearbyStops.map((n) => n.stop)),
    city.id,
  );
  if (connecting) return connecting.routes[0] ? { route: connecting.routes[0].route_name, stop: connecting.stopName } : null;
  return near.status === 'ready' ? near.data : null;
}

function RouteSearchForm({ city, connecting }: { city: CityConfig; connecting?: { stopName: string; routes: RouteSummary[] } }) {
  const t = useT();
  const example = useExample(city, connecting);
  const id = useId();
  const navigate = useNavigate();
  const [flow, setFlow] = useFlow();
  const [query, setQuery] = useState(flow.city === city.id ? flow.query : '');
  const [state, setState] = useState<{
    status: 'idle' | 'loading' | 'ready' | 'error';
    routes: RouteSummary[];
    error: ReturnType<typeof asApiError> | null;
    message: string | null;
  }>({ status: 'idle', routes: [], error: null, message: null });
  const input = useRef<HTMLInputElement>(null);
  const search = async (q: string) => {
    const text = q.trim();
    if (connecting) {
      setFlow((f) => ({ ...f, query: text }));
      setState({ status: 'ready', routes: matchingRoutes(connecting.routes, text), error: null, message: null });
      return;
    }
    if (!text) {
      setState({ status: 'idle', routes: [], error: null, message: t('selectRoute.empty') });
      input.current?.focus();
      return;
    }
    setFlow((f) => ({ ...f, query: text }));
    setState({ status: 'loading', routes: [], error: null, message: null });
    try {
      const { searchRoutes } = await gql(SearchRoutesDocument, { city: city.id, query: text });
      setState({ status: 'ready', routes: searchRoutes, error: null, message: null });
    } catch (err) {
      setState({ status: 'error', routes: [], error: asApiError(err), message: null });
    }
  };
  // A search typed earlier comes back with its results.
  useEffect(() => {
    if (connecting || query.trim()) void search(query);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void search(query);
  };
  const choose = (r: RouteSummary) => {
    setFlow((f) => ({
      ...f,
      city: city.id,
      route: { routeId: r.route_id, routeName: r.route_name, longName: r.route_long_name, agency: r.agency_name },
      // A connecting route starts where the last leg ends (when the route serves that stop).
      directionId: null,
      fromStopId: f.legs.at(-1)?.toStopId ?? null,
      toStopId: null,
      quote: null,
      detailsConfirmed: false,
    }));
    navigate(paths.selectStop);
  };
  const cancelLeg = () => {
    setFlow((f) => removeLeg(f, f.legs.length));
    navigate(paths.selectTicket);
  };
  return (
    <>
      {connecting && (
        <p className={styles.hint}>
          {t('multi.legStep', { n: flow.legs.length + 1 })} {t('multi.routesFrom', { stop: connecting.stopName })}{' '}
          <button type="button" className={styles.textButton} onClick={cancelLeg}>
            {t('multi.cancelLeg')}
          </button>
        </p>
      )}
      <form onSubmit={submit} noValidate role="search">
        <div className={styles.field}>
          <label htmlFor={id}>{t('selectRoute.label')}</label>
          <span className={styles.hint} id={`${id}-hint`}>
            {example ? t('selectRoute.hint', example) : t('selectRoute.hintPlain')}
          </span>
          <div className={styles.searchRow}>
            <input
              ref={input}
              id={id}
              className={styles.input}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              autoComplete="off"
              maxLength={100}
              aria-describedby={`${id}-hint${state.message ? ` ${id}-msg` : ''}`}
              aria-invalid={state.message ? true : undefined}
            />
            <Button type="submit">{t('selectRoute.button')}</Button>
          </div>
          {state.message && (
            <span className={styles.error} id={`${id}-msg`} role="alert">
              {state.message}
            </span>
          )}
        </div>
      </form>
      {state.status === 'loading' && <ListSkeleton />}
      {state.status === 'error' && <LoadError error={state.error} onRetry={() => void search(query)} />}
      {state.status === 'ready' && (
        <>
          <p role="status" className={styles.muted}>
            {t('selectRoute.count', { count: state.routes.length })}
          </p>
          {state.routes.length === 0 ? (
            <p className={styles.empty}>
              {connecting
                ? query.trim()
                  ? t('multi.noneFromMatching', { stop: connecting.stopName, query: query.trim() })
                  : t('multi.noneFrom', { stop: connecting.stopName })
                : t('selectRoute.none', { query: query.trim() })}
            </p>
          ) : (
            <ul className={styles.cards}>
              {state.routes.map((r) => (
                <li key={r.route_id}>
                  <button type="button" className={styles.optionButton} onClick={() => choose(r)}>
                    <RouteBadge className={styles.routeBadge} shortName={r.route_name} color={r.color} textColor={r.text_color} />
                    <strong>{r.route_long_name ?? r.route_name}</strong>
                    {r.agency_name && <span className={`${styles.muted} ${styles.small}`}> · {r.agency_name}</span>}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}

/**
 * A hand-over from /book/bookTicket/:city/:routeId (?city=&routeId=): that route, then the stops. With &from=&to= (the
 * trip planner's "Buy this ticket") and a direction of the route going from `from` to `to`: straight to the ticket.
 */
function HandOver({ city, routeId, from, to }: { city: CityConfig; routeId: string; from?: string | null; to?: string | null }) {
  const navigate = useNavigate();
  const [, setFlow] = useFlow();
  const load = useAsync(() => gql(RouteDocument, { city: city.id, routeId }), `${city.id}|${routeId}`);
  const t = useT();
  useEffect(() => {
    if (load.status !== 'ready' || !load.data.route) return;
    const r = load.data.route;
    const ride = directionServing(r.directions, from, to);
    setFlow((f) => ({
      ...f,
      city: city.id,
      route: { routeId: r.route_id, routeName: r.route_name, longName: r.route_long_name, agency: r.agency_name },
      // The hand-over starts a new single journey.
      legs: [],
      directionId: ride?.directionId ?? null,
      fromStopId: ride ? from! : null,
      toStopId: ride ? to! : null,
      quote: null,
      detailsConfirmed: false,
    }));
    navigate(ride ? paths.selectTicket : paths.selectStop, { replace: true });
  }, [load.status, load.data, city.id, from, to, navigate, setFlow]);
  if (load.status === 'error') return <LoadError error={load.error} onRetry={load.retry} />;
  if (load.status === 'ready' && !load.data.route)
    return (
      <p className={styles.alert} role="alert">
        {t('selectRoute.unknownRoute', { routeId })}
      </p>
    );
  return <ListSkeleton />;
}

/** /select-trip/select-route and /one-way-ticket. */
export function SelectRouteScreen() {
  const t = useT();
  const [params] = useSearchParams();
  const { cityId, setCity } = useCityConfig();
  const wantCity = params.get('city');
  const routeId = params.get('routeId');
  // The hand-over names the city the rider chose on the passes screens.
  useEffect(() => {
    if (wantCity && /^[a-z0-9-]{1,40}$/.test(wantCity) && wantCity !== cityId) setCity(wantCity);
  }, [wantCity, cityId, setCity]);
  return (
    <Page heading={t('selectRoute.heading')} back={{ to: paths.buy, label: t('buy.heading') }}>
      <Steps current="route" />
      <CityGate>
        {(city) =>
          routeId && (!wantCity || wantCity === city.id) ? (
            <HandOver city={city} routeId={routeId} from={params.get('from')} to={params.get('to')} />
          ) : (
            <RouteSearch city={city} />
          )
        }
      </CityGate>
    </Page>
  );
}
