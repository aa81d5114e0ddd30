// /your-tickets-and-passes/before-activation/:transactionId: an item whose start is in the future, and how long until it
// is valid ("Valid in 2 days"); any item that is not (cancelled, replaced, used…) goes to the screen that says what it is.
import { Link, Navigate } from 'react-router-dom';
import { isFeatureEnabled, type CityConfig } from '@sawari/runtime';
import type { WalletItem } from '@sawari/contracts';
import { countdown } from '@sawari/domain';
import { itemState, screenFor } from '../common/model';
import { paths, styles, useCountdownWords, useDates, useNow, useT } from '../common/ui';
import { ItemHead, ItemPage } from '../common/item-page';

function BeforeActivation({ item, city }: { item: WalletItem; city: CityConfig }) {
  const t = useT();
  const now = useNow(1000);
  const { dateTime } = useDates();
  const words = useCountdownWords();
  const start = item.startTime ?? now;
  const left = countdown(start - now);
  const state = itemState(item, now);
  // a cancelled, replaced, used or expired item is never "not valid yet": it opens where its status is told
  if (state !== 'notYetValid' && state !== 'valid') return <Navigate to={screenFor(item, now, isFeatureEnabled('soundValidation', city))} replace />;
  return (
    <>
      <ItemHead item={item} now={now} />
      {state === 'notYetValid' && left.unit !== 'none' ? (
        <>
          <p>{t('before.body', { time: dateTime(start) })}</p>
          <p className={styles.bigState} data-testid="valid-in">
            {t('countdown.validIn', { left: words(left) })}
          </p>
        </>
      ) : (
        <p className={styles.notice} role="status">
          {t('before.nowValid')} <Link to={screenFor(item, now, isFeatureEnabled('soundValidation', city))}>{t('summary.show')}</Link>
        </p>
      )}
      <p className={styles.actions}>
        <Link to={paths.summary(item.transactionId)}>{t('summary.heading')}</Link>
      </p>
    </>
  );
}

export default function BeforeActivationScreen() {
  const t = useT();
  // The heading follows the status model: "Not valid yet" only for an item that is not; while it loads, nothing about
  // its state (a cancelled seat opened here goes on to its summary without ever reading "Not valid yet").
  const heading = (item: WalletItem | null, now: number) => {
    const state = item ? itemState(item, now) : null;
    return state === 'notYetValid' ? t('before.heading') : state === 'valid' ? t('headline.valid') : t('summary.heading');
  };
  return <ItemPage heading={heading}>{(item, city) => <BeforeActivation item={item} city={city} />}</ItemPage>;
}
