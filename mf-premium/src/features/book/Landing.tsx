// The landing of premium buses and of event trips: the city's lines (each with its slots), the stop search and the
// rider's reserved seats in this city (with the pop-up of a trip an operator changed, once).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ReservationLine, ReservationProductName, StopPair } from '@sawari/contracts';
import { serverNow } from '@sawari/runtime';
import { loadBookings, loadLines, loadPairs } from '../common/api';
import { flowPaths, paths } from '../common/model';
import { ListSkeleton, LoadError, money, SeatStatus, styles, useAsync, useDay, useT, useTimes, useLineText } from '../common/ui';
import { PopUpDialog } from '../manage/shared';

export function Landing({ city, product }: { city: string; product: ReservationProductName }) {
  const t = useT();
  const lines = useAsync(() => loadLines(city, product), `${city}:${product}`);
  const pairs = useAsync(() => loadPairs(city, product), `${city}:${product}:pairs`);
  return (
    <>
      {product === 'PREMIUM' && (
        <p className={styles.actions}>
          <Link className={styles.linkButton} to={paths.search}>
            {t('landing.search')}
          </Link>
          <Link className={styles.linkSecondary} to={paths.usePass}>
            {t('pass.link')}
          </Link>
        </p>
      )}
      <h2>{t(product === 'EVENT' ? 'escape.trips' : 'landing.lines')}</h2>
      {lines.status === 'loading' && <ListSkeleton />}
      {lines.status === 'error' && <LoadError error={lines.error} onRetry={lines.retry} />}
      {lines.status === 'ready' && lines.data.length === 0 && <p className={styles.empty}>{t('landing.none')}</p>}
      {lines.status === 'ready' && lines.data.length > 0 && (
        <ul className={styles.cards}>
          {lines.data.map((l) => (
            <LineCard key={l.id} line={l} product={product} pairs={pairs.status === 'ready' ? pairs.data.filter((p) => p.line.id === l.id) : []} />
          ))}
        </ul>
      )}
      <MyBookings city={city} />
    </>
  );
}

function LineCard({ line, product, pairs }: { line: ReservationLine; product: ReservationProductName; pairs: StopPair[] }) {
  const t = useT();
  const lineText = useLineText();
  const first = line.stops[0];
  const last = line.stops[line.stops.length - 1];
  const direct = pairs.find((p) => p.from.stopId === first.stopId && p.to.stopId === last.stopId) ?? pairs[0];
  return (
    <li className={styles.card}>
      <div className={styles.cardHead}>
        <h3>
          {line.code} · {line.name}
        </h3>
        <span className={styles.price}>{t('line.from', { price: money(line.fromPaise) })}</span>
      </div>
      <p className={styles.small}>
        <span className={styles.badge}>{t(line.isAc ? 'line.ac' : 'line.nonAc')}</span> {first.name} → {last.name} · {t('line.seats', { seats: line.capacity })}
      </p>
      <p className={styles.muted}>{lineText(line, line.description)}</p>
      <p className={styles.actions}>
        {direct && (
          <Link className={styles.linkButton} to={flowPaths(product).slots(line.id, direct.from.stopId, direct.to.stopId)}>
            {t('line.choose', { name: line.code })}
          </Link>
        )}
        {product === 'PREMIUM' && <Link to={paths.product(line.id)}>{t('line.details', { name: line.code })}</Link>}
      </p>
    </li>
  );
}

/** The rider's reserved seats in this city, newest first, and the pop-up of a trip an operator changed (once). */
function MyBookings({ city }: { city: string }) {
  const t = useT();
  const day = useDay();
  const { time } = useTimes();
  const [attempt, setAttempt] = useState(0);
  const list = useAsync(() => loadBookings(city), `${city}:${attempt}`);
  if (list.status === 'loading') return <ListSkeleton rows={1} />;
  if (list.status === 'error') return <LoadError error={list.error} onRetry={list.retry} />;
  const shown = list.data.bookings.filter((b) => !['BOOKING_FAILED', 'USER_RESCHEDULED', 'SYSTEM_RESCHEDULED'].includes(b.status) || b.popUp);
  const popUp = list.data.bookings.find((b) => b.popUp);
  return (
    <section aria-labelledby="my-bookings">
      {popUp && <PopUpDialog booking={popUp} onDone={() => setAttempt((n) => n + 1)} />}
      <h2 id="my-bookings">{t('bookings.heading')}</h2>
      {shown.length === 0 ? (
        <p className={styles.empty}>{t('bookings.none')}</p>
      ) : (
        <ul className={styles.cards}>
          {shown.slice(0, 10).map((b) => (
            <li key={b.bookingId} className={styles.card}>
              <div className={styles.cardHead}>
                <h3>
                  <Link to={paths.summary(b.bookingId)}>
                    {b.lineCode}: {b.from.name} → {b.to.name}
                  </Link>
                </h3>
                <SeatStatus b={b} now={serverNow()} headline={false} />
              </div>
              <p className={styles.small}>
                {day(b.dayLabel, b.tripSlotStartTime)}, {time(b.estimatedStopTime)} · {t('seats.count', { n: b.seats })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
