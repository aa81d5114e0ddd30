// /premium-buses/fare-details and /great-escape/fare-details: what the rider buys before paying: the
// line, date, departure and arrival with their stops, passengers by category, one fare line per passenger named with
// whose it is; "Keep my seats" holds them for 10 minutes. "← Choose a slot" returns to the slot list WITH its line.
import { useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ReservationProductName } from '@sawari/contracts';
import { CITY_TIME_ZONE, localDate, RESERVATION_PRODUCTS } from '@sawari/domain';
import { Button } from '@sawari/ui';
import { holdSeats, loadFare, loadPairs, loadSeatAvailability, loadSlots } from '../common/api';
import { flowPaths, isYmd, passengersFrom, passengerTotal, type Passengers } from '../common/model';
import { asApiError, ListSkeleton, money, Page, PremiumGate, ProblemPanel, RequireSignIn, styles, useAsync, useT, useTimes } from '../common/ui';
import { passengerFareLines, passengersByCategory, slotsBackPath } from './fare-model';

type ApiErr = { code?: string; message?: string } | null;
type Resolved = { lineId: string | null; date: string | null };

const slotsBase = (product: ReservationProductName) => (product === 'EVENT' ? '/great-escape/select-slots' : '/premium-buses/select-slot');

/** /premium-buses/fare-details and /great-escape/fare-details */
export function FareScreen({ product }: { product: ReservationProductName }) {
  const t = useT();
  const [params] = useSearchParams();
  const [resolved, setResolved] = useState<Resolved>({ lineId: null, date: null });
  const back = slotsBackPath(slotsBase(product), params, resolved.lineId, resolved.date) ?? flowPaths(product).home;
  return (
    <Page heading={t('fare.heading')} back={{ to: back, label: t('slots.heading') }}>
      <RequireSignIn>
        <PremiumGate>{(city) => <Fare city={city} product={product} onResolved={setResolved} />}</PremiumGate>
      </RequireSignIn>
    </Page>
  );
}

/**
 * Everything the page shows, from the API: the fare and the seats left, and the slot itself (line, stops, boarding and
 * arrival times) from the day's slot list. A link without its line (the airport screens' links) finds the line of the
 * stop pair (the one whose trips this is, where several lines serve the pair).
 */
async function loadWhatIsBought(city: string, tripId: string, fromStopId: string, toStopId: string, passengers: Passengers, params: URLSearchParams) {
  const [fare, seats] = await Promise.all([loadFare(tripId, fromStopId, toStopId, passengers), loadSeatAvailability(tripId)]);
  let lineId = params.get('lineId');
  if (!lineId) {
    const pairs = (await Promise.all(RESERVATION_PRODUCTS.map((p) => loadPairs(city, p, { fromStopId, toStopId }).catch(() => [])))).flat();
    const match = pairs.filter((p) => p.from.stopId === fromStopId && p.to.stopId === toStopId);
    lineId = (match.find((p) => tripId.startsWith(`${p.line.id}.`)) ?? match[0])?.line.id ?? null;
  }
  const date = isYmd(params.get('date')) ? params.get('date')! : localDate(seats.startTime, CITY_TIME_ZONE);
  const slots = lineId ? await loadSlots(city, { lineId, fromStopId, toStopId, date }).catch(() => null) : null;
  const slot = slots?.slots.find((x) => x.tripId === tripId) ?? null;
  return { fare, seats, lineId, date, slots, slot };
}

