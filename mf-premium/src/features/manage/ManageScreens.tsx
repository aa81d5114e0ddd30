// After booking: the summary (status, refunds, actions), before boarding (QR in the wallet, live bus), cancel with
// the refund shown before confirming, change of slot, the operators' pop-ups, and the boarding stop on a map.
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { navigateToUrl } from 'single-spa';
import { serverNow } from '@sawari/runtime';
import type { Booking } from '@sawari/contracts';
import { CITY_TIME_ZONE, localDate, PREMIUM_REBOOK_WINDOW_MS, REFUND_WORKING_DAYS, refundDueBy } from '@sawari/domain';
import { Button } from '@sawari/ui';
import { SlotList } from '@sawari/ui/src/slot-list';
import { cancelBooking, loadBookings, loadDays, loadFare, loadLines, loadSlots, loadSupport, rescheduleBooking } from '../common/api';
import { flowPaths, paths } from '../common/model';
import {
  asApiError,
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
import { BookingFacts } from '../book/BookingFacts';
import LiveBus from '../live/LiveBus';
import { PopUpDialog, useBookingPoll } from './shared';

const StopMap = lazy(() => import(/* webpackChunkName: "premium-map" */ '../live/StopMap'));

const link = (path: string) => ({
  href: `/app${path}`,
  onClick: (e: { preventDefault(): void }) => {
    e.preventDefault();
    navigateToUrl(`/app${path}`);
  },
});

/** /premium-buses/premium-bus-summary/:transactionId and /before-activation/:transactionId */
export function SummaryScreen({ before = false }: { before?: boolean }) {
  const t = useT();
  const { transactionId = '' } = useParams();
  return (
    <Page heading={t(before ? 'before.heading' : 'summary.heading')} back={{ to: '/premium-buses', label: t('landing.heading') }}>
      <RequireSignIn>
        <Summary id={transactionId} before={before} />
      </RequireSignIn>
    </Page>
  );
}

function Summary({ id, before }: { id: string; before: boolean }) {
  const t = useT();
  const { date } = useTimes();
  const { booking: b, error, retry, setBooking } = useBookingPoll(id, (x) => !x.refunds.some((r) => r.status === 'PENDING' || r.status === 'REQUESTED'));
  if (!b && error) return <ProblemPanel error={error} onRetry={retry} />;
  if (!b) return <ListSkeleton rows={3} />;
  return (
    <>
      {b.popUp && <PopUpDialog booking={b} onDone={() => setBooking({ ...b, popUp: null })} />}
      <p>
        <SeatStatus b={b} now={serverNow()} /> {b.disruption && <span className={styles.muted}>{t(`disruption.${b.disruption}`)}</span>}
      </p>
      <BookingFacts b={b} />
      {b.refunds.length > 0 && (
        <section aria-labelledby="refunds">
          <h2 id="refunds">{t('refund.heading')}</h2>
          <ul className={styles.cards}>
            {b.refunds.map((r) => (
              <li key={r.id} className={styles.card}>
                <div className={styles.cardHead}>
                  <span className={styles.price}>{money(r.amountPaise)}</span>
                  <span className={`${styles.badge} ${r.status === 'SUCCESS' ? styles.badgeOk : r.status === 'FAILED' ? styles.badgeBad : styles.badgeWarn}`}>
                    {t(`refund.status.${r.status}`)}
                  </span>
                </div>
                <p className={styles.small}>{t(`refund.reason.${r.reason}`)}</p>
                {r.status !== 'FAILED' && (
                  <p className={styles.small} data-testid="refund-where">
                    {r.status === 'SUCCESS'
                      ? t('refund.where.done')
                      : t('refund.where.pending', { date: date(refundDueBy(r.createdAt)), days: REFUND_WORKING_DAYS })}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {(b.status === 'ACTIVE' || b.status === 'PUNCHED') && (
        <section aria-labelledby="board">
          <h2 id="board">{t('before.board')}</h2>
          <p>{t('before.qr')}</p>
          <p className={styles.actions}>
            <a className={styles.linkButton} {...link(paths.walletTicket(b.bookingId))}>
              {t('success.qr')}
            </a>
          </p>
          <LiveBus bookingId={b.bookingId} />
        </section>
      )}
      {!before && <Actions b={b} />}
    </>
  );
}

/** Ticket actions (spec §4) the server offers for this booking now. */
function Actions({ b }: { b: Booking }) {
  const t = useT();
  const support = useAsync(loadSupport, 'support');
  return (
    <section aria-labelledby="actions">
      <h2 id="actions">{t('actions.heading')}</h2>
      <ul className={styles.actions}>
        {b.actions.includes('RESCHEDULE_RIDE') && (
          <li>
            <Link className={styles.linkSecondary} to={paths.manage(b.bookingId, 'reschedule')}>
              {t('actions.RESCHEDULE_RIDE')}
            </Link>
          </li>
        )}
        {b.actions.includes('CANCEL_RIDE') && (
          <li>
            <Link className={styles.linkSecondary} to={paths.manage(b.bookingId, 'cancel')}>
              {t('actions.CANCEL_RIDE')}
            </Link>
          </li>
        )}
        {b.actions.includes('FIND_MY_STOP') && (
          <li>
            <Link to={paths.stops(b.lineId, b.from.stopId, b.to.stopId)}>{t('actions.FIND_MY_STOP')}</Link>
          </li>
        )}
        {b.actions.includes('CHAT_SUPPORT') && (
          <li>
            <a {...link('/SOS')}>{t('actions.CHAT_SUPPORT')}</a> <span className={styles.muted}>{t('actions.supportOffices')}</span>
          </li>
        )}
        {b.actions.includes('CALL_SUPPORT') && (
          <li>
            {support.status === 'ready' ? (
              <a href={`tel:${support.data.phone.replace(/[^+0-9]/g, '')}`}>{t('actions.callSupportAt', { phone: support.data.phone })}</a>
            ) : (
              <a {...link('/SOS')}>{t('actions.CALL_SUPPORT')}</a>
            )}
          </li>
        )}
      </ul>
    </section>
  );
}

/** /premium-buses/cancellationRescheduleCard/:transactionId?mode=cancel|reschedule */
export function ManageScreen() {
  const t = useT();
  const { transactionId = '' } = useParams();
  const [params] = useSearchParams();
  const mode = params.get('mode') === 'reschedule' ? 'reschedule' : 'cancel';
  return (
    <Page heading={t(mode === 'cancel' ? 'cancel.heading' : 'reschedule.heading')} back={{ to: paths.summary(transactionId), label: t('summary.heading') }}>
      <RequireSignIn>
        <PremiumGate>{(city) => (mode === 'cancel' ? <Cancel id={transactionId} /> : <Reschedule id={transactionId} city={city} />)}</PremiumGate>
      </RequireSignIn>
    </Page>
  );
}

function Cancel({ id }: { id: string }) {
  const t = useT();
  const { booking: b, error: loadError, retry, setBooking } = useBookingPoll(id, () => true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ code?: string; message?: string } | null>(null);
  if (!b && loadError) return <ProblemPanel error={loadError} onRetry={retry} />;
  if (!b) return <ListSkeleton rows={2} />;
  if (b.status === 'USER_CANCELLED')
    return (
      <>
        <p className={styles.notice} role="status">
          {t('cancel.done', { refund: money(b.refunds.reduce((s, r) => s + r.amountPaise, 0)) })}
        </p>
        <Link to={paths.summary(b.bookingId)}>{t('cancel.seeRefund')}</Link>
      </>
    );
  if (!b.cancellation.canCancel) return <p className={styles.warn}>{t('error.NOT_CANCELLABLE')}</p>;
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      setBooking(await cancelBooking(b.bookingId, b.cancellation.refundPaise));
    } catch (err) {
      setError(asApiError(err));
      retry();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <BookingFacts b={b} />
      <section aria-labelledby="policy" className={styles.card}>
        <h2 id="policy">{t('cancel.policy')}</h2>
        <ul>
          <li>{t('cancel.policy.full')}</li>
          <li>{t('cancel.policy.half')}</li>
          <li>{t('cancel.policy.none')}</li>
        </ul>
        <p className={styles.price} aria-live="polite">
          {t('cancel.youGet', { refund: money(b.cancellation.refundPaise), percent: b.cancellation.refundPercent })}
        </p>
      </section>
      <ProblemPanel error={error} />
      <Button onClick={() => void confirm()} disabled={busy}>
        {t('cancel.confirm', { refund: money(b.cancellation.refundPaise) })}
      </Button>
    </>
  );
}

function Reschedule({ id, city }: { id: string; city: string }) {
  const t = useT();
  const { time, date } = useTimes();
  const navigate = useNavigate();
  const { booking: b, error: loadError, retry } = useBookingPoll(id, () => true);
  const [chosenDay, setDay] = useState<string | undefined>(undefined);
  // the day of the current slot first (a change of time is usually on the same day), else the first day with slots
  const bookedDay = b ? localDate(b.tripSlotStartTime, CITY_TIME_ZONE) : undefined;
  const [error, setError] = useState<{ code?: string; message?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const days = useAsync(b ? () => loadDays(city, b.lineId) : null, b ? b.lineId : '');
  const dayOf = (list: string[]) => chosenDay ?? (bookedDay && list.includes(bookedDay) ? bookedDay : list[0]);
  const slots = useAsync(
    b && days.status === 'ready' ? () => loadSlots(city, { lineId: b.lineId, fromStopId: b.from.stopId, toStopId: b.to.stopId, date: dayOf(days.data) }) : null,
    `${b?.bookingId}:${days.status === 'ready' ? dayOf(days.data) : ''}:${days.status}`,
  );
  if (!b && loadError) return <ProblemPanel error={loadError} onRetry={retry} />;
  if (!b || slots.status === 'loading') return <ListSkeleton rows={3} />;
  if (slots.status === 'error') return <LoadError error={slots.error} onRetry={slots.retry} />;
  if (!b.actions.includes('RESCHEDULE_RIDE')) return <p className={styles.warn}>{t('error.NOT_RESCHEDULABLE')}</p>;
  const choose = async (tripId: string) => {
    setBusy(true);
    setError(null);
    try {
      const fare = await loadFare(tripId, b.from.stopId, b.to.stopId, b.passengers);
      const diff = b.paidWith === 'PASS' ? 0 : fare.payableAmount - b.farePaise;
      const next = await rescheduleBooking(b.bookingId, tripId, diff);
      navigate(next.status === 'ACTIVE' ? paths.summary(next.bookingId) : flowPaths(next.product).pay(next.bookingId));
    } catch (err) {
      setError(asApiError(err));
    } finally {
      setBusy(false);
    }
  };
  // adults only: the difference per slot is exact (peak slots cost more); with concessions the fare API says it when
  // the rider chooses (a dearer slot goes to the checkout, which shows the amount before paying)
  const adultsOnly = b.paidWith !== 'PASS' && !b.passengers.child && !b.passengers.senior;
  const perAdult = Math.round(b.farePaise / Math.max(1, b.seats));
  const candidates = slots.data.slots.filter((s) => s.bookable && Math.abs(s.startTime - b.tripSlotStartTime) >= PREMIUM_REBOOK_WINDOW_MS);
  return (
    <>
      <BookingFacts b={b} />
      <p className={styles.hint}>{t('reschedule.rule')}</p>
      {days.status === 'ready' && (
        <div className={styles.field}>
          <label htmlFor="re-day">{t('slots.days')}</label>
          <select id="re-day" className={styles.input} value={dayOf(days.data)} onChange={(e) => setDay(e.target.value)}>
            {days.data.map((d) => (
              <option key={d} value={d}>
                {date(Date.UTC(Number(d.slice(0, 4)), Number(d.slice(4, 6)) - 1, Number(d.slice(6, 8)), 6, 30))}
              </option>
            ))}
          </select>
        </div>
      )}
      <ProblemPanel error={error} />
      <SlotList
        empty={t('slots.none')}
        rows={candidates.map((s) => ({
          key: s.tripId,
          time: time(s.boardingTime),
          detail: (
            <>
              {t('slots.left', { n: s.seatsLeft })}
              {adultsOnly && s.adultPaise !== null && (
                <>
                  {' · '}
                  {(() => {
                    const diff = (s.adultPaise - perAdult) * b.seats;
                    return diff > 0
                      ? t('reschedule.pay', { amount: money(diff) })
                      : diff < 0
                        ? t('reschedule.back', { amount: money(-diff) })
                        : t('reschedule.same');
                  })()}
                </>
              )}
            </>
          ),
          action: {
            label: t('reschedule.to'),
            ariaLabel: t('reschedule.toAt', { time: time(s.boardingTime) }),
            onClick: () => void choose(s.tripId),
            disabled: busy,
          },
        }))}
      />
    </>
  );
}

/** /premium-buses/tripCancellationCard: the pop-ups of trips an operator cancelled or moved, each once. */
export function PopupsScreen() {
  const t = useT();
  return (
    <Page heading={t('popups.heading')} back={{ to: '/premium-buses', label: t('landing.heading') }}>
      <RequireSignIn>
        <PremiumGate>{(city) => <Popups city={city} />}</PremiumGate>
      </RequireSignIn>
    </Page>
  );
}

function Popups({ city }: { city: string }) {
  const t = useT();
  const [n, setN] = useState(0);
  const list = useAsync(() => loadBookings(city), `${city}:${n}`);
  if (list.status === 'loading') return <ListSkeleton rows={1} />;
  if (list.status === 'error') return <LoadError error={list.error} onRetry={list.retry} />;
  const next = list.data.bookings.find((b) => b.popUp);
  if (!next) return <p className={styles.empty}>{t('popups.none')}</p>;
  return <PopUpDialog booking={next} onDone={() => setN((x) => x + 1)} />;
}

/** /premium-buses/viewODStopDetails/:routeId/:fromStopId/:toStopId (FIND_MY_STOP): the stops on a map and as a list. */
export function StopsScreen() {
  const t = useT();
  const { routeId = '', fromStopId = '', toStopId = '' } = useParams();
  return (
    <Page heading={t('stops.heading')}>
      <RequireSignIn>
        <PremiumGate>{(city) => <Stops city={city} lineId={routeId} from={fromStopId} to={toStopId} />}</PremiumGate>
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
  if (!line) return <p className={styles.empty}>{t('product.unknown')}</p>;
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
