// Where the checkout lives and where it sends the rider back. The shell owns /select-payment; every remote that sells
// something sends the rider there with checkoutPath() and gets them back on its own screen, declared in its manifest
// (`checkout.<kind>.returnPath`, shared/runtime/src/manifest.ts) and published in remotes.json. Paths are below /app.
import { fillPathTemplate } from './manifest';
import { checkoutKinds, localised } from './remotes';

/** An order kind of the payments API (`/api/payments/:kind/...`) that a deployed remote sells: pass, ticket, ... */
export type CheckoutProductType = string;

/** Whether a deployed remote sells this kind (so the checkout can take it). */
export const isCheckoutProductType = (value: string): boolean => Object.prototype.hasOwnProperty.call(checkoutKinds(), value);

/** The checkout for one order: /select-payment/:agency/:productType/:orderId. */
export function checkoutPath(agency: string, productType: CheckoutProductType, orderId: string): string {
  return `/select-payment/${encodeURIComponent(agency)}/${encodeURIComponent(productType)}/${encodeURIComponent(orderId)}`;
}

/** The fields of an order a return path may use: `orderId` always, any other field the payments API answers. */
export type ReturnPathFields = { orderId: string } & Readonly<Record<string, unknown>>;

/**
 * Where a paid order of this kind is shown: the owner's return-path template filled with the order's fields (an order
 * id alone is enough for templates that use only `:orderId`). A kind no deployed remote sells, or a template naming a
 * field the order lacks, answers Home ('/') and logs why: the rider has paid and must land somewhere.
 */
export function checkoutReturnPath(productType: CheckoutProductType, order: string | ReturnPathFields): string {
  const fields = typeof order === 'string' ? { orderId: order } : order;
  const kind = checkoutKinds()[productType];
  const path = kind ? fillPathTemplate(kind.returnPath, fields) : null;
  if (path) return path;
  console.error(
    `[sawari] no return path for a paid ${productType} order (${kind ? `${kind.returnPath} needs a field the order lacks` : 'no deployed remote sells it'})`,
  );
  return '/';
}

/** "Pay for your bus pass" / "bus pass" for a kind in `lang`, from its remote's manifest (null for an unknown kind). */
export function checkoutKindText(productType: CheckoutProductType, text: 'heading' | 'product', lang: string): string | null {
  const kind = checkoutKinds()[productType];
  return kind ? localised(kind[text], lang) : null;
}
