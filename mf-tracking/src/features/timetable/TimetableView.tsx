import { useId } from 'react';
import { useIntl } from 'react-intl';
import { ListSkeleton, LoadError } from '../common/Page';
import { Attribution } from '../common/city';
import { secondsOfCityDay } from '../common/format';
import { lastDeparture, useClock } from '../common/clock';
import { gql, TimetableDocument, type Stop } from '../common/transit';
import { useLive } from '../common/useLive';
import styles from '../common/tracking.module.css';

/** One route's departures at one stop today: exact times, or "every N min from …, last at …" for frequency trips. */
export function Departures({ city, routeId, stopId }: { city: string; routeId: string; stopId: string }) {
  const intl = useIntl();
  const clock = useClock();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const tt = useLive((signal) => gql(TimetableDocument, { city, routeId, stopId }, signal).then((r) => r.timetable), `${city}|${routeId}|${stopId}`, {
    poll: false,
  });
  if (tt.loading) return <ListSkeleton rows={2} />;
  if (!tt.data) return <LoadError error={tt.error} onRetry={tt.retry} />;
  const d = tt.data;
  if (d.ttStatus === 1) return <p className={styles.empty}>{t('timetable.notAvailable')}</p>;
  const nowSec = secondsOfCityDay(Date.now());
  return (
    <>
      {d.isFrequencyTrip && d.frequencies.length > 0 && (
        <ul className={styles.cards}>
          {d.frequencies.map((f) => (
            <li key={`${f.start_time}-${f.end_time}`} className={styles.card}>
              {t('timetable.every', { n: Math.round(f.frequency / 60), from: clock.service(f.start_time), last: clock.service(lastDeparture(f)) })}
            </li>
          ))}
        </ul>
      )}
      {d.departures.length > 0 && (
        <>
          <p className={styles.hint}>{t('timetable.count', { n: d.departures.length })}</p>
          <ul className={styles.times} aria-label={t('timetable.departures')}>
            {d.departures.map((s, i) => (
              <li key={`${s}-${i}`} className={s < nowSec ? styles.past : undefined}>
                {clock.service(s)}
                {s < nowSec && <span className={styles.srOnly}> {t('timetable.gone')}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
      {d.departures.length === 0 && !(d.isFrequencyTrip && d.frequencies.length > 0) && <p className={styles.empty}>{t('timetable.noneToday')}</p>}
      <Attribution city={city} />
    </>
  );
}

/** A stop picker (the route's stops, each direction as a group). */
export function StopPicker({
  directions,
  value,
  onChange,
}: {
  directions: { headsign: string; stops: Stop[] }[];
  value: string;
  onChange: (stopId: string) => void;
}) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{intl.formatMessage({ id: 'timetable.pickStop' })}</label>
      <select id={id} className={styles.input} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{intl.formatMessage({ id: 'timetable.pickStop.placeholder' })}</option>
        {directions.map((d, i) => (
          <optgroup key={i} label={intl.formatMessage({ id: 'route.towards' }, { headsign: d.headsign })}>
            {d.stops.map((s) => (
              <option key={`${i}-${s.stop_id}`} value={s.stop_id}>
                {s.stop_name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
