// /premium-buses/viewODStopDetails/:routeId/:fromStopId/:toStopId (FIND_MY_STOP): the stops on a map and as a list.
import { lazy, Suspense } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { loadLines } from '../common/api';
import { ListSkeleton, LoadError, Page, PremiumGate, RequireSignIn, styles, useAsync, useT } from '../common/ui';

const StopMap = lazy(() => import(/* webpackChunkName: "premium-map" */ '../live/StopMap'));

/** /premium-buses/viewODStopDetails/:routeId/:fromStopId/:toStopId (FIND_MY_STOP): the stops on a map and as a list. */
export function StopsScreen() {
  const t = useT();
  const { routeId = '', fromStopId = '', toStopId = '' } = useParams();
  // a booking's stops (?city= its city) open from any city; else the stops of the city chosen
  const bookingCity = useSearchParams()[0].get('city');
  return (
    <Page heading={t('stops.heading')}>
      <RequireSignIn>
        {bookingCity && /^[a-z0-9-]{1,40}$/.test(bookingCity) ? (
          <Stops city={bookingCity} lineId={routeId} from={fromStopId} to={toStopId} />
        ) : (
          <PremiumGate>{(city) => <Stops city={city} lineId={routeId} from={fromStopId} to={toStopId} />}</PremiumGate>
        )}
      </RequireSignIn>
    </Page>
  );
}

function Stops({ city, lineId, from, to }: { city: string; lineId: string; from: string; to: string }) {
  const t = useT();
  const lines = useAsync(() => Promise.all([loadLines(city, 'PREMIUM'), loadLines(city, 'AIRPORT'), loadLines(city, 'EVENT')]).then((x) => x.flat()), city);
  if (lines.status === 'loading') return <ListSkeleton />;
  if (lines.status === 'error') return <LoadError error={lines.error} onRetry={lines.retry} />;
  const line = lines.data.find((l) => l.id === lineId);
  // A route no longer (or never) on sale: say so, and show the routes that are.
  if (!line)
    return (
      <div className={styles.empty}>
        <p>{t('product.unknown')}</p>
        <p className={styles.actions}>
          <Link className={styles.linkButton} to="/premium-buses">
            {t('landing.lines')}
          </Link>
        </p>
      </div>
    );
  const fi = line.stops.findIndex((s) => s.stopId === from);
  const ti = line.stops.findIndex((s) => s.stopId === to);
  const board = line.stops[fi];
  return (
    <>
      <p>{board ? t('stops.boardAt', { stop: board.name }) : null}</p>
      <Suspense fallback={<ListSkeleton rows={1} />}>
        <StopMap path={line.stops} boardStopId={from} dropStopId={to} listId="stops-list" />
      </Suspense>
      <ol id="stops-list" className={styles.stops} aria-label={t('stops.map', { line: line.name, stop: board?.name ?? '' })}>
        {line.stops.map((s, i) => (
          <li key={s.stopId} data-ride={i >= fi && i <= ti ? 'true' : 'false'}>
            {s.name}
            {i === fi && ` — ${t('stops.board')}`}
            {i === ti && ` — ${t('stops.drop')}`}
            <span className={styles.muted}>
              {' '}
              ({s.lat.toFixed(4)}, {s.lon.toFixed(4)})
            </span>
          </li>
        ))}
      </ol>
      <p className={styles.hint}>{t('stops.walk')}</p>
    </>
  );
}
