// /premium-buses/cancellationRescheduleCard/:transactionId?mode=cancel|reschedule: cancel with the refund shown before
// confirming, or change the slot with what each slot costs against the booking.
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { CITY_TIME_ZONE, localDate, PREMIUM_REBOOK_WINDOW_MS, seatStatus } from '@sawari/domain';
import type { Booking } from '@sawari/contracts';
import { serverNow } from '@sawari/runtime';
import { Button } from '@sawari/ui';
import { SlotList } from '@sawari/ui/src/slot-list';
import { cancelBooking, loadDays, loadFare, loadSlots, rescheduleBooking } from '../common/api';
import { flowPaths, paths, seatParts } from '../common/model';
import { asApiError, ListSkeleton, LoadError, money, Page, ProblemPanel, RequireSignIn, styles, useAsync, useT, useTimes } from '../common/ui';
import { BookingFacts } from '../book/BookingFacts';
import { SeatNotUsable } from '../common/SeatNotUsable';
import { useBookingPoll } from './shared';

/** /premium-buses/cancellationRescheduleCard/:transactionId?mode=cancel|reschedule */
export function ManageScreen() {
  const t = useT();
  const { transactionId = '' } = useParams();
  const [params] = useSearchParams();
  const mode = params.get('mode') === 'reschedule' ? 'reschedule' : 'cancel';
  return (
    <Page heading={t(mode === 'cancel' ? 'cancel.heading' : 'reschedule.heading')} back={{ to: paths.summary(transactionId), label: t('summary.heading') }}>
      {/* A rider's own booking is managed from any city: no city gate here (the summary has none either); a change of
          slot reads the booking's own city's slots. */}
      <RequireSignIn>{mode === 'cancel' ? <Cancel id={transactionId} /> : <Reschedule id={transactionId} />}</RequireSignIn>
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
  // the status model AND the API (seatParts): a seat cancelled by the operator, replaced, moved, expired or not yet paid
  // is never offered a cancel; it says what it is instead
  const now = serverNow();
  if (!seatParts(seatStatus(b, now), b.actions).cancel || !b.cancellation.canCancel) return <NotAllowed b={b} now={now} code="NOT_CANCELLABLE" />;
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
        {/* a sentence, so it wraps at 360 px (styles.price is an amount's: nowrap) */}
        <p className={styles.refundLine} aria-live="polite" data-testid="cancel-refund">
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

/** Why this booking cannot be cancelled or changed now: its status (cancelled by the operator, replaced...), the rule, and the booking's page. */
function NotAllowed({ b, now, code }: { b: Booking; now: number; code: 'NOT_CANCELLABLE' | 'NOT_RESCHEDULABLE' }) {
  const t = useT();
  return <SeatNotUsable b={b} now={now} message={t(`error.${code}`)} warn testId="manage-not-allowed" />;
}

function Reschedule({ id }: { id: string }) {
  const t = useT();
  const { time, date } = useTimes();
  const navigate = useNavigate();
  const { booking: b, error: loadError, retry } = useBookingPoll(id, () => true);
  const [chosenDay, setDay] = useState<string | undefined>(undefined);
  // the day of the current slot first (a change of time is usually on the same day), else the first day with slots
  const bookedDay = b ? localDate(b.tripSlotStartTime, CITY_TIME_ZONE) : undefined;
  const city = b?.city ?? '';
  const [error, setError] = useState<{ code?: string; message?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const days = useAsync(b ? () => loadDays(city, b.lineId) : null, b ? b.lineId : '');
  const dayOf = (list: string[]) => chosenDay ?? (bookedDay && list.includes(bookedDay) ? bookedDay : list[0]);
  const slots = useAsync(
    b && days.status === 'ready' ? () => loadSlots(city, { lineId: b.lineId, fromStopId: b.from.stopId, toStopId: b.to.stopId, date: dayOf(days.data) }) : null,
    `${b?.bookingId}:${days.status === 'ready' ? dayOf(days.data) : ''}:${days.status}`,
  );
  if (!b && loadError) return <ProblemPanel error={loadError} onRetry={retry} />;
  if (!b) return <ListSkeleton rows={3} />;
  // the status model AND the API (seatParts), before the slots: a seat that cannot be changed says why at once
  const now = serverNow();
  if (!seatParts(seatStatus(b, now), b.actions).change) return <NotAllowed b={b} now={now} code="NOT_RESCHEDULABLE" />;
  if (slots.status === 'loading') return <ListSkeleton rows={3} />;
  if (slots.status === 'error') return <LoadError error={slots.error} onRetry={slots.retry} />;
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
