// /premium-buses/tripCancellationCard: the pop-ups of trips an operator cancelled or moved, each once.
import { useState } from 'react';
import { loadBookings } from '../common/api';
import { ListSkeleton, LoadError, Page, RequireSignIn, styles, useAsync, useT } from '../common/ui';
import { PopUpDialog } from './shared';

/** /premium-buses/tripCancellationCard: the pop-ups of trips an operator cancelled or moved, each once. */
export function PopupsScreen() {
  const t = useT();
  return (
    <Page heading={t('popups.heading')} back={{ to: '/premium-buses', label: t('landing.heading') }}>
      {/* the rider's own trips in every city: a Mumbai trip's pop-up shows with the app set to Kochi */}
      <RequireSignIn>
        <Popups />
      </RequireSignIn>
    </Page>
  );
}

function Popups() {
  const t = useT();
  const [n, setN] = useState(0);
  const list = useAsync(() => loadBookings(), `all:${n}`);
  if (list.status === 'loading') return <ListSkeleton rows={1} />;
  if (list.status === 'error') return <LoadError error={list.error} onRetry={list.retry} />;
  const next = list.data.bookings.find((b) => b.popUp);
  if (!next) return <p className={styles.empty}>{t('popups.none')}</p>;
  return <PopUpDialog booking={next} onDone={() => setN((x) => x + 1)} />;
}
