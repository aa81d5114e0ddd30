// The shell's snackbar/alert host and session chores (never in kiosk mode: the layout is not loaded there).
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useAtomValue } from 'jotai';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { SNACKBAR_MS } from '@sawari/domain';
import { loadSession, noticeAtom, SawariIntlProvider, sawariStore, sessionAtom, type Notice } from '@sawari/runtime';
import { AppLink } from '../features/common/nav';
import { SHELL_CATALOG } from '../i18n/catalogs';
import styles from './sessionHost.module.css';

/** Logout removes the rider's wallet records on this device; the tickets remote owns them (docs/wallet-offline.md). */
function forgetRider(userId: string): void {
  loadRemote<{ clearRiderData?: (userId: string) => Promise<void> }>('mf_tickets/spa')
    .then((m) => m?.clearRiderData?.(userId))
    .catch((err: unknown) => console.error('[sawari] could not remove the rider\'s wallet from this device', err));
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
      if (userId && !next) forgetRider(userId);
      userId = next;
    });
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
