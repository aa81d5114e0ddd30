// The booking steps of premium buses, event trips (great escape) and airport trips: lines → stops → slot and
// passengers → fare → hold (10-minute countdown) → the shared checkout → success. Each step is a URL with its choice
// in the query string, so a reload or Back keeps what the rider chose.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { navigateToUrl } from 'single-spa';
import type { Booking, ReservationLine, ReservationProductName, StopPair } from '@sawari/contracts';
import { checkoutPath, serverNow } from '@sawari/runtime';
import { Button } from '@sawari/ui';
import { SlotList } from '@sawari/ui/src/slot-list';
import {
  holdSeats,
  loadBooking,
  loadBookings,
  loadPremiumPasses,
  loadDays,
  loadFare,
  loadLines,
  loadPairs,
  loadSeatAvailability,
  loadSlots,
  releaseHold,
} from '../common/api';
import { flowPaths, isYmd, mmss, NO_PASSENGERS, passengerProblem, passengersFrom, passengerTotal, paths, type Passengers } from '../common/model';
import {
  asApiError,
  FareBreakup,
  ListSkeleton,
  LoadError,
  money,
  Page,
  PremiumGate,
  ProblemPanel,
  RequireSignIn,
  SeatStatus,
  styles,
  useAsync,
  useDay,
  useT,
  useTimes,
} from '../common/ui';
import { PopUpDialog, useBookingPoll } from '../manage/shared';

type ApiErr = { code?: string; message?: string } | null;

// ── landing pages ─────────────────────────────────────────────────────────────────────────────────────────────────

/** /premium-buses: the premium lines of the city, a stop search, and the rider's bookings (with any pop-up once). */
export function LandingScreen() {
  const t = useT();
  return (
    <Page heading={t('landing.heading')} intro={t('landing.intro')}>
      <RequireSignIn>
        <PremiumGate>{(city) => <Landing city={city} product="PREMIUM" />}</PremiumGate>
      </RequireSignIn>
    </Page>
  );
}

/** /great-escape and /great-escape/:city: event and weekend trips on their dates. */
export function EscapeScreen() {
  const t = useT();
  return (
    <Page heading={t('escape.heading')} intro={t('escape.intro')}>
      <RequireSignIn>
        <PremiumGate>{(city) => <Landing city={city} product="EVENT" />}</PremiumGate>
      </RequireSignIn>
    </Page>
  );
}

