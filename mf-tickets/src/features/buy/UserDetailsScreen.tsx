// /pay-for-ticket/user-details: who travels (the rider's profile, or a way to fill it in), confirmed before paying.
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@sawari/ui';
import type { CityConfig } from '@sawari/runtime';
import { ticketsApi } from '../common/api';
import { useFlow } from '../common/flow';
import { totalPassengers } from '../common/model';
import { CityGate, ListSkeleton, LoadError, Page, RequireSignIn, Steps, asApiError, paths, styles, useAsync, useT } from '../common/ui';
import { useFlowGuard } from './hooks';

type Profile = Awaited<ReturnType<typeof ticketsApi.profile>>;

function Details({ city }: { city: CityConfig }) {
  const t = useT();
  const navigate = useNavigate();
  const [flow, setFlow] = useFlow();
  const ok = useFlowGuard(city.id, 'quote');
  const profile = useAsync<Profile | null>(
    ok ? () => ticketsApi.profile().catch((e: unknown) => (asApiError(e).code === 'USER_DOES_NOT_EXIST' ? null : Promise.reject(e))) : null,
    'profile',
  );
  if (!ok) return null;
  if (profile.status === 'loading') return <ListSkeleton rows={2} />;
  if (profile.status === 'error') return <LoadError error={profile.error} onRetry={profile.retry} />;
  const p = profile.data;
  const name = [p?.firstName, p?.lastName].filter(Boolean).join(' ');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFlow((f) => ({ ...f, detailsConfirmed: true }));
    navigate(paths.pay);
  };
  return (
    <form onSubmit={submit}>
      <p>{t('details.intro')}</p>
      <dl className={styles.facts}>
        <dt>{t('details.name')}</dt>
        <dd>{name || t('details.noName')}</dd>
        <dt>{t('details.mobile')}</dt>
        <dd>{p?.mobileNumber ? `+91 ${p.mobileNumber}` : '—'}</dd>
        {p?.mailId && (
          <>
            <dt>{t('details.email')}</dt>
            <dd>{p.mailId}</dd>
          </>
        )}
      </dl>
      <p>
        <a href="/app/profile/edit-profile">{t('details.edit')}</a>
      </p>
      <p className={styles.muted}>{t('details.passengers', { count: totalPassengers(flow.passengers) })}</p>
      <Button type="submit">{t('details.confirm')}</Button>
    </form>
  );
}

/** /pay-for-ticket/user-details. */
export function UserDetailsScreen() {
  const t = useT();
  return (
    <Page heading={t('details.heading')} back={{ to: paths.selectTicket, label: t('selectTicket.heading') }}>
      <Steps current="details" />
      <RequireSignIn>
        <CityGate>{(city) => <Details city={city} />}</CityGate>
      </RequireSignIn>
    </Page>
  );
}
