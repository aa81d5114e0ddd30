// /select-trip/select-stop: the direction (when the route has two) and the from- and to-stops in route order.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, RouteBadge } from '@sawari/ui';
import type { CityConfig } from '@sawari/runtime';
import { useFlow } from '../common/flow';
import { connectingStopId, directionsBoardingAt, stopsAfter } from '../common/model';
import { CityGate, ListSkeleton, LoadError, Page, Steps, paths, styles, useAsync, useT } from '../common/ui';
import { gql, RouteDocument } from '../common/transit';
import { chooseDirection } from './buy-model';

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
  // A connecting route gets on where the last route ends: only there, in a direction that leaves from there.
  const connectAt = connectingStopId(flow);
  const usable = connectAt ? directionsBoardingAt(route.directions, connectAt) : route.directions;
  if (connectAt && usable.length === 0)
    return (
      <p className={styles.alert} role="alert">
        {t('multi.routeNotFromStop', { route: route.route_name })} <Link to={paths.selectRoute}>{t('multi.chooseAnother')}</Link>
      </p>
    );
  const { directions, shown: direction } = chooseDirection(usable, flow.directionId, connectAt ?? flow.fromStopId);
  if (!direction) return <p className={styles.empty}>{t('selectStop.noStops')}</p>;
  const boarding = connectAt ? direction.stops.filter((s) => s.stop_id === connectAt).slice(0, 1) : direction.stops.slice(0, -1);
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
                onChange={() => set({ directionId: d.directionId, fromStopId: connectAt, toStopId: null })}
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
          {!connectAt && <option value="">{t('selectStop.choose')}</option>}
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
