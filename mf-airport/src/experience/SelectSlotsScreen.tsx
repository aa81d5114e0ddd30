// /airport-experience/select-slots?lineId=&fromStopId=&toStopId=: the day, how many travel and the day's buses; a
// bus chosen continues in mf-premium's fare step (/premium-buses/fare-details). Opened without its line and stops (a
// cut link, an old bookmark), it says to choose a route first, with the way to the airport express routes.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { MAX_SEATS_PER_BOOKING } from '@sawari/domain';
import { SlotList } from '@sawari/ui/src/slot-list';
import { ListSkeleton, LoadError } from '@sawari/ui/src/intl';
import { useAsync } from '@sawari/ui/src/async';
import { loadAirportDays, loadAirportSlots } from './api';
import { Frame, go, linkTo, styles, useT, useTime } from './frame';
import { canChoose, dayOption, farePath, slotsQuery } from './model';
import { useAirportCity } from './useAirportCity';

export function SelectSlotsScreen() {
  return (
    <Frame heading="slots.heading" back={{ path: '/airport-experience', label: 'experience.heading' }}>
      <SelectSlots />
    </Frame>
  );
}

function SelectSlots() {
  const t = useT();
  const route = slotsQuery(location.search);
  // nothing to list without a route: the way on is where the airport routes are chosen (as premium's slot page does)
  if (!route)
    return (
      <div className={styles.empty}>
        <p>{t('slots.noRoute')}</p>
        <p className={styles.actions}>
          <a className={styles.linkButton} {...linkTo('/airport-experience')}>
            {t('slots.chooseRoute')}
          </a>
        </p>
      </div>
    );
  return <Slots {...route} />;
}

function Slots({ lineId, fromStopId, toStopId }: { lineId: string; fromStopId: string; toStopId: string }) {
  const t = useT();
  const time = useTime();
  const { locale } = useIntl();
  const c = useAirportCity(undefined);
  const city = c.city && c.ok ? c.city : 'mumbai';
  const [day, setDay] = useState<string | undefined>(undefined);
  const [passengers, setPassengers] = useState(1);
  const days = useAsync(() => loadAirportDays(city, lineId), `${city}:${lineId}`);
  const date = day ?? (days.status === 'ready' ? days.data[0] : undefined);
  const slots = useAsync(
    days.status === 'ready' ? () => loadAirportSlots(city, { lineId, fromStopId, toStopId, date }) : null,
    `${lineId}:${fromStopId}:${toStopId}:${date}`,
  );
  if (days.status === 'error') return <LoadError error={days.error} onRetry={days.retry} />;
  if (slots.status === 'error') return <LoadError error={slots.error} onRetry={slots.retry} />;
  if (slots.status === 'loading') return <ListSkeleton />;
  const s = slots.data;
  const choose = (tripId: string) => go(farePath(tripId, fromStopId, toStopId, passengers));
  return (
    <>
      <p className={styles.intro}>
        {s.line.code} · {s.line.name}
      </p>
      <div className={styles.field}>
        <label htmlFor="exp-day">{t('slots.day')}</label>
        <select id="exp-day" className={styles.input} value={date} onChange={(e) => setDay(e.target.value)}>
          {(days.status === 'ready' ? days.data : []).map((d) => (
            <option key={d} value={d}>
              {dayOption(d, locale)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="exp-pax">{t('slots.passengers')}</label>
        <select id="exp-pax" className={styles.input} value={passengers} onChange={(e) => setPassengers(Number(e.target.value))}>
          {Array.from({ length: MAX_SEATS_PER_BOOKING }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <SlotList
        empty={t('slots.none')}
        rows={s.slots.map((slot) => ({
          key: slot.tripId,
          time: time(slot.boardingTime),
          detail: slot.availability === 'SOLD_OUT' ? t('eta.soldOut') : t('eta.left', { n: slot.seatsLeft }),
          action: canChoose(slot, passengers)
            ? { label: t('slots.choose'), ariaLabel: t('slots.chooseAt', { time: time(slot.boardingTime) }), onClick: () => choose(slot.tripId) }
            : null,
        }))}
      />
    </>
  );
}