function Fare({ city, product, onResolved }: { city: string; product: ReservationProductName; onResolved: (r: Resolved) => void }) {
  const t = useT();
  const { time, date } = useTimes();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tripId = params.get('tripId') ?? '';
  const fromStopId = params.get('fromStopId') ?? '';
  const toStopId = params.get('toStopId') ?? '';
  const passengers = useMemo(() => passengersFrom(params), [params]);
  const passId = params.get('passId') ?? undefined;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiErr>(null);
  const sending = useRef(false);
  const fare = useAsync(
    passengers
      ? () =>
          loadWhatIsBought(city, tripId, fromStopId, toStopId, passengers, params).then((r) => {
            onResolved({ lineId: r.lineId, date: r.date });
            return r;
          })
      : null,
    `${tripId}:${params.toString()}`,
  );
  if (!passengers)
    return (
      <ProblemPanel
        error={{ code: 'BAD_PASSENGERS', message: t('seats.problem.tooMany') }}
        action={{ path: flowPaths(product).home, labelId: 'common.startAgain' }}
      />
    );
  if (fare.status === 'loading') return <ListSkeleton />;
  if (fare.status === 'error')
    return <ProblemPanel error={fare.error} onRetry={fare.retry} action={{ path: flowPaths(product).home, labelId: 'common.startAgain' }} />;
  const { fare: f, seats, slots, slot } = fare.data;
  const lines = passengerFareLines(f.passengerDetails, passengers);
  const hold = async () => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      const b = await holdSeats({ tripId, fromStopId, toStopId, passengers, farePaise: passId ? 0 : f.payableAmount, ...(passId ? { passId } : {}) });
      navigate(b.status === 'ACTIVE' ? flowPaths(b.product).success(b.bookingId) : flowPaths(product).pay(b.bookingId), { replace: b.status === 'ACTIVE' });
    } catch (err) {
      setError(asApiError(err));
      if (asApiError(err).code === 'FARE_CHANGED') fare.retry();
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };
  return (
    <>
      <dl className={styles.facts} data-testid="fare-facts">
        {slots && (
          <>
            <dt>{t('facts.trip')}</dt>
            <dd>
              {slots.line.code} · {slots.line.name} ({t(slots.line.isAc ? 'line.ac' : 'line.nonAc')})
            </dd>
          </>
        )}
        <dt>{t('fare.date')}</dt>
        <dd>{date(seats.startTime)}</dd>
        <dt>{t('fare.departure')}</dt>
        <dd>{slot && slots ? t('fare.boardAt', { time: time(slot.boardingTime), stop: slots.from.name }) : time(seats.startTime)}</dd>
        {slot && slots && (
          <>
            <dt>{t('fare.arrival')}</dt>
            <dd>{t('fare.dropAt', { time: time(slot.arrivalTime), stop: slots.to.name })}</dd>
          </>
        )}
        <dt>{t('fare.passengers')}</dt>
        <dd>
          {passengersByCategory(passengers)
            .map(([c, n]) => t(`fare.count.${c}`, { n }))
            .join(', ')}
        </dd>
        <dt>{t('fare.seatsLeft')}</dt>
        <dd>{seats.seatsLeft}</dd>
      </dl>
      {passId ? (
        <p className={styles.notice}>{t('pass.free', { price: money(f.payableAmount) })}</p>
      ) : (
        <table className={styles.breakup} data-testid="fare-lines">
          <caption className={styles.srOnly}>{t('fare.caption')}</caption>
          <tbody>
            {lines.map((l) => (
              <tr key={`${l.category}-${l.n}`}>
                <th scope="row">
                  {t('fare.person', { who: t(`cat.${l.category}`), n: l.n })}
                  {l.payPaise < l.fullPaise && (
                    <span className={`${styles.small} ${styles.muted} ${styles.fareNote}`}>
                      {t('fare.concessionOf', { full: money(l.fullPaise), less: money(l.fullPaise - l.payPaise), who: t(`cat.${l.category}`) })}
                    </span>
                  )}
                </th>
                <td>{money(l.payPaise)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('fare.payable')}</th>
              <td>{money(f.payableAmount)}</td>
            </tr>
          </tfoot>
        </table>
      )}
      <p className={styles.hint}>{t('fare.policy')}</p>
      <ProblemPanel
        error={error}
        onRetry={error?.code === 'NETWORK_ERROR' ? () => void hold() : undefined}
        action={
          error?.code === 'SOLD_OUT' || error?.code === 'NOT_ENOUGH_SEATS'
            ? { path: slotsBackPath(slotsBase(product), params, fare.data.lineId, fare.data.date) ?? flowPaths(product).home, labelId: 'slots.another' }
            : null
        }
      />
      <Button onClick={() => void hold()} disabled={busy || seats.seatsLeft < passengerTotal(passengers)}>
        {busy ? t('fare.holding') : passId ? t('pass.book') : t('fare.hold', { price: money(f.payableAmount) })}
      </Button>
    </>
  );
}
