// Components that speak the app's language through react-intl. Deliberately NOT exported from the package index:
// kiosk boards import @sawari/ui without react-intl, and importing this file is what pulls it in.
// Each app's catalog supplies the wording (ids common.error.title, common.error.network, common.error.generic,
// common.retry, common.loading).
import { Component, type ComponentType, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiRequestError } from '@sawari/runtime';
import { Button, Skeleton, UnavailablePanel } from './components';
import { riderError } from './rider-errors';
import styles from './ui.module.css';

/**
 * A load that failed: what happened in the rider's words (rider-errors.ts, by the error's code: never the API's
 * developer message) and a way on: Retry when trying again can help, the home page when the thing is not there or
 * the link is broken.
 */
export function LoadError({ error, onRetry }: { error: ApiRequestError | null; onRetry: () => void }) {
  const intl = useIntl();
  const texts = riderError(error, intl.locale);
  const dead = texts.kind === 'notFound' || texts.kind === 'badLink' || texts.kind === 'notAllowed';
  return (
    <section className={styles.panel} role="alert" data-error-kind={texts.kind}>
      <h2>{texts.title}</h2>
      <p>{texts.message}</p>
      <div className={styles.actions}>
        {!dead && <Button onClick={onRetry}>{intl.formatMessage({ id: 'common.retry' })}</Button>}
        <a className={dead ? styles.button : styles.link} href="/app/">
          {texts.home}
        </a>
      </div>
    </section>
  );
}

/**
 * The screen for an address inside an app that none of its routes answers (createRemoteSpa's catch-all, the shell's
 * not-found): one h1, what happened, and the home page as the way on.
 */
export function NotFoundScreen({ lang }: { lang?: string }) {
  const intl = useIntl();
  const texts = riderError({ status: 404, code: 'NOT_FOUND' }, lang ?? intl.locale);
  return (
    <section className={styles.notFound} aria-labelledby="sawari-not-found" data-not-found="">
      <h1 id="sawari-not-found">{texts.title}</h1>
      <p>{texts.message}</p>
      <p>
        <a className={styles.button} href="/app/">
          {texts.home}
        </a>
      </p>
    </section>
  );
}

/** Grey rows while a list loads; screen readers hear "Loading…" once. */
export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  const intl = useIntl();
  return (
    <div className={styles.listSkeleton} role="status">
      <span className={styles.srOnly}>{intl.formatMessage({ id: 'common.loading' })}</span>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height="3.5rem" />
      ))}
    </div>
  );
}

/**
 * A render error (or a screen chunk that failed to arrive) shows a message with Retry in place of the screen.
 * `remote` names the app in the console (e.g. mf_tracking).
 */
export class ScreenErrorBoundary extends Component<{ remote: string; children: ReactNode; offline?: ComponentType }, { failed: boolean; offline: boolean }> {
  override state = { failed: false, offline: false };
  static getDerivedStateFromError(error: unknown) {
    // A screen's chunk that did not arrive because the device is offline or the server unreachable: not a crash.
    const name = (error as { name?: string } | null)?.name;
    const offline = (typeof navigator !== 'undefined' && navigator.onLine === false) || name === 'ChunkLoadError';
    return { failed: true, offline };
  }
  override componentDidCatch(error: unknown) {
    console.error(`[${this.props.remote}] screen crashed`, error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    const Offline = this.props.offline;
    if (this.state.offline && Offline) return <Offline />;
    return (
      <FormattedMessage id="common.error.title">
        {(title) => (
          <FormattedMessage id="common.error.generic">
            {(message) => <UnavailablePanel title={String(title)} message={String(message)} onRetry={() => location.reload()} />}
          </FormattedMessage>
        )}
      </FormattedMessage>
    );
  }
}
