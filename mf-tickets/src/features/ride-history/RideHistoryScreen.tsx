// /your-tickets-and-passes/ride-history/:transactionId: the item's rides, newest first (those waiting to be sent too).
import { Link, useParams } from 'react-router-dom';
import { ListSkeleton, LoadError, Page, RequireSignIn, paths, styles, useT } from '../common/ui';
import { OfflineNote, RideList, useReceipt } from '../common/rides';

function History({ transactionId }: { transactionId: string }) {
  const { state, retry } = useReceipt(transactionId);
  if (!state) return <ListSkeleton />;
  if (!state.receipt && state.error && !state.pending.length) return <LoadError error={state.error} onRetry={retry} />;
  return (
    <>
      <OfflineNote state={state} />
      <RideList rides={state.receipt?.rides ?? []} pending={state.pending} />
    </>
  );
}

export default function RideHistoryScreen() {
  const t = useT();
  const { transactionId = '' } = useParams();
  return (
    <Page heading={t('rides.heading')} back={{ to: paths.summary(transactionId), label: t('summary.heading') }}>
      <RequireSignIn>
        <History transactionId={transactionId} />
        <p className={styles.actions}>
          <Link to={paths.receipt(transactionId)}>{t('receipt.heading')}</Link>
        </p>
      </RequireSignIn>
    </Page>
  );
}
