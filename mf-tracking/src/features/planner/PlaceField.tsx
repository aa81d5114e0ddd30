import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { gql, SearchDocument, toApiError, type SearchResult } from '../common/transit';
import { useGeolocation } from '../common/useGeolocation';
import { StopDistinctions } from '../common/StopDistinctions';
import type { PlannerPlace } from './plan';
import { searchWithoutNetwork, unreachable } from './offline/offlinePlanner';
import styles from '../common/tracking.module.css';

/**
 * A from/to field: type a stop or place name and pick one of the matches, or use the current location. `stopsOnly`
 * (a stop-based planner city): only stops are offered, no location and no places, since only stops can be planned.
 */
export function PlaceField({
  label,
  city,
  value,
  onChange,
  stopsOnly = false,
}: {
  label: string;
  city: string;
  value: PlannerPlace | null;
  onChange: (p: PlannerPlace | null) => void;
  stopsOnly?: boolean;
}) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string>) => intl.formatMessage({ id }, v);
  const id = useId();
  const [text, setText] = useState(value?.name ?? '');
  const [matches, setMatches] = useState<SearchResult[] | null>(null);
  const [status, setStatus] = useState<string>('');
  const [geo, locate] = useGeolocation();

  useEffect(() => {
    if (geo.status === 'located') {
      onChange({ kind: 'geo', lat: geo.lat, lon: geo.lon, name: t('planner.myLocation') });
      setText(t('planner.myLocation'));
      setMatches(null);
      setStatus(t('planner.locationSet'));
    } else if (geo.status === 'denied' || geo.status === 'unavailable') setStatus(t(geo.status === 'denied' ? 'nearby.denied' : 'nearby.unavailable'));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [geo.status]);

  const find = async () => {
    const q = text.trim();
    if (!q) return;
    setStatus(t('common.loading'));
    try {
      const r = await gql(SearchDocument, { city, query: q });
      const usable = r.search.filter((s) => (s.result_type === 'STOP' && s.stop_id) || (!stopsOnly && s.lat != null && s.lon != null));
      setMatches(usable);
      setStatus(usable.length ? t('planner.matches', { n: String(usable.length) }) : t('results.none', { query: q }));
    } catch (err) {
      // No network: the stops of the timetable kept on this phone (the offline planner plans between them), so the
      // form never says planning needs a connection while planning offline works.
      if (unreachable(err)) {
        const kept = await searchWithoutNetwork(city, q).catch(() => null);
        if (kept) {
          setMatches(kept);
          setStatus(kept.length ? t('planner.offlineMatches', { n: String(kept.length) }) : t('planner.offlineNone', { query: q }));
          return;
        }
        setStatus(t('planner.offlineNoTimetable'));
        return;
      }
      const code = toApiError(err).code;
      setStatus(t(code === 'RATE_LIMITED' ? `problem.${code}` : 'common.error.generic'));
    }
  };
  const pick = (s: SearchResult) => {
    const place: PlannerPlace =
      s.result_type === 'STOP' && s.stop_id ? { kind: 'stop', stopId: s.stop_id, name: s.name } : { kind: 'geo', lat: s.lat!, lon: s.lon!, name: s.name };
    onChange(place);
    setText(s.name);
    setMatches(null);
    setStatus(t('planner.chosen', { place: s.name }));
  };

  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <div className={styles.searchRow}>
        <input
          id={id}
          className={styles.input}
          value={text}
          autoComplete="off"
          aria-describedby={`${id}-status`}
          onChange={(e) => {
            setText(e.target.value);
            if (value) onChange(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void find();
            }
          }}
        />
        <button type="button" className={styles.tab} onClick={find} aria-label={t('planner.findFor', { field: label })}>
          {t('planner.find')}
        </button>
      </div>
      {!stopsOnly && (
        <button type="button" className={styles.textButton} onClick={locate} style={{ justifySelf: 'start' }}>
          {t('planner.useLocation')}
        </button>
      )}
      <span id={`${id}-status`} className={styles.hint} role="status">
        {status}
      </span>
      {matches && matches.length > 0 && (
        <ul className={styles.cards} aria-label={t('planner.matchesFor', { field: label })}>
          {matches.map((m, i) => (
            <li key={`${m.stop_id ?? i}-${m.name}`}>
              <button
                type="button"
                className={styles.card}
                style={{ width: '100%', textAlign: 'start', font: 'inherit', cursor: 'pointer' }}
                onClick={() => pick(m)}
              >
                <span className={styles.cardTitle}>{m.name}</span>
                <StopDistinctions stop={m} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
