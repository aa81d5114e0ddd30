// Home's "next buses near you": with location permission already given, the two nearest stops and their next buses;
// without it, the rider's first saved stop in this city; with neither, a prompt to use the location (asked only when
// the rider taps) or find a stop by name. Never asks for the position uninvited.
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Favourite } from '@sawari/contracts';
import { transitQuery } from './transit';
import { NearbyStopsDocument } from '@sawari/contracts/src/generated/mf-tracking';
import { ListSkeleton } from '../common/Page';
import { AppLink } from '../common/nav';
import { useAsync } from '../common/useAsync';
import own from './home.module.css';
import { StopDepartures } from './Departures';
import { SectionProblem } from './SectionProblem';

type Geo = { status: 'checking' | 'prompt' | 'locating' | 'denied' | 'unavailable' } | { status: 'located'; lat: number; lon: number };
const NEAREST = 2;

function useHomeLocation(): [Geo, () => void] {
  const [geo, setGeo] = useState<Geo>({ status: 'checking' });
  const locate = () => {
    if (!('geolocation' in navigator)) return setGeo({ status: 'unavailable' });
    setGeo({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (p) => setGeo({ status: 'located', lat: p.coords.latitude, lon: p.coords.longitude }),
      (e) => setGeo({ status: e.code === e.PERMISSION_DENIED ? 'denied' : 'unavailable' }),
      { maximumAge: 60_000, timeout: 15_000 },
    );
  };
  useEffect(() => {
    let live = true;
    // Only a permission already granted locates at once; otherwise Home waits for the rider's tap.
    const permissions = navigator.permissions?.query({ name: 'geolocation' as PermissionName });
    if (!permissions || !('geolocation' in navigator)) {
      setGeo({ status: 'prompt' });
      return;
    }
    permissions.then(
      (s) => {
        if (!live) return;
        if (s.state === 'granted') locate();
        else setGeo({ status: s.state === 'denied' ? 'denied' : 'prompt' });
      },
      () => live && setGeo({ status: 'prompt' }),
    );
    return () => {
      live = false;
    };
  }, []);
  return [geo, locate];
}

function NearestStops({ city, lat, lon }: { city: string; lat: number; lon: number }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const near = useAsync(() => transitQuery(NearbyStopsDocument, { city, lat, lon }), `${city}|${lat.toFixed(4)}|${lon.toFixed(4)}`);
  if (near.status === 'loading') return <ListSkeleton rows={2} />;
  if (near.status === 'error') return <SectionProblem error={near.error} message={t('home.near.error')} onRetry={near.retry} />;
  const stops = near.data.nearbyStops.filter((s) => s.stop.routes.length > 0).slice(0, NEAREST);
  if (stops.length === 0)
    return (
      <p className={own.muted}>
        {t('home.near.none')} <AppLink to="/nearest-bus-stop/near-bus-stops">{t('home.near.findStop')}</AppLink>
      </p>
    );
  return (
    <ul className={own.stops}>
      {stops.map((s) => (
        <StopDepartures key={s.stop.stop_id} city={city} stopId={s.stop.stop_id} name={s.stop.stop_name} distanceMeters={s.distanceMeters} />
      ))}
    </ul>
  );
}

export function Nearby({
  city,
  favouriteStop,
  onShowsStop,
}: {
  city: string;
  favouriteStop: Favourite | null;
  /** Which saved stop this section shows (null: none), so the saved-stops section does not show it twice. */
  onShowsStop?: (stopId: string | null) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [geo, locate] = useHomeLocation();
  const located = geo.status === 'located';
  const showsFavourite = !!favouriteStop && !located && geo.status !== 'checking' && geo.status !== 'locating';
  useEffect(() => onShowsStop?.(showsFavourite ? favouriteStop.refId : null), [showsFavourite, favouriteStop, onShowsStop]);
  const heading = located || !favouriteStop ? t('home.near.heading') : t('home.near.favHeading');
  let body: React.ReactNode;
  if (geo.status === 'located') body = <NearestStops city={city} lat={geo.lat} lon={geo.lon} />;
  else if (geo.status === 'checking' || geo.status === 'locating')
    body = (
      <p role="status" className={own.muted}>
        {t('home.near.locating')}
      </p>
    );
  else {
    const why = geo.status === 'denied' ? 'home.near.denied' : geo.status === 'unavailable' ? 'home.near.unavailable' : 'home.near.prompt';
    body = (
      <>
        {favouriteStop && (
          <ul className={own.stops}>
            <StopDepartures city={city} stopId={favouriteStop.refId} name={favouriteStop.label} />
          </ul>
        )}
        <div className={own.prompt}>
          <p>{t(favouriteStop && geo.status === 'prompt' ? 'home.near.promptMore' : why)}</p>
          <div className={own.promptActions}>
            {geo.status !== 'denied' && (
              <button type="button" className={own.pillButton} onClick={locate}>
                {t('home.near.useLocation')}
              </button>
            )}
            <AppLink to="/nearest-bus-stop/near-bus-stops">{t('home.near.findStop')}</AppLink>
          </div>
        </div>
      </>
    );
  }
  return (
    <section aria-labelledby="home-near" data-testid="home-near">
      <h2 id="home-near">{heading}</h2>
      {body}
    </section>
  );
}
