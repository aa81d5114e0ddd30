import styles from './board.module.css';
import { texts } from './texts';

/** Full-screen message for a board that cannot show a schedule (unknown board, refused, unreachable): never blank. */
export function BoardMessage({ title, message, onRetry }: { title: string; message: string; onRetry?: () => void }) {
  return (
    <section className={styles.message} role="alert">
      <h1>{title}</h1>
      <p>{message}</p>
      {onRetry && (
        <button type="button" onClick={onRetry}>
          {texts.retry}
        </button>
      )}
    </section>
  );
}
