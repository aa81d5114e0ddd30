// Home's saved stops and routes (GET /api/favourites, this city's): each stop with its next buses, each route in its
// colours with the buses running on it now and where each is heading next. Nothing saved: how to save one.
import { useIntl } from 'react-intl';
import type { Favourite } from '@sawari/contracts';
import { transitQuery } from './transit';
import { RouteDocument, RouteVehiclesDocument } from '@sawari/contracts/src/generated/mf-tracking';
import { AppLink } from '../common/nav';
import { useAsync } from '../common/useAsync';
import own from './home.module.css';
import { RouteBadge, StopDepartures } from './Departures';
import { routePath } from './departures';

const MAX_EACH = 3;

function FavouriteRoute({ city, f }: { city: string; f: Favourite }) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const data = useAsync(
    () => Promise.all([transitQuery(RouteDocument, { city, routeId: f.refId }), transitQuery(RouteVehiclesDocument, { city, routeId: f.refId })]),
    `${city}|${f.refId}`,
  );
  const route = data.status === 'ready' ? data.data[0].route : null;
  const vehicles = data.status === 'ready' ? data.data[1].routeVehicles : [];
  const next = vehicles.find((v) => v.nextStopName);
  return (
    <li className={own.stop} data-route-id={f.refId}>
      <h3>
        <AppLink to={routePath(f.refId)} className={own.routeLink}>
          <RouteBadge name={route?.route_name ?? f.label} color={route?.color ?? null} textColor={route?.text_color ?? null} />
          <span>{route?.route_long_name || f.detail || f.label}</span>
        </AppLink>
      </h3>
      {data.status === 'ready' && (
        <p className={own.muted}>
          {vehicles.length === 0
            ? t('home.fav.noneRunning')
            : t('home.fav.running', { n: vehicles.length, stop: next?.nextStopName ?? '—', vehicle: next?.vNo ?? vehicles[0].vNo })}
        </p>
      )}
      {data.status === 'error' && <p className={own.muted}>{t('home.fav.routeError')}</p>}
    </li>
  );
}

export function Favourites({ city, favourites, skipStop }: { city: string; favourites: Favourite[]; skipStop: string | null }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const stops = favourites.filter((f) => f.kind === 'stop' && f.city === city && f.refId !== skipStop).slice(0, MAX_EACH);
  const routes = favourites.filter((f) => f.kind === 'route' && f.city === city).slice(0, MAX_EACH);
  return (
    <section aria-labelledby="home-favourites" data-testid="home-favourites">
      <h2 id="home-favourites">{t('home.fav.heading')}</h2>
      {stops.length + routes.length === 0 ? (
        <p className={own.muted}>
          {t('home.fav.empty')} <AppLink to="/live-tracking">{t('home.fav.find')}</AppLink>
        </p>
      ) : (
        <ul className={own.stops}>
          {stops.map((f) => (
            <StopDepartures key={f.id} city={city} stopId={f.refId} name={f.label} />
          ))}
          {routes.map((f) => (
            <FavouriteRoute key={f.id} city={city} f={f} />
          ))}
        </ul>
      )}
      <p>
        <AppLink to="/Favorites">{t('home.fav.all')}</AppLink>
      </p>
    </section>
  );
}
