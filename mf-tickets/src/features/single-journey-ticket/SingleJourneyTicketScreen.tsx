// /select-trip/single-journey-ticket (?transactionId=, else the ticket just bought): the ticket and how to use it.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { WalletItem } from '@sawari/contracts';
import { ticketHeadingId } from '../common/model';
import { useFlow } from '../common/flow';
import { CityGate, Page, RequireSignIn, paths, styles, useT } from '../common/ui';
import { ItemSummary, WithItem } from '../common/item-page';

export default function SingleJourneyTicketScreen() {
  const t = useT();
  const [params] = useSearchParams();
  const [flow] = useFlow();
  const tx = params.get('transactionId') ?? flow.lastTransactionId;
  // headed as the ticket it is (an instant or connecting-routes ticket opens here too)
  const [item, setItem] = useState<WalletItem | null>(null);
  return (
    <Page heading={t(ticketHeadingId(item?.productSubType))} back={{ to: paths.wallet, label: t('wallet.heading') }}>
      <RequireSignIn>
        {tx ? (
          <CityGate feature={null}>
            {(city) => (
              <WithItem city={city} transactionId={tx} onItem={setItem}>
                {(item, c) => <ItemSummary item={item} city={c} />}
              </WithItem>
            )}
          </CityGate>
        ) : (
          <div className={styles.empty}>
            <p>{t('single.none')}</p>
            <Link className={styles.linkButton} to={paths.selectRoute}>
              {t('buy.single.title')}
            </Link>
          </div>
        )}
      </RequireSignIn>
    </Page>
  );
}
