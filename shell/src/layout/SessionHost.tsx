// The shell's snackbar/alert host and session chores (never in kiosk mode: the layout is not loaded there).
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useAtomValue } from 'jotai';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { SNACKBAR_MS } from '@sawari/domain';
import { deployedRemotes, loadSession, noticeAtom, SawariIntlProvider, sawariStore, sessionAtom, type Notice } from '@sawari/runtime';
import { AppLink } from '../features/common/nav';
import { SHELL_CATALOG } from '../i18n/catalogs';
import styles from './sessionHost.module.css';
import { forgetRider, sendKeptOffline } from './remote-hooks';

const loadSpa = (name: string) => loadRemote<Record<string, unknown>>(name);

/** Logout removes the rider's data on this device: each remote whose manifest has a logout hook removes its own. */
const forgetRiderHere = (userId: string) => void forgetRider(loadSpa, deployedRemotes(), userId);

/**
 * What was kept offline (rides punched offline, ...) is sent even when the rider never opens that remote's screens
 * again: when online and signed in, each remote with an `online` hook whose database exists on this device is loaded
 * and its hook runs (the hooks are idempotent on the server, so a second call is harmless).
 */
async function syncKeptOffline(): Promise<void> {
  const userId = sawariStore.get(sessionAtom).userId;
  if (!userId || !navigator.onLine) return;
  await sendKeptOffline(loadSpa, deployedRemotes(), userId);
}

const syncKeptOfflineSoon = () => void syncKeptOffline().catch((err: unknown) => console.error('[sawari] could not send what was kept offline', err));

/** Runs `fn` once the page is idle (setTimeout where requestIdleCallback is missing); answers the cancel. */
function whenIdle(fn: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 1500);
  return () => window.clearTimeout(id);
}

const dismiss = (id: number) => sawariStore.set(noticeAtom, (current) => (current?.id === id ? null : current));

function NoticeView({ notice }: { notice: Notice }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const close = (
    <button type="button" className={styles.button} onClick={() => dismiss(notice.id)}>
      {notice.kind === 'message' ? notice.button : t('session.okay')}
    </button>
  );
  if (notice.kind === 'session-expired')
    return (
      <div className={styles.notice}>
        <p>
          <strong>{t('session.expired')}</strong> {t('session.expiredBody')}
        </p>
        <AppLink to="/login" className={styles.link} onClick={() => dismiss(notice.id)}>
          {t('session.signIn')}
        </AppLink>
        {close}
      </div>
    );
  return (
    <div className={styles.notice}>
      <p>{notice.kind === 'offline' ? t('session.offline') : notice.message}</p>
      {close}
    </div>
  );
}

/**
 * Reads the stored session at start, reloads the page when the connection comes back (spec §4), and shows what
 * anyone raised on noticeAtom: snackbars hide after 3 s (spec §8); "Session expired" stays until dismissed.
 */
export function SessionHost() {
  const notice = useAtomValue(noticeAtom, { store: sawariStore });
  useEffect(() => {
    // A session that ends (sign-out, expiry, another tab) takes the rider's local tickets with it.
    let userId = sawariStore.get(sessionAtom).userId;
    return sawariStore.sub(sessionAtom, () => {
      const next = sawariStore.get(sessionAtom).userId;
      if (userId && !next) forgetRiderHere(userId);
      userId = next;
    });
  }, []);
  useEffect(() => {
    // Once the session is known (a rider signed in), send the rides queued offline when the app is idle, and again
    // whenever the connection returns.
    let cancel: (() => void) | null = null;
    const schedule = () => {
      if (cancel || !sawariStore.get(sessionAtom).userId) return;
      cancel = whenIdle(syncKeptOfflineSoon);
    };
    schedule();
    const unsub = sawariStore.sub(sessionAtom, schedule);
    window.addEventListener('online', syncKeptOfflineSoon);
    return () => {
      unsub();
      cancel?.();
      window.removeEventListener('online', syncKeptOfflineSoon);
    };
  }, []);
  useEffect(() => {
    void loadSession();
    const reload = () => location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);
  useEffect(() => {
    if (!notice || notice.kind === 'session-expired') return;
    const timer = setTimeout(() => dismiss(notice.id), SNACKBAR_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  // The live region is always there, so what appears in it is announced.
  return (
    <div className={styles.host} role="alert" aria-atomic="true">
      {notice && (
        <SawariIntlProvider remote={SHELL_CATALOG}>
          <NoticeView key={notice.id} notice={notice} />
        </SawariIntlProvider>
      )}
    </div>
  );
}
