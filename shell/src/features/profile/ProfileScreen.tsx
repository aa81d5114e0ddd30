import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { UserProfile } from '@sawari/contracts';
import { api, endSession, handleApiError, sawariStore, sessionAtom } from '@sawari/runtime';
import { Button } from '@sawari/ui';
import { ListSkeleton, LoadError, Page } from '../common/Page';
import { AppLink, go } from '../common/nav';
import { useAsync } from '../common/useAsync';
import { RequireSession } from '../common/session';
import { formatPhone } from '../login/loginModel';
import { formatDob } from './profileModel';
import page from '../common/page.module.css';
import styles from './profile.module.css';

/** /profile: who is signed in, and sign out. */
export default function ProfileScreen() {
  const intl = useIntl();
  return (
    <Page heading={intl.formatMessage({ id: 'profile.heading' })}>
      <RequireSession path="/profile">
        <ProfileDetails />
      </RequireSession>
    </Page>
  );
}

/** GET /api/profile; a rider without one is sent to create it (spec §8 USER_DOES_NOT_EXIST). */
export const loadProfile = () => api.get<UserProfile>('/profile');
const CANCELLED = 'REQUEST_CANCELLED_SESSION_TIMEOUT';

function ProfileDetails() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const profile = useAsync(loadProfile, 'profile');
  const [signingOut, setSigningOut] = useState(false);
  const missing = profile.error?.code === 'USER_DOES_NOT_EXIST';
  useEffect(() => {
    // Replace, so Back does not come here to be sent on again.
    if (missing) go('/profile/edit-profile', { replace: true });
  }, [missing]);

  if (profile.status === 'loading' || missing || profile.error?.code === CANCELLED) return <ListSkeleton rows={4} />;
  if (profile.status === 'error') return <LoadError error={profile.error} onRetry={profile.retry} />;
  const p = profile.data;
  const notGiven = <span className={page.hint}>{t('profile.notGiven')}</span>;

  const signOut = async () => {
    setSigningOut(true);
    try {
      await api.post('/auth/logout', { refreshToken: sawariStore.get(sessionAtom).refreshToken ?? undefined });
    } catch (err) {
      // Signed out on this device either way; only say why when it is not a plain network failure.
      if ((err as { code?: string }).code !== 'NETWORK_ERROR') handleApiError(err);
    }
    go('/');
    void endSession('signed-out');
  };

  return (
    <>
      {p.profilePhoto ? (
        <img className={styles.photo} src={p.profilePhoto} alt={t('profile.photoAlt')} width={96} height={96} />
      ) : (
        <span className={styles.noPhoto}>{t('profile.noPhoto')}</span>
      )}
      <dl className={styles.details}>
        <dt>{t('profile.name')}</dt>
        <dd>{`${p.firstName} ${p.lastName}`.trim()}</dd>
        <dt>{t('profile.email')}</dt>
        <dd>{p.mailId || notGiven}</dd>
        <dt>{t('profile.phone')}</dt>
        <dd>{formatPhone(p.mobileNumber)}</dd>
        <dt>{t('profile.gender')}</dt>
        <dd>{p.gender ? t(`profile.gender.${p.gender}`) : notGiven}</dd>
        <dt>{t('profile.dob')}</dt>
        <dd>{p.dobInMillis === null ? notGiven : formatDob(p.dobInMillis, intl.locale)}</dd>
      </dl>
      <div className={page.actions}>
        <AppLink to="/profile/edit-profile" className={page.textButton}>
          {t('profile.editLink')}
        </AppLink>
        <Button variant="secondary" onClick={signOut} disabled={signingOut}>
          {t(signingOut ? 'profile.signingOut' : 'profile.signOut')}
        </Button>
      </div>
    </>
  );
}
