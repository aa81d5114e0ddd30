// Where the checkout lives and where it sends the rider back. The shell owns /select-payment; every remote that sells
// something (passes, tickets, ...) sends the rider there with checkoutPath() and gets them back on its own
// success screen from CHECKOUT_RETURN_PATHS. Paths are below the /app base path. Pure: no React, no state.

/** Product types the checkout can take: each is a payments order kind on the server (`/api/payments/:kind/...`). */
export const CHECKOUT_PRODUCT_TYPES = ['pass', 'ticket'] as const;
export type CheckoutProductType = (typeof CHECKOUT_PRODUCT_TYPES)[number];

/** The owner's screen the checkout opens once the order is paid (":orderId" is replaced). */
export const CHECKOUT_RETURN_PATHS: Record<CheckoutProductType, string> = {
  pass: '/productHooks/bus-pass-purchase/booking-successful/:orderId',
  ticket: '/select-trip/booking-success/:orderId',
};

export const isCheckoutProductType = (value: string): value is CheckoutProductType =>
  (CHECKOUT_PRODUCT_TYPES as readonly string[]).includes(value);

/** The checkout for one order: /select-payment/:agency/:productType/:orderId. */
export function checkoutPath(agency: string, productType: CheckoutProductType, orderId: string): string {
  return `/select-payment/${encodeURIComponent(agency)}/${productType}/${encodeURIComponent(orderId)}`;
}

/** Where a paid order of this type is shown. */
export function checkoutReturnPath(productType: CheckoutProductType, orderId: string): string {
  return CHECKOUT_RETURN_PATHS[productType].replace(':orderId', encodeURIComponent(orderId));
}
