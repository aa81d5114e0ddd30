import { useEffect, useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@sawari/ui';
import { Page } from '../common/Page';
import { Attribution, useTransitCity, WithCity } from '../common/city';
import { paths } from '../common/links';
import { cityDateTime, cityToday, decodePlace, planQuery, type DepartMode, type PlannerPlace } from './plan';
import { PlaceField } from './PlaceField';
import { keepTimetable } from './offline/offlinePlanner';
import styles from '../common/tracking.module.css';

function PlannerForm({ city }: { city: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const [from, setFrom] = useState<PlannerPlace | null>(() => decodePlace(params.get('from'), params.get('fromName')));
  const [to, setTo] = useState<PlannerPlace | null>(() => decodePlace(params.get('to'), params.get('toName')));
  // What the rider chose before (back from the results) is kept.
  const [mode, setMode] = useState<DepartMode>(() => (['now', 'at', 'by', 'window'] as const).find((m) => m === params.get('mode')) ?? 'now');
  const [time, setTime] = useState(() => params.get('time') ?? '08:00');
  const [date, setDate] = useState(() => params.get('date') ?? cityToday(Date.now()));
  const [windowMinutes, setWindowMinutes] = useState(() => Number(params.get('window')) || 30);
  const [error, setError] = useState<string | null>(null);
  const timeId = useId();
  const dateId = useId();
  const windowId = useId();
  const live = pathname.startsWith('/live-tracking');
  // A stop-based planner city (spec §6) plans stop to stop: offer only stops there (no "Use my location", no places).
  const stopsOnly = useTransitCity(city)?.stopBasedPlanner ?? true;
  // The city's timetable is kept on the phone (and refreshed when its feed changes) so a plan works without a network.
  useEffect(() => void keepTimetable(city).catch(() => undefined), [city]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!from || !to) return setError(t('planner.pickBoth'));
    if ((mode === 'at' || mode === 'by') && cityDateTime(date, time) === null) {
      setError(t('planner.badTime'));
      return document.getElementById(date ? timeId : dateId)?.focus();
    }
    setError(null);
    navigate(paths.plannerResults(planQuery({ from, to, mode, time, date, windowMinutes })));
  };
  return (
    <form onSubmit={submit} noValidate>
      <PlaceField label={t('planner.from')} city={city} value={from} onChange={setFrom} stopsOnly={stopsOnly} />
      <PlaceField label={t('planner.to')} city={city} value={to} onChange={setTo} stopsOnly={stopsOnly} />
      {live && (
        <p className={styles.hint}>
          <Link to={`/live-tracking/trip-planner-stops/from`}>{t('planner.pickStops')}</Link>
        </p>
      )}
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('planner.when')}</legend>
        {(['now', 'at', 'by', 'window'] as const).map((m) => (
          <label key={m} className={styles.radio}>
            <input type="radio" name="depart" value={m} checked={mode === m} onChange={() => setMode(m)} /> {t(`planner.when.${m}`)}
          </label>
        ))}
        {(mode === 'at' || mode === 'by') && (
          <>
            <div className={styles.field}>
              <label htmlFor={dateId}>{t('planner.date')}</label>
              <input id={dateId} className={styles.input} type="date" value={date} onChange={(e) => setDate(e.target.value)} required />
            </div>
            <div className={styles.field}>
              <label htmlFor={timeId}>{t(mode === 'by' ? 'planner.arriveTime' : 'planner.time')}</label>
              <input id={timeId} className={styles.input} type="time" value={time} onChange={(e) => setTime(e.target.value)} required />
            </div>
          </>
        )}
        {mode === 'window' && (
          <div className={styles.field}>
            <label htmlFor={windowId}>{t('planner.window')}</label>
            <select id={windowId} className={styles.input} value={windowMinutes} onChange={(e) => setWindowMinutes(Number(e.target.value))}>
              {[15, 30, 60, 90].map((n) => (
                <option key={n} value={n}>
                  {intl.formatMessage({ id: 'planner.windowMinutes' }, { n })}
                </option>
              ))}
            </select>
          </div>
        )}
      </fieldset>
      <p role="status" className={error ? styles.alert : undefined}>
        {error}
      </p>
      <Button type="submit">{t('planner.submit')}</Button>
    </form>
  );
}

/** /trip-planner and /live-tracking/trip-planner: from, to and when; the results list itineraries. */
export default function PlannerScreen() {
  const intl = useIntl();
  return (
    <Page heading={intl.formatMessage({ id: 'planner.heading' })} back={{ to: paths.landing, label: intl.formatMessage({ id: 'landing.heading' }) }}>
      <WithCity>
        {(city) => (
          <>
            <PlannerForm city={city} />
            <Attribution city={city} />
          </>
        )}
      </WithCity>
    </Page>
  );
}
