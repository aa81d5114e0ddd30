// /ncmc-card-recharge/successful/:cardType?orderId=: where the checkout returns an NCMC recharge.
import { useSearchParams } from 'react-router-dom';
import { Page, RequireSignIn, useT } from '../common/ui';
import { OrderOutcome } from './order';

export function NcmcSuccessScreen() {
  const t = useT();
  const [params] = useSearchParams();
  return (
    <Page heading={t('success.heading')}>
      <RequireSignIn>
        <OrderOutcome orderId={params.get('orderId')} />
      </RequireSignIn>
    </Page>
  );
}
