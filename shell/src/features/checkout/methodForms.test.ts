import { upiDetailsSchema } from '@sawari/contracts/src/payments';
import { choiceError, isCheckoutMethod, normaliseVpa, upiError } from './methodForms';

describe('UPI id', () => {
  it('needs name@bank', () => {
    expect(upiError('')).toBe('checkout.upi.error.required');
    expect(upiError('asha')).toBe('checkout.upi.error.noAt');
    expect(upiError('a@upi')).toBe('checkout.upi.error.format'); // name under 2 characters
    expect(upiError('as@upi')).toBeNull();
    expect(upiError(' Success@UPI ')).toBeNull();
    expect(upiError('asha@1bank')).toBe('checkout.upi.error.format');
    expect(upiError('asha@b')).toBe('checkout.upi.error.format');
    expect(upiError('asha rao@upi')).toBe('checkout.upi.error.format');
    expect(normaliseVpa(' Success@UPI ')).toBe('success@upi');
  });
  it('agrees with the server schema', () => {
    for (const v of ['as@upi', 'a@upi', 'success@upi', 'pending@upi', 'asha.rao-1_2@okhdfcbank', 'asha@1bank', 'x@y', 'asha@bank@x', 'ASHA@UPI']) {
      expect(upiError(v) === null).toBe(upiDetailsSchema.safeParse({ vpa: v }).success);
    }
  });
});

describe('banks and wallets', () => {
  const banks = [{ code: 'SBI' }, { code: 'HDFC' }];
  it('one of the listed options must be chosen', () => {
    expect(choiceError('', banks, 'netbanking')).toBe('checkout.netbanking.error.required');
    expect(choiceError('XYZ', banks, 'netbanking')).toBe('checkout.netbanking.error.required');
    expect(choiceError('SBI', banks, 'netbanking')).toBeNull();
    expect(choiceError('', [{ code: 'PAYTM' }], 'wallet')).toBe('checkout.wallet.error.required');
    expect(choiceError('PAYTM', [{ code: 'PAYTM' }], 'wallet')).toBeNull();
  });
  it('knows the methods', () => {
    expect(isCheckoutMethod('upi')).toBe(true);
    expect(isCheckoutMethod('cheque')).toBe(false);
  });
});
