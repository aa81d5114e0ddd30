// /your-tickets-and-passes/verification-rejection/:transactionId and /document-verification-failed/:transactionId: a
// REJECTED pass order, the reason, and the way to resubmit (the passes remote).
import { Link } from 'react-router-dom';
import type { WalletItem } from '@sawari/contracts';
import { paths, styles, useT } from '../common/ui';
import { ItemTitle } from '../common/item';
import { ItemPage } from '../common/item-page';

function Rejection({ item }: { item: WalletItem }) {
  const t = useT();
  if (item.status !== 'REJECTED')
    return (
      <p className={styles.notice}>
        {t('rejection.notRejected')} <Link to={paths.summary(item.transactionId)}>{t('summary.heading')}</Link>
      </p>
    );
  return (
    <>
      <p className={styles.bigState}>
        <ItemTitle item={item} />
      </p>
      <div className={styles.alert}>
        <p>{t('rejection.body')}</p>
        <p>
          <strong>{t('rejection.reason')}</strong> {item.rejectionReason || t('rejection.noReason')}
        </p>
      </div>
      <p className={styles.actions}>
        <a className={styles.linkButton} href={`/app${paths.resubmit(item.transactionId)}`}>
          {t('rejection.resubmit')}
        </a>
        <Link to={paths.wallet}>{t('wallet.heading')}</Link>
      </p>
    </>
  );
}

export default function RejectionScreen() {
  const t = useT();
  return <ItemPage heading={t('rejection.heading')}>{(item) => <Rejection item={item} />}</ItemPage>;
}
