// The facts of a booking: trip, stops, day and time, seats, fare (the pay, success, summary and manage screens).
import type { Booking } from '@sawari/contracts';
import { money, styles, useDay, useT, useTimes } from '../common/ui';

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
