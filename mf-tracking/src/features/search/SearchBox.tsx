// The search screen's box, with type-ahead: the results follow what the rider types (after a short pause, from two
// letters), without a tap on Search and without losing the box's focus; Search (or Enter) asks at once. Each search is
// the page's address (?q=, replaced while typing, so Back leaves the screen rather than stepping through letters).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@sawari/ui';
import styles from '../common/tracking.module.css';

/** How long typing pauses before the results follow. */
export const TYPE_AHEAD_MS = 300;
/** The fewest characters the results follow (one letter matches half a city). */
export const TYPE_AHEAD_MIN = 2;

export function SearchBox() {
  const intl = useIntl();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const asked = (params.get('q') ?? '').trim();
  const [q, setQ] = useState(asked);
  const lastSet = useRef(asked);
  // The address changed otherwise (Back, a link): the box shows it.
  useEffect(() => {
    if (asked !== lastSet.current) {
      lastSet.current = asked;
      setQ(asked);
    }
  }, [asked]);
  useEffect(() => {
    const v = q.trim();
    if (v.length < TYPE_AHEAD_MIN || v === lastSet.current) return;
    const timer = setTimeout(() => {
      lastSet.current = v;
      setParams({ q: v }, { replace: true });
    }, TYPE_AHEAD_MS);
    return () => clearTimeout(timer);
  }, [q, setParams]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = q.trim();
    if (!v || v === lastSet.current) return;
    lastSet.current = v;
    setParams({ q: v });
  };
  return (
    <form role="search" onSubmit={submit}>
      <div className={styles.field}>
        <label htmlFor={id}>{intl.formatMessage({ id: 'search.label' })}</label>
        <div className={styles.searchRow}>
          <input
            id={id}
            className={styles.input}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={intl.formatMessage({ id: 'search.placeholder' })}
            autoComplete="off"
            aria-describedby={`${id}-hint`}
          />
          <Button type="submit">{intl.formatMessage({ id: 'search.button' })}</Button>
        </div>
        <span id={`${id}-hint`} className={styles.hint}>
          {intl.formatMessage({ id: 'results.typeAhead' })}
        </span>
      </div>
    </form>
  );
}
