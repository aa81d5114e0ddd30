import { texts } from './texts';

/** A screen's crash message in the React screens (ScreenErrorBoundary); the board draws the same with boardDom.ts. */
export function BoardMessage({ title, message, onRetry }: { title: string; message: string; onRetry?: () => void }) {
  return (
    <section className="sb-message" role="alert">
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
