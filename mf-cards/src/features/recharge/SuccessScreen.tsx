// /select-card/card-recharge-successful/:transectionId: where the checkout returns a city card recharge.
import { useParams } from 'react-router-dom';
import { Page, RequireSignIn, useT } from '../common/ui';
import { OrderOutcome } from './order';

export function SuccessScreen() {
  const t = useT();
  const { transectionId } = useParams();
  return (
    <Page heading={t('success.heading')}>
      <RequireSignIn>
        <OrderOutcome orderId={transectionId ?? null} />
      </RequireSignIn>
    </Page>
  );
}
