import { cityForMethods, payability } from './checkoutModel';

describe('checkout model', () => {
  it('decides what the checkout opens with', () => {
    const s = (status: 'PENDING' | 'PAYMENT_PROCESSING' | 'SUCCESS' | 'PAYMENT_FAILED', amountPaise = 110000, paymentId: string | null = null) => ({
      status,
      amountPaise,
      paymentId,
    });
    expect(payability(s('PENDING'))).toEqual({ kind: 'payable' });
    expect(payability(s('PAYMENT_FAILED'))).toEqual({ kind: 'payable' });
    expect(payability(s('SUCCESS'))).toEqual({ kind: 'paid' });
    expect(payability(s('PENDING'), 'SUCCESS')).toEqual({ kind: 'paid' });
    expect(payability(s('PAYMENT_PROCESSING', 110000, 'pay_1'))).toEqual({ kind: 'processing', paymentId: 'pay_1' });
    expect(payability(s('PENDING'), 'UNVERIFIED')).toEqual({ kind: 'awaitingVerification' });
    expect(payability(s('PENDING'), 'REJECTED')).toEqual({ kind: 'awaitingVerification' });
    expect(payability(s('PENDING', 0))).toEqual({ kind: 'nothingToPay' });
    expect(payability(s('PENDING', 1))).toEqual({ kind: 'payable' });
  });
  it('picks the first usable city id', () => {
    expect(cityForMethods(undefined, 'mumbai')).toBe('mumbai');
    expect(cityForMethods('kochi', 'mumbai')).toBe('kochi');
    expect(cityForMethods('Not a city', null)).toBeNull();
  });
});
