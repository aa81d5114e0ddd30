import { checkoutPath, checkoutReturnPath, isCheckoutProductType } from './checkout';

describe('checkout paths', () => {
  it('builds the checkout path with encoded parts', () => {
    expect(checkoutPath('BEST', 'pass', '9-mumbai-BEST-general')).toBe('/select-payment/BEST/pass/9-mumbai-BEST-general');
    expect(checkoutPath('KMRL feeder', 'ticket', 'a/b')).toBe('/select-payment/KMRL%20feeder/ticket/a%2Fb');
  });
  it('sends each product type back to its owner', () => {
    expect(checkoutReturnPath('pass', 'T1')).toBe('/productHooks/bus-pass-purchase/booking-successful/T1');
    expect(checkoutReturnPath('ticket', 'T 2')).toBe('/select-trip/booking-success/T%202');
  });
  it('knows its product types', () => {
    expect(isCheckoutProductType('pass')).toBe(true);
    expect(isCheckoutProductType('ticket')).toBe(true);
    expect(isCheckoutProductType('cardRecharge')).toBe(false);
  });
});
