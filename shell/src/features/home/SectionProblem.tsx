// A Home section that could not load: one line saying so (offline said as offline) and Try again. Home stays usable:
// the other sections do not depend on it.
import { useIntl } from 'react-intl';
import type { ApiRequestError } from '@sawari/runtime';
import own from './home.module.css';

export function SectionProblem({ error, message, onRetry }: { error: ApiRequestError | null; message: string; onRetry: () => void }) {
  const intl = useIntl();
  const offline = (typeof navigator !== 'undefined' && navigator.onLine === false) || error?.code === 'NETWORK_ERROR';
  return (
    <div className={own.problem} role="alert">
      <p>{offline ? intl.formatMessage({ id: 'home.offline' }) : message}</p>
      <button type="button" className={own.textButton} onClick={onRetry}>
        {intl.formatMessage({ id: 'common.retry' })}
      </button>
    </div>
  );
}
