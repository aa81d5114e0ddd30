// The checkout's own types and its base path, shared by its screen files.
import type { OrderStatus, PassOrder, PaymentMethodsResponse } from '@sawari/contracts';
import type { CheckoutProductType } from '@sawari/runtime';
import type { OrderRef } from './attempts';
import type { usePayment } from './usePayment';

export type Order = OrderRef & { productType: CheckoutProductType };
export type Loaded = { status: OrderStatus; methods: PaymentMethodsResponse | null; passOrder: PassOrder | null };
export type MethodInfo = PaymentMethodsResponse['methods'][number];
/** What the rider chose on our page: never card data (that is typed on the gateway's page). */
export type Forms = { vpa: string; bank: string; wallet: string; cardBank: string };
export type PayFn = ReturnType<typeof usePayment>['pay'];

/** /select-payment/:agency/:productType/:orderId (the method screens are below it). */
export const basePath = (o: OrderRef) =>
  `/select-payment/${encodeURIComponent(o.agency)}/${encodeURIComponent(o.productType)}/${encodeURIComponent(o.orderId)}`;
