// Buying a single-journey ticket, first half: /buy-bus-ticket (what to buy), /select-trip/select-route (or
// /one-way-ticket, which also takes ?city=&routeId= from the passes remote's /book/bookTicket hand-over) and
// /select-trip/select-stop (from-stop and to-stop in route order). What the rider chose stays in the flow atom.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, RouteBadge } from '@sawari/ui';
import type { CityConfig } from '@sawari/runtime';
import { useCityConfig } from '@sawari/runtime';
import { useFlow } from '../common/flow';
import { removeLeg, stopsAfter } from '../common/model';
import { CityGate, ListSkeleton, LoadError, Page, Steps, asApiError, paths, styles, useAsync, useT } from '../common/ui';
import { gql, RouteDocument, SearchRoutesDocument, type RouteSummary } from '../common/transit';

/** /buy-bus-ticket: single-journey or instant ticket, and the wallet. */
export function BuyLandingScreen() {
  const t = useT();
  return (
    <Page heading={t('buy.heading')} intro={t('buy.intro')}>
      <CityGate>
        {(city) => (
          <ul className={styles.cards}>
            <li>
              <Link className={`${styles.card} ${styles.cardLink}`} to={paths.selectRoute}>
                <span className={styles.cardTitle}>{t('buy.single.title')}</span>
                <span className={styles.muted}>{t('buy.single.body', { city: city.name })}</span>
              </Link>
            </li>
            <li>
              <Link className={`${styles.card} ${styles.cardLink}`} to={paths.instant}>
                <span className={styles.cardTitle}>{t('buy.instant.title')}</span>
                <span className={styles.muted}>{t('buy.instant.body')}</span>
              </Link>
            </li>
            <li>
              <Link className={`${styles.card} ${styles.cardLink}`} to={paths.wallet}>
                <span className={styles.cardTitle}>{t('wallet.heading')}</span>
                <span className={styles.muted}>{t('buy.wallet.body')}</span>
              </Link>
            </li>
          </ul>
        )}
      </CityGate>
    </Page>
  );
}

