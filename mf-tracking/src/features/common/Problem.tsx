import { useIntl } from 'react-intl';
import type { ApiRequestError } from '@sawari/runtime';
import { LoadError } from './Page';
import styles from './tracking.module.css';

/** Failures of planner and search requests that have their own words: what is wrong and what to do. */
const KNOWN = new Set([
  'NETWORK_ERROR',
  'PLANNER_TIMEOUT',
  'PLANNER_BUSY',
  'RATE_LIMITED',
  'STOP_NOT_FOUND',
  'NO_TRANSIT_DATA',
  'STOP_REQUIRED',
  'SAME_PLACE',
  'CITY_NOT_FOUND',
  'BAD_USER_INPUT',
  'VALIDATION_FAILED',
]);

/**
 * A planner or search request that failed, said in the rider's language: offline, the planner busy or slow, too many
 * searches, a stop gone from the timetable, a stop required, the same place twice… with Retry where retrying helps.
 * Anything else: the generic LoadError.
 */
export function Problem({ error, onRetry }: { error: ApiRequestError | null; onRetry: () => void }) {
  const intl = useIntl();
  if (!error || !KNOWN.has(error.code)) return <LoadError error={error} onRetry={onRetry} />;
  const code = error.code === 'VALIDATION_FAILED' ? 'BAD_USER_INPUT' : error.code;
  const retry = ['NETWORK_ERROR', 'PLANNER_TIMEOUT', 'PLANNER_BUSY', 'RATE_LIMITED'].includes(code);
  return (
    <div className={styles.alert} role="alert">
      <p style={{ margin: 0 }}>{intl.formatMessage({ id: `problem.${code}` })}</p>
      {retry && (
        <button type="button" className={styles.textButton} onClick={onRetry}>
          {intl.formatMessage({ id: 'common.retry' })}
        </button>
      )}
    </div>
  );
}
