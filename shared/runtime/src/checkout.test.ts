import { checkoutKindText, checkoutPath, checkoutReturnPath, isCheckoutProductType } from './checkout';
import type { LocalisedText, RemoteEntry } from './manifest';
import { setDeployedRemotes } from './remotes';

const text = (en: string): LocalisedText => ({ en, hi: `${en} (hi)`, mr: en, ml: en, ta: en, kn: en });
const remote = (name: string, checkout: RemoteEntry['checkout']): Partial<RemoteEntry> => ({
  name,
  dir: name,
  version: '1',
  entry: '',
  prefixes: [],
  checkout,
});

beforeEach(() =>
  setDeployedRemotes([
    remote('mf_passes', {
      pass: { returnPath: '/productHooks/bus-pass-purchase/booking-successful/:orderId', heading: text('Pay for your bus pass'), product: text('bus pass') },
    }),
    remote('mf_tickets', { ticket: { returnPath: '/select-trip/booking-success/:orderId', heading: text('Pay'), product: text('bus ticket') } }),
    remote('mf_cards', { ncmcCardRecharge: { returnPath: '/ncmc-card-recharge/successful/:cardType', heading: text('Pay'), product: text('card') } }),
  ]),
);

describe('checkout paths', () => {
  it('builds the checkout path with encoded parts', () => {
    expect(checkoutPath('BEST', 'pass', '9-mumbai-BEST-general')).toBe('/select-payment/BEST/pass/9-mumbai-BEST-general');
    expect(checkoutPath('KMRL feeder', 'ticket', 'a/b')).toBe('/select-payment/KMRL%20feeder/ticket/a%2Fb');
  });
  it('sends each product type back to the screen its remote declares', () => {
    expect(checkoutReturnPath('pass', 'T1')).toBe('/productHooks/bus-pass-purchase/booking-successful/T1');
    expect(checkoutReturnPath('ticket', 'T 2')).toBe('/select-trip/booking-success/T%202');
    expect(checkoutReturnPath('ticket', { orderId: 'T3', city: 'kochi' })).toBe('/select-trip/booking-success/T3');
  });
  it('fills any field of the order, not only its id', () => {
    expect(checkoutReturnPath('ncmcCardRecharge', { orderId: 'R1', cardType: 'ncmc debit' })).toBe('/ncmc-card-recharge/successful/ncmc%20debit');
  });
  it('lands a paid rider on Home when the field is missing or no deployed remote sells the kind', () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(checkoutReturnPath('ncmcCardRecharge', 'R1')).toBe('/');
    expect(checkoutReturnPath('premium', 'P1')).toBe('/');
    expect(log).toHaveBeenCalledTimes(2);
    log.mockRestore();
  });
  it('knows the product types of the deployed remotes only', () => {
    expect(isCheckoutProductType('pass')).toBe(true);
    expect(isCheckoutProductType('ncmcCardRecharge')).toBe(true);
    expect(isCheckoutProductType('premium')).toBe(false);
    expect(isCheckoutProductType('toString')).toBe(false);
    setDeployedRemotes([]);
    expect(isCheckoutProductType('pass')).toBe(false);
  });
  it("names each kind in the rider's language, English when the language is unknown", () => {
    expect(checkoutKindText('pass', 'heading', 'hi')).toBe('Pay for your bus pass (hi)');
    expect(checkoutKindText('pass', 'product', 'xx')).toBe('bus pass');
    expect(checkoutKindText('premium', 'product', 'en')).toBeNull();
  });
});
