// /bus-pass-purchase/purchase-pass-after-verification/:transactionId/:isRenew: the server's breakup, then checkout.
import { Link, useNavigate, useParams } from 'react-router-dom';
import { checkoutPath } from '@sawari/runtime';
import { Button } from '@sawari/ui';
import { loadOrder, loadProduct } from '../common/api';
import { verificationState } from '../common/model';
import { FareBreakup, ListSkeleton, LoadError, money, Page, paths, ProblemPanel, RequireSignIn, styles, useAsync, useDate, useT } from '../common/ui';

type Problem = { code?: string; message?: string } | null;

/** /bus-pass-purchase/purchase-pass-after-verification/:transactionId/:isRenew: the server's breakup, then checkout. */
export function AfterVerificationScreen() {
  const t = useT();
  const { transactionId = '', isRenew = 'false' } = useParams();
  return (
    <Page heading={t(isRenew === 'true' ? 'after.headingRenew' : 'after.heading')} back={{ to: paths.home, label: t('common.allPasses') }}>
      <RequireSignIn>
        <AfterVerification transactionId={transactionId} />
      </RequireSignIn>
    </Page>
  );
}

function AfterVerification({ transactionId }: { transactionId: string }) {
  const t = useT();
  const date = useDate();
  const navigate = useNavigate();
  const order = useAsync(async () => {
    const o = await loadOrder(transactionId);
    const product = await loadProduct(o.city, o.configurationId).catch(() => null);
    return { o, product };
  }, transactionId);
  if (order.status === 'loading') return <ListSkeleton rows={3} />;
  if (order.status === 'error')
    return order.error.code === 'ORDER_NOT_FOUND' ? <ProblemPanel error={order.error} /> : <LoadError error={order.error} onRetry={order.retry} />;
  const { o, product } = order.data;
  const state = verificationState(o);
  if (state === 'bought')
    return (
      <div className={styles.notice}>
        <p>{t('pending.done')}</p>
        <Link to={paths.success(o.transactionId)}>{t('pending.seePass')}</Link>
      </div>
    );
  if (state === 'beingChecked' || state === 'notSubmitted' || state === 'rejected')
    return (
      <div className={styles.warn}>
        <p>{t('after.notVerified')}</p>
        <Link to={state === 'rejected' ? paths.resubmit(o.transactionId) : paths.pending(o.transactionId)}>
          {t(state === 'rejected' ? 'orders.resubmit' : 'orders.status')}
        </Link>
      </div>
    );
  const category = product?.categories.find((c) => c.id === o.categoryId);
  const fare = product?.fareMapping[o.categoryId]?.find((f) => f.fmId === o.fmId);
  const payable = o.payableAmount ?? o.fareInfo.payableAmount;
  return (
    <>
      {o.verificationStatus === 'VERIFIED' && <p className={styles.notice}>{t('after.verified')}</p>}
      <dl className={styles.facts}>
        {product && (
          <>
            <dt>{t('summary.pass')}</dt>
            <dd>{product.name}</dd>
          </>
        )}
        {category && (
          <>
            <dt>{t('summary.category')}</dt>
            <dd>{category.name}</dd>
          </>
        )}
        {fare && (
          <>
            <dt>{t('summary.fare')}</dt>
            <dd>{fare.displayName}</dd>
          </>
        )}
        <dt>{t('details.start')}</dt>
        <dd>{date(o.passStartDate)}</dd>
      </dl>
      {o.status === 'PAYMENT_FAILED' && <p className={styles.alert}>{t('after.failedBefore')}</p>}
      <h2>{t('pay.breakup')}</h2>
      <FareBreakup lines={o.fareInfo.fareBreakup} payable={payable} caption={t('pay.breakup')} />
      <Button onClick={() => product && navigate(checkoutPath(product.agency, 'pass', o.transactionId))} disabled={!product}>
        {t('pay.pay', { amount: money(payable) })}
      </Button>
    </>
  );
}
