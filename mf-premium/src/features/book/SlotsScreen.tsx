// /premium-buses/select-slot and /great-escape/select-slots: the day, the passengers, then a slot. The choice travels in
// the query string (lineId, fromStopId, toStopId, date, passengers), so a reload or Back keeps it.
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { ReservationProductName } from '@sawari/contracts';
import { SlotList } from '@sawari/ui/src/slot-list';
import { loadDays, loadSlots } from '../common/api';
import { flowPaths, isYmd, NO_PASSENGERS, passengerProblem, passengersFrom, paths as screens, type Passengers } from '../common/model';
import { ListSkeleton, money, Page, PremiumGate, ProblemPanel, RequireSignIn, styles, useAsync, useDay, useT, useTimes } from '../common/ui';
import { PassengerCounter } from './PassengerCounter';

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
  const routed = !!(lineId && fromStopId && toStopId);
  const days = useAsync(routed ? () => loadDays(city, lineId) : null, `${city}:${lineId}`);
  const date0 = chosenDate ?? (days.status === 'ready' ? days.data[0] : undefined);
  const slots = useAsync(
    routed && (days.status === 'ready' || chosenDate) ? () => loadSlots(city, { lineId, fromStopId, toStopId, date: date0 }) : null,
    `${lineId}:${fromStopId}:${toStopId}:${date0}`,
  );
  const paths = flowPaths(product);
  // Opened without its route (a cut link, an old bookmark): nothing to list, so the way on is where routes are chosen.
  if (!routed)
    return (
      <div className={styles.empty}>
        <p>{t('slots.noRoute')}</p>
        <p className={styles.actions}>
          <Link className={styles.linkButton} to={product === 'EVENT' ? paths.home : screens.search}>
            {t(product === 'EVENT' ? 'escape.trips' : 'landing.search')}
          </Link>
        </p>
      </div>
    );
  // The route's days did not load (a route not on sale): the slots wait for them, so the reason shows here.
  if (days.status === 'error' && !chosenDate)
    return <ProblemPanel error={days.error} onRetry={days.retry} action={{ path: paths.home, labelId: 'common.startAgain' }} />;
  if (slots.status === 'loading') return <ListSkeleton />;
  if (slots.status === 'error') return <ProblemPanel error={slots.error} onRetry={slots.retry} action={{ path: paths.home, labelId: 'common.startAgain' }} />;
  const s = slots.data;
  const choose = (tripId: string, seatsLeft: number) => {
    const p = passengerProblem(passengers, seatsLeft);
    if (p) {
      setProblem(p);
      return;
    }
    navigate(paths.fare(tripId, fromStopId, toStopId, passengers, passId, lineId, s.date));
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