function Landing({ city, product }: { city: string; product: ReservationProductName }) {
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
      <p className={styles.muted}>{line.description}</p>
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

// ── stop search and line details ──────────────────────────────────────────────────────────────────────────────────

/** /premium-buses/search-stops-premium-buses: boarding and drop stops (stop-pair search). */
export function SearchScreen() {
  const t = useT();
  return (
    <Page heading={t('search.heading')} back={{ to: '/premium-buses', label: t('landing.heading') }}>
      <RequireSignIn>
        <PremiumGate>{(city) => <Search city={city} />}</PremiumGate>
      </RequireSignIn>
    </Page>
  );
}

function Search({ city }: { city: string }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const pairs = useAsync(() => loadPairs(city, 'PREMIUM'), city);
  if (pairs.status === 'loading') return <ListSkeleton />;
  if (pairs.status === 'error') return <LoadError error={pairs.error} onRetry={pairs.retry} />;
  const stops = new Map<string, string>();
  for (const p of pairs.data) {
    stops.set(p.from.stopId, p.from.name);
    stops.set(p.to.stopId, p.to.name);
  }
  const sorted = [...stops].sort((a, b) => a[1].localeCompare(b[1]));
  const matches = pairs.data.filter((p) => (!from || p.from.stopId === from) && (!to || p.to.stopId === to));
  const set = (k: 'from' | 'to', v: string) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    setParams(next, { replace: true });
  };
  return (
    <>
      {(['from', 'to'] as const).map((k) => (
        <div key={k} className={styles.field}>
          <label htmlFor={`${k}-stop`}>{t(`search.${k}`)}</label>
          <select id={`${k}-stop`} className={styles.input} value={k === 'from' ? from : to} onChange={(e) => set(k, e.target.value)}>
            <option value="">{t('search.any')}</option>
            {sorted.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </div>
      ))}
      <h2 aria-live="polite">{t('search.results', { n: matches.length })}</h2>
      {matches.length === 0 ? (
        <p className={styles.empty}>{t('search.noneBetween')}</p>
      ) : (
        <ul className={styles.cards}>
          {matches.map((p) => (
            <li key={`${p.line.id}:${p.from.stopId}:${p.to.stopId}`} className={styles.card}>
              <div className={styles.cardHead}>
                <h3>
                  {p.from.name} → {p.to.name}
                </h3>
                <span className={styles.price}>{money(p.fares.adult ?? 0)}</span>
              </div>
              <p className={styles.small}>
                {p.line.code} · {p.line.name} · <span className={styles.badge}>{t(p.line.isAc ? 'line.ac' : 'line.nonAc')}</span> ·{' '}
                {t('search.minutes', { n: p.to.offsetMin - p.from.offsetMin })}
              </p>
              <Link className={styles.linkSecondary} to={flowPaths('PREMIUM').slots(p.line.id, p.from.stopId, p.to.stopId)}>
                {t('search.slots', { from: p.from.name, to: p.to.name })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** /premium-buses/view-premium-product?lineId=: a line's stops, fares per stop pair and category. */
export function ProductScreen() {
  const t = useT();
  const [params] = useSearchParams();
  const lineId = params.get('lineId') ?? '';
  return (
    <Page heading={t('product.heading')} back={{ to: '/premium-buses', label: t('landing.heading') }}>
      <RequireSignIn>
        <PremiumGate>{(city) => <Product city={city} lineId={lineId} />}</PremiumGate>
      </RequireSignIn>
    </Page>
  );
}

function Product({ city, lineId }: { city: string; lineId: string }) {
  const t = useT();
  const pairs = useAsync(() => loadPairs(city, 'PREMIUM'), city);
  if (pairs.status === 'loading') return <ListSkeleton />;
  if (pairs.status === 'error') return <LoadError error={pairs.error} onRetry={pairs.retry} />;
  const mine = pairs.data.filter((p) => p.line.id === lineId);
  if (!mine.length) return <p className={styles.empty}>{t('product.unknown')}</p>;
  const line = mine[0].line;
  return (
    <>
      <h2>
        {line.code} · {line.name} <span className={styles.badge}>{t(line.isAc ? 'line.ac' : 'line.nonAc')}</span>
      </h2>
      <p>{line.description}</p>
      <h3>{t('product.stops')}</h3>
      <ol className={styles.stops}>
        {line.stops.map((s) => (
          <li key={s.stopId}>
            {s.name} <span className={styles.muted}>{t('product.offset', { n: s.offsetMin })}</span>
          </li>
        ))}
      </ol>
      <table className={styles.breakup}>
        <caption>{t('product.fares')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('product.pair')}</th>
            <th scope="col">{t('cat.adult')}</th>
          </tr>
        </thead>
        <tbody>
          {mine.map((p) => (
            <tr key={`${p.from.stopId}:${p.to.stopId}`}>
              <th scope="row">
                <Link to={flowPaths('PREMIUM').slots(line.id, p.from.stopId, p.to.stopId)}>
                  {p.from.name} → {p.to.name}
                </Link>
              </th>
              <td>{money(p.fares.adult ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

// ── slot and passengers ───────────────────────────────────────────────────────────────────────────────────────────

/** /premium-buses/select-slot and /great-escape/select-slots: the day, the passengers, then a slot. */
export function SlotsScreen({ product }: { product: ReservationProductName }) {
  const t = useT();
  return (
    <Page heading={t('slots.heading')} back={{ to: flowPaths(product).home, label: t(product === 'EVENT' ? 'escape.heading' : 'landing.heading') }}>
      <RequireSignIn>
        <PremiumGate>{(city) => <Slots city={city} product={product} />}</PremiumGate>
      </RequireSignIn>
    </Page>
  );
}

export function PassengerCounter({ value, onChange, max }: { value: Passengers; onChange: (p: Passengers) => void; max: number }) {
  const t = useT();
  const total = passengerTotal(value);
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('seats.who')}</legend>
      {(['adult', 'child', 'senior'] as const).map((k) => (
        <div key={k} className={styles.countRow}>
          <span id={`count-${k}`}>{t(`cat.${k}`)}</span>
          <span className={styles.counter}>
            <button
              type="button"
              aria-label={t('seats.less', { who: t(`cat.${k}`) })}
              disabled={value[k] === 0}
              onClick={() => onChange({ ...value, [k]: value[k] - 1 })}
            >
              −
            </button>
            <output aria-labelledby={`count-${k}`} aria-live="polite">
              {value[k]}
            </output>
            <button
              type="button"
              aria-label={t('seats.more', { who: t(`cat.${k}`) })}
              disabled={total >= max}
              onClick={() => onChange({ ...value, [k]: value[k] + 1 })}
            >
              +
            </button>
          </span>
        </div>
      ))}
      <p className={styles.hint}>{t('seats.max', { n: max })}</p>
    </fieldset>
  );
}

function Slots({ city, product }: { city: string; product: ReservationProductName }) {
  const t = useT();
  const day = useDay();
  const { time, date } = useTimes();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const lineId = params.get('lineId') ?? '';
  const fromStopId = params.get('fromStopId') ?? '';
  const toStopId = params.get('toStopId') ?? '';
  const chosenDate = isYmd(params.get('date')) ? params.get('date')! : undefined;
  const passId = params.get('passId') ?? undefined;
  const [passengers, setPassengers] = useState<Passengers>(() => (passId ? NO_PASSENGERS : (passengersFrom(params) ?? NO_PASSENGERS)));
  const [problem, setProblem] = useState<string | null>(null);
  const days = useAsync(() => loadDays(city, lineId), `${city}:${lineId}`);
  const date0 = chosenDate ?? (days.status === 'ready' ? days.data[0] : undefined);
  const slots = useAsync(
    days.status === 'ready' || chosenDate ? () => loadSlots(city, { lineId, fromStopId, toStopId, date: date0 }) : null,
    `${lineId}:${fromStopId}:${toStopId}:${date0}`,
  );
  const paths = flowPaths(product);
  if (slots.status === 'loading') return <ListSkeleton />;
  if (slots.status === 'error') return <ProblemPanel error={slots.error} onRetry={slots.retry} action={{ path: paths.home, labelId: 'common.startAgain' }} />;
  const s = slots.data;
  const choose = (tripId: string, seatsLeft: number) => {
    const p = passengerProblem(passengers, seatsLeft);
    if (p) {
      setProblem(p);
      return;
    }
    navigate(paths.fare(tripId, fromStopId, toStopId, passengers, passId));
  };
  const dayList = days.status === 'ready' ? days.data : [];
  return (
    <>
      <p className={styles.intro}>
        {s.line.code} · {s.from.name} → {s.to.name}
      </p>
      {passId ? (
        <p className={styles.notice}>{t('pass.oneSeat')}</p>
      ) : (
        <PassengerCounter
          value={passengers}
          onChange={(p) => {
            setPassengers(p);
            setProblem(null);
          }}
          max={6}
        />
      )}
      {problem && (
        <p className={styles.alert} role="alert">
          {t(`seats.problem.${problem}`)}
        </p>
      )}
      {dayList.length > 0 && (
        <nav aria-label={t('slots.days')}>
          <ul className={styles.days}>
            {dayList.map((d) => {
              const ms = Date.UTC(Number(d.slice(0, 4)), Number(d.slice(4, 6)) - 1, Number(d.slice(6, 8)), 6, 30);
              const next = new URLSearchParams(params);
              next.set('date', d);
              return (
                <li key={d}>
                  <a
                    href={`?${next.toString()}`}
                    aria-current={d === s.date ? 'date' : undefined}
                    onClick={(e) => {
                      e.preventDefault();
                      setParams(next, { replace: true });
                    }}
                  >
                    {date(ms)}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      <h2>{t('slots.on', { day: s.slots[0] ? day(s.slots[0].dayLabel, s.slots[0].startTime) : s.date })}</h2>
      <SlotList
        empty={t('slots.none')}
        rows={s.slots.map((slot) => ({
          key: slot.tripId,
          time: time(slot.boardingTime),
          aside: <span className={styles.muted}>{t('slots.arrives', { time: time(slot.arrivalTime) })}</span>,
          inactive: !slot.bookable,
          detail: (
            <>
              {slot.availability === 'SOLD_OUT' ? (
                <span className={`${styles.badge} ${styles.badgeBad}`}>{t(slot.status === 'CANCELLED' ? 'slots.cancelled' : 'slots.soldOut')}</span>
              ) : slot.availability === 'FEW_SEATS_LEFT' ? (
                <span className={`${styles.badge} ${styles.badgeWarn}`}>{t('slots.few', { n: slot.seatsLeft })}</span>
              ) : (
                t('slots.left', { n: slot.seatsLeft })
              )}
              {slot.peak && slot.adultPaise !== null && (
                <>
                  {' '}
                  <span className={`${styles.badge} ${styles.badgeWarn}`}>{t('slots.peak', { price: money(slot.adultPaise) })}</span>
                </>
              )}
            </>
          ),
          action: slot.bookable
            ? {
                label: t('slots.choose'),
                ariaLabel: t('slots.chooseAt', { time: time(slot.boardingTime) }),
                onClick: () => choose(slot.tripId, slot.seatsLeft),
              }
            : null,
        }))}
      />
    </>
  );
}

// ── fare, hold and pay ───────────────────────────────────────────────────────────────────────────────────────────

/** /premium-buses/fare-details and /great-escape/fare-details: the fare; "Hold my seats" takes them for 10 minutes. */
export function FareScreen({ product }: { product: ReservationProductName }) {
  const t = useT();
  const [params] = useSearchParams();
  const back = `${product === 'EVENT' ? '/great-escape/select-slots' : '/premium-buses/select-slot'}?${params.toString()}`;
  return (
    <Page heading={t('fare.heading')} back={{ to: back, label: t('slots.heading') }}>
      <RequireSignIn>
        <PremiumGate>{() => <Fare product={product} />}</PremiumGate>
      </RequireSignIn>
    </Page>
  );
}

function Fare({ product }: { product: ReservationProductName }) {
  const t = useT();
  const { time } = useTimes();
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
    passengers ? () => Promise.all([loadFare(tripId, fromStopId, toStopId, passengers), loadSeatAvailability(tripId)]) : null,
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
  const [f, seats] = fare.data;
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
      <dl className={styles.facts}>
        <dt>{t('fare.slot')}</dt>
        <dd>{time(seats.startTime)}</dd>
        <dt>{t('fare.seatsLeft')}</dt>
        <dd>{seats.seatsLeft}</dd>
      </dl>
      {passId ? (
        <p className={styles.notice}>{t('pass.free', { price: money(f.payableAmount) })}</p>
      ) : (
        <FareBreakup lines={f.passengerDetails.flatMap((g) => g.fareBreakup)} payable={f.payableAmount} caption={t('fare.caption')} />
      )}
      <p className={styles.hint}>{t('fare.policy')}</p>
      <ProblemPanel
        error={error}
        onRetry={error?.code === 'NETWORK_ERROR' ? () => void hold() : undefined}
        action={
          error?.code === 'SOLD_OUT' || error?.code === 'NOT_ENOUGH_SEATS'
            ? { path: `${product === 'EVENT' ? '/great-escape/select-slots' : '/premium-buses/select-slot'}?${params.toString()}`, labelId: 'slots.another' }
            : null
        }
      />
      <Button onClick={() => void hold()} disabled={busy || seats.seatsLeft < passengerTotal(passengers)}>
        {busy ? t('fare.holding') : passId ? t('pass.book') : t('fare.hold', { price: money(f.payableAmount) })}
      </Button>
    </>
  );
}

/** /premium-buses/pay-for-ticket?bookingId=: the hold's countdown, then the shared checkout (or release the seats). */
export function PayScreen() {
  const t = useT();
  return (
    <Page heading={t('pay.heading')}>
      <RequireSignIn>
        <Pay />
      </RequireSignIn>
    </Page>
  );
}

function Pay() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('bookingId') ?? '';
  const booking = useAsync(() => loadBooking(id), id);
  const [left, setLeft] = useState<number | null>(null);
  const [error, setError] = useState<ApiErr>(null);
  useEffect(() => {
    if (booking.status !== 'ready' || booking.data.holdSecondsLeft == null) return;
    const ends = Date.now() + booking.data.holdSecondsLeft * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((ends - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [booking.status, booking.data?.holdSecondsLeft]);
  if (booking.status === 'loading') return <ListSkeleton />;
  if (booking.status === 'error') return <ProblemPanel error={booking.error} onRetry={booking.retry} />;
  const b = booking.data;
  const paths = flowPaths(b.product);
  if (b.status === 'ACTIVE') return <Link to={paths.success(b.bookingId)}>{t('pay.done')}</Link>;
  const lapsed = b.status === 'BOOKING_FAILED' || left === 0;
  const again = paths.slots(b.lineId, b.from.stopId, b.to.stopId);
  if (lapsed)
    return (
      <div className={styles.warn} role="alert">
        <p>{t('error.HOLD_EXPIRED')}</p>
        <Link to={again}>{t('slots.another')}</Link>
      </div>
    );
  const release = async () => {
    try {
      await releaseHold(b.bookingId);
      navigate(again, { replace: true });
    } catch (err) {
      setError(asApiError(err));
    }
  };
  return (
    <>
      <BookingFacts b={b} />
      {left != null && (
        <div className={styles.notice} role="timer" aria-live="off">
          <p>{t('pay.held')}</p>
          <p className={styles.countdown} aria-label={t('pay.leftLabel', { time: mmss(left) })}>
            {mmss(left)}
          </p>
        </div>
      )}
      <p className={styles.srOnly} aria-live="polite">
        {left != null && left % 60 === 0 ? t('pay.leftLabel', { time: mmss(left) }) : ''}
      </p>
      <ProblemPanel error={error} />
      <p className={styles.actions}>
        <Button onClick={() => navigateToUrl(`/app${checkoutPath(b.lineCode, 'reservation', b.bookingId)}`)}>
          {t('pay.pay', { price: money(b.amountPaise) })}
        </Button>
        <button type="button" className={styles.textButton} onClick={() => void release()}>
          {t('pay.release')}
        </button>
      </p>
    </>
  );
}

/** The facts of a booking: trip, stops, day and time, seats, fare. */
export function BookingFacts({ b }: { b: Booking }) {
  const t = useT();
  const day = useDay();
  const { time } = useTimes();
  return (
    <dl className={styles.facts}>
      <dt>{t('facts.trip')}</dt>
      <dd>
        {b.lineCode} · {b.lineName} ({t(b.isAc ? 'line.ac' : 'line.nonAc')})
      </dd>
      <dt>{t('facts.board')}</dt>
      <dd>
        {b.from.name}, {day(b.dayLabel, b.tripSlotStartTime)} {time(b.estimatedStopTime)}
      </dd>
      <dt>{t('facts.drop')}</dt>
      <dd>
        {b.to.name}, {time(b.arrivalTime)}
      </dd>
      <dt>{t('facts.seats')}</dt>
      <dd>{t('seats.count', { n: b.seats })}</dd>
      <dt>{t('facts.fare')}</dt>
      <dd>{b.paidWith === 'PASS' ? t('facts.withPass') : money(b.farePaise)}</dd>
      {b.vehicleNo && (
        <>
          <dt>{t('facts.vehicle')}</dt>
          <dd>{b.vehicleNo}</dd>
        </>
      )}
    </dl>
  );
}

/** Where the checkout returns: /premium-buses/ticket-successful-booking/:transactionId (and /great-escape/booking-success). */
export function SuccessScreen() {
  const t = useT();
  const { transactionId } = useParams();
  const [params] = useSearchParams();
  const id = transactionId ?? params.get('transactionId') ?? '';
  return (
    <Page heading={t('success.heading')}>
      <RequireSignIn>
        <Success id={id} />
      </RequireSignIn>
    </Page>
  );
}

function Success({ id }: { id: string }) {
  const t = useT();
  const { booking, error, retry } = useBookingPoll(id, (b) => b.status !== 'BOOKING_UNDER_PROCESS' && b.status !== 'PAYMENT_PROCESSING');
  if (!booking && error) return <ProblemPanel error={error} onRetry={retry} />;
  if (!booking) return <ListSkeleton rows={3} />;
  if (booking.status === 'PAYMENT_PROCESSING' || booking.status === 'BOOKING_UNDER_PROCESS')
    return (
      <p className={styles.notice} role="status">
        {t('success.waiting')}
      </p>
    );
  if (booking.status !== 'ACTIVE')
    return (
      <div className={styles.alert} role="alert">
        <p>{t('success.failed')}</p>
        <Link to={flowPaths(booking.product).slots(booking.lineId, booking.from.stopId, booking.to.stopId)}>{t('slots.another')}</Link>
      </div>
    );
  return (
    <>
      <p className={styles.notice} role="status">
        {t('success.done', { seats: booking.seats })}
      </p>
      <BookingFacts b={booking} />
      <p className={styles.actions}>
        <a
          className={styles.linkButton}
          href={`/app${paths.walletTicket(booking.bookingId)}`}
          onClick={(e) => {
            e.preventDefault();
            navigateToUrl(`/app${paths.walletTicket(booking.bookingId)}`);
          }}
        >
          {t('success.qr')}
        </a>
        <Link className={styles.linkSecondary} to={paths.summary(booking.bookingId)}>
          {t('success.manage')}
        </Link>
      </p>
    </>
  );
}

/** /premium-buses/premiumTicketPurchaseUsingPass: a seat for ₹0 with the rider's premium pass (its daily limit holds). */
export function UsePassScreen() {
  const t = useT();
  return (
    <Page heading={t('pass.heading')} intro={t('pass.intro')} back={{ to: '/premium-buses', label: t('landing.heading') }}>
      <RequireSignIn>
        <PremiumGate>{(city) => <UsePass city={city} />}</PremiumGate>
      </RequireSignIn>
    </Page>
  );
}

function UsePass({ city }: { city: string }) {
  const t = useT();
  const { date } = useTimes();
  const data = useAsync(() => Promise.all([loadPremiumPasses(city), loadPairs(city, 'PREMIUM')]), city);
  const [chosen, setChosen] = useState<string | null>(null);
  if (data.status === 'loading') return <ListSkeleton />;
  if (data.status === 'error') return <LoadError error={data.error} onRetry={data.retry} />;
  const [passes, pairs] = data.data;
  if (!passes.length)
    return (
      <div className={styles.empty}>
        <p>{t('pass.none')}</p>
        <a
          href="/app/productHooks"
          onClick={(e) => {
            e.preventDefault();
            navigateToUrl('/app/productHooks');
          }}
        >
          {t('pass.buy')}
        </a>
      </div>
    );
  const passId = chosen ?? passes[0].passId;
  return (
    <>
      <fieldset className={styles.fieldset}>
        <legend>{t('pass.which')}</legend>
        {passes.map((p) => (
          <label key={p.passId} className={styles.option}>
            <input type="radio" name="pass" value={p.passId} checked={p.passId === passId} onChange={() => setChosen(p.passId)} />
            <span className={styles.optionBody}>
              <strong>{p.name}</strong>
              <span className={styles.small}>
                {p.ridesLeftThatDay === null ? t('pass.unlimited') : t('pass.left', { n: p.ridesLeftThatDay })} ·{' '}
                {t('pass.validTill', { date: date(p.validUntil) })}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <h2>{t('pass.choose')}</h2>
      <ul className={styles.cards}>
        {pairs.map((p) => (
          <li key={`${p.line.id}:${p.from.stopId}:${p.to.stopId}`} className={styles.card}>
            <Link to={flowPaths('PREMIUM').slots(p.line.id, p.from.stopId, p.to.stopId, undefined, passId)}>
              {p.line.code}: {p.from.name} → {p.to.name}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
