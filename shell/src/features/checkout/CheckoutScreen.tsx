// /select-payment/:agency/:productType/:orderId and its method screens (card, wallet, upi, netbanking, cash): the
// order, its summary and the way to pay it. The pieces are one file each beside this one.
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAtomValue } from 'jotai';
import type { OrderStatus, PassOrder, PaymentMethodsResponse } from '@sawari/contracts';
import { api, checkoutKindText, checkoutReturnPath, cityAtom, isCheckoutProductType } from '@sawari/runtime';
import { Spinner } from '@sawari/ui';
import { ListSkeleton, LoadError, Page } from '../common/Page';
import { go } from '../common/nav';
import { useAsync } from '../common/useAsync';
import { RequireSession } from '../common/session';
import type { ScreenProps } from '../../layout/screen';
import { attemptBook } from './attempts';
import { cityForMethods, payability } from './checkoutModel';
import { bankOfferBank, type CheckoutMethod } from './methodForms';
import { type Order, type Loaded, basePath } from './checkout-types';
import { ProductLinks } from './ProductLinks';
import { Summary } from './Summary';
import { JourneyLines } from './JourneyLines';
import { Payer } from './Payer';
import page from '../common/page.module.css';

/** /select-payment/:agency/:productType/:orderId: the amount, the fare breakup and the ways to pay. */
export default function CheckoutScreen({ params }: ScreenProps) {
  return <Checkout params={params} method={null} />;
}
export const CardCheckoutScreen = ({ params }: ScreenProps) => <Checkout params={params} method="card" />;
export const WalletCheckoutScreen = ({ params }: ScreenProps) => <Checkout params={params} method="wallet" />;
export const UpiCheckoutScreen = ({ params }: ScreenProps) => <Checkout params={params} method="upi" />;
export const NetbankingCheckoutScreen = ({ params }: ScreenProps) => <Checkout params={params} method="netbanking" />;
export const CashCheckoutScreen = ({ params }: ScreenProps) => <Checkout params={params} method="cash" />;

function Checkout({ params, method }: ScreenProps & { method: CheckoutMethod | null }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { agency = '', productType = '', orderId = '' } = params;
  if (!isCheckoutProductType(productType)) {
    return (
      <Page heading={t('checkout.unknownType.heading')}>
        <p role="alert">{t('checkout.unknownType.text', { productType })}</p>
        <ProductLinks />
      </Page>
    );
  }
  const order: Order = { agency, productType, orderId };
  const heading = method ? t(`checkout.method.${method}.heading`) : (checkoutKindText(productType, 'heading', intl.locale) ?? productType);
  return (
    <Page heading={heading}>
      <RequireSession path={basePath(order) + (method ? `/${method}` : '')}>
        <CheckoutBody order={order} method={method} />
      </RequireSession>
    </Page>
  );
}

function CheckoutBody({ order, method }: { order: Order; method: CheckoutMethod | null }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const chosenCity = useAtomValue(cityAtom);
  // The server re-priced the order for the instrument (a bank offer it does not earn): the new amount, shown at once.
  const [repricedPaise, setRepricedPaise] = useState<number | null>(null);
  const load = async (): Promise<Loaded> => {
    const status = await api.get<OrderStatus>(`/payments/orders/${encodeURIComponent(order.productType)}/${encodeURIComponent(order.orderId)}/status`);
    // The pass order adds its fare breakup and city; a checkout still works without it.
    const passOrder = order.productType === 'pass' ? await api.get<PassOrder>(`/passes/orders/${encodeURIComponent(order.orderId)}`).catch(() => null) : null;
    const city = cityForMethods(passOrder?.city, chosenCity);
    const methods = city ? await api.get<PaymentMethodsResponse>('/payments/methods', { params: { city, agency: order.agency || undefined } }) : null;
    return { status, methods, passOrder };
  };
  const data = useAsync(load, `${order.productType}/${order.orderId}/${chosenCity ?? ''}`);
  if (data.status === 'loading' || data.error?.code === 'REQUEST_CANCELLED_SESSION_TIMEOUT') return <ListSkeleton rows={4} />;
  if (data.status === 'error') {
    if (data.error.code === 'ORDER_NOT_FOUND' || data.error.code === 'ORDER_KIND_UNKNOWN') return <NotFound />;
    return <LoadError error={data.error} onRetry={data.retry} />;
  }
  const loaded = data.data;
  const status = repricedPaise === null ? loaded.status : { ...loaded.status, amountPaise: repricedPaise };
  // After a re-price the pass order's breakup is stale (it had the bank offer): the new total is shown alone.
  const passOrder = repricedPaise === null ? loaded.passOrder : null;
  const { methods } = loaded;
  const where = payability(status, loaded.passOrder?.status);
  const product = checkoutKindText(order.productType, 'product', intl.locale) ?? order.productType;
  return (
    <>
      <Summary status={status} passOrder={passOrder} />
      {order.productType === 'journey' && <JourneyLines orderId={order.orderId} />}
      {where.kind === 'paid' ? (
        <AlreadyPaid order={order} product={product} returnData={status.returnData} />
      ) : where.kind === 'awaitingVerification' ? (
        <p className={page.alert} role="alert">
          {t('checkout.notPayable.verification')}
        </p>
      ) : where.kind === 'nothingToPay' ? (
        <p className={page.notice} role="status">
          {t('checkout.notPayable.nothing')}
        </p>
      ) : (
        <Payer
          order={order}
          method={method}
          status={status}
          methods={methods}
          product={product}
          initial={{ processing: where.kind === 'processing', paymentId: where.kind === 'processing' ? where.paymentId : null }}
          offerBank={bankOfferBank(passOrder?.fareInfo.fareBreakup)}
          onRepriced={setRepricedPaise}
        />
      )}
    </>
  );
}

/** Paid already (another tab, or Back after paying): straight on to the product, replacing this entry. */
function AlreadyPaid({ order, product, returnData }: { order: Order; product: string; returnData?: Record<string, string> }) {
  const intl = useIntl();
  useEffect(() => {
    attemptBook().finish(order);
    go(checkoutReturnPath(order.productType, { ...returnData, orderId: order.orderId }), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <Spinner label={intl.formatMessage({ id: 'checkout.paid' }, { product })} />;
}

function NotFound() {
  const intl = useIntl();
  return (
    <div role="alert">
      <h2>{intl.formatMessage({ id: 'checkout.notFound.heading' })}</h2>
      <p>{intl.formatMessage({ id: 'checkout.notFound.text' })}</p>
      <ProductLinks />
    </div>
  );
}
