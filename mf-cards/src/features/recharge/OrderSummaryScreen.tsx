// /select-card/card-payment-summary?order=: one recharge order, its state, breakup and actions.
import { useSearchParams } from 'react-router-dom';
import { CARDS_PATH } from '../common/paths';
import { ListSkeleton, LoadError, Page, ProblemPanel, RequireSignIn, useT } from '../common/ui';
import { NO_ORDER, OrderActions, OrderState, useOrder } from './order';

export function OrderSummaryScreen() {
  const t = useT();
  const [params] = useSearchParams();
  return (
    <Page heading={t('order.heading')} back={{ to: CARDS_PATH, label: t('cards.heading') }}>
      <RequireSignIn>
        <OrderSummary orderId={params.get('order')} />
      </RequireSignIn>
    </Page>
  );
}

function OrderSummary({ orderId }: { orderId: string | null }) {
  const { order, error, retry } = useOrder(orderId);
  if (!orderId) return <ProblemPanel error={{ code: 'ORDER_NOT_FOUND' }} action={NO_ORDER} />;
  if (error) return error.code === 'ORDER_NOT_FOUND' ? <ProblemPanel error={error} /> : <LoadError error={error} onRetry={retry} />;
  if (!order) return <ListSkeleton />;
  return (
    <>
      <OrderState order={order} />
      <OrderActions order={order} />
    </>
  );
}