function RouteSearch({ city }: { city: CityConfig }) {
  const t = useT();
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
    if (query.trim()) void search(query);
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
      {flow.legs.length > 0 && (
        <p className={styles.hint}>
          {t('multi.legStep', { n: flow.legs.length + 1 })}{' '}
          <button type="button" className={styles.textButton} onClick={cancelLeg}>
            {t('multi.cancelLeg')}
          </button>
        </p>
      )}
      <form onSubmit={submit} noValidate role="search">
        <div className={styles.field}>
          <label htmlFor={id}>{t('selectRoute.label')}</label>
          <span className={styles.hint} id={`${id}-hint`}>
            {t('selectRoute.hint')}
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
            <p className={styles.empty}>{t('selectRoute.none', { query: query.trim() })}</p>
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
    const ride =
      from && to
        ? r.directions.find((d) => {
            const i = d.stops.findIndex((s) => s.stop_id === from);
            return i >= 0 && d.stops.slice(i + 1).some((s) => s.stop_id === to);
          })
        : undefined;
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

function StopPicker({ city }: { city: CityConfig }) {
  const t = useT();
  const navigate = useNavigate();
  const [flow, setFlow] = useFlow();
  const fromId = useId();
  const toId = useId();
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const routeId = flow.route?.routeId ?? null;
  const load = useAsync(routeId ? () => gql(RouteDocument, { city: city.id, routeId }) : null, `${city.id}|${routeId}`);
  useEffect(() => {
    if (!routeId || flow.city !== city.id) navigate(paths.selectRoute, { replace: true });
  }, [routeId, flow.city, city.id, navigate]);
  if (!routeId) return null;
  if (load.status === 'loading') return <ListSkeleton />;
  if (load.status === 'error') return <LoadError error={load.error} onRetry={load.retry} />;
  const route = load.data.route;
  if (!route)
    return (
      <p className={styles.alert} role="alert">
        {t('selectRoute.unknownRoute', { routeId })}
      </p>
    );
  const directions = route.directions.filter((d) => d.stops.length >= 2);
  const direction =
    directions.find((d) => d.directionId === flow.directionId) ??
    directions.find((d) => d.stops.slice(0, -1).some((s) => s.stop_id === flow.fromStopId)) ??
    directions[0];
  if (!direction) return <p className={styles.empty}>{t('selectStop.noStops')}</p>;
  const boarding = direction.stops.slice(0, -1);
  const fromValue = boarding.some((s) => s.stop_id === flow.fromStopId) ? flow.fromStopId! : '';
  const alighting = stopsAfter(direction.stops, flow.fromStopId);
  const set = (patch: Partial<typeof flow>) => setFlow((f) => ({ ...f, ...patch, quote: null, detailsConfirmed: false }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!flow.fromStopId || !boarding.some((s) => s.stop_id === flow.fromStopId)) next.from = t('selectStop.fromMissing');
    if (!flow.toStopId || !alighting.some((s) => s.stop_id === flow.toStopId)) next.to = t('selectStop.toMissing');
    setErrors(next);
    if (next.from) return document.getElementById(fromId)?.focus();
    if (next.to) return document.getElementById(toId)?.focus();
    set({ directionId: direction.directionId });
    navigate(paths.selectTicket);
  };
  return (
    <form onSubmit={submit} noValidate>
      {flow.legs.length > 0 && <p className={styles.hint}>{t('multi.legStep', { n: flow.legs.length + 1 })}</p>}
      <p>
        <RouteBadge className={styles.routeBadge} shortName={route.route_name} color={route.color} textColor={route.text_color} />
        <strong>{route.route_long_name ?? ''}</strong> <Link to={paths.selectRoute}>{t('selectStop.changeRoute')}</Link>
      </p>
      {directions.length > 1 && (
        <fieldset className={styles.fieldset}>
          <legend>{t('selectStop.direction')}</legend>
          {directions.map((d) => (
            <label key={d.directionId} className={styles.option}>
              <input
                type="radio"
                name="direction"
                checked={d.directionId === direction.directionId}
                onChange={() => set({ directionId: d.directionId, fromStopId: null, toStopId: null })}
              />
              <span>{t('selectStop.towards', { headsign: d.headsign || d.stops[d.stops.length - 1].stop_name })}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div className={styles.field}>
        <label htmlFor={fromId}>{t('selectStop.from')}</label>
        <select
          id={fromId}
          className={styles.input}
          value={fromValue}
          aria-invalid={errors.from ? true : undefined}
          aria-describedby={errors.from ? `${fromId}-e` : undefined}
          onChange={(e) => {
            const from = e.target.value || null;
            setErrors((x) => ({ ...x, from: undefined }));
            set({
              directionId: direction.directionId,
              fromStopId: from,
              toStopId: stopsAfter(direction.stops, from).some((s) => s.stop_id === flow.toStopId) ? flow.toStopId : null,
            });
          }}
        >
          <option value="">{t('selectStop.choose')}</option>
          {boarding.map((s) => (
            <option key={s.stop_id} value={s.stop_id}>
              {s.stop_name}
            </option>
          ))}
        </select>
        {errors.from && (
          <span id={`${fromId}-e`} className={styles.error}>
            {errors.from}
          </span>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor={toId}>{t('selectStop.to')}</label>
        <select
          id={toId}
          className={styles.input}
          value={flow.toStopId ?? ''}
          disabled={!fromValue}
          aria-invalid={errors.to ? true : undefined}
          aria-describedby={errors.to ? `${toId}-e` : `${toId}-h`}
          onChange={(e) => {
            setErrors((x) => ({ ...x, to: undefined }));
            set({ toStopId: e.target.value || null });
          }}
        >
          <option value="">{t('selectStop.choose')}</option>
          {alighting.map((s) => (
            <option key={s.stop_id} value={s.stop_id}>
              {s.stop_name}
            </option>
          ))}
        </select>
        {errors.to ? (
          <span id={`${toId}-e`} className={styles.error}>
            {errors.to}
          </span>
        ) : (
          <span id={`${toId}-h`} className={styles.hint}>
            {t('selectStop.toHint')}
          </span>
        )}
      </div>
      <Button type="submit">{t('common.continue')}</Button>
    </form>
  );
}

/** /select-trip/select-stop. */
export function SelectStopScreen() {
  const t = useT();
  return (
    <Page heading={t('selectStop.heading')} back={{ to: paths.selectRoute, label: t('selectRoute.heading') }}>
      <Steps current="stops" />
      <CityGate>{(city) => <StopPicker city={city} />}</CityGate>
    </Page>
  );
}
