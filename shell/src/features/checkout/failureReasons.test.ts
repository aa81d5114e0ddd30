import { FAILURE_REASONS, failureMessageId, fieldToFix, isRefunded } from './failureReasons';
import en from './i18n/en.json';
import hi from './i18n/hi.json';

describe('failure reasons', () => {
  it('each known code has its own message in English and Hindi; unknown and missing codes get the general one', () => {
    for (const code of FAILURE_REASONS) {
      expect(failureMessageId(code)).toBe(`checkout.failure.${code}`);
      expect([code, !!(en as Record<string, string>)[failureMessageId(code)]]).toEqual([code, true]);
      expect([code, !!(hi as Record<string, string>)[failureMessageId(code)]]).toEqual([code, true]);
    }
    expect(failureMessageId('SOMETHING_NEW')).toBe('checkout.failure.other');
    expect(failureMessageId(null)).toBe('checkout.failure.other');
    expect(failureMessageId('toString')).toBe('checkout.failure.other');
    expect((en as Record<string, string>)['checkout.failure.other']).toBeTruthy();
  });
  it('knows every code the gateway and the payments module give', () => {
    for (const code of [
      'AUTHENTICATION_FAILED',
      'CARD_DECLINED',
      'INSUFFICIENT_FUNDS',
      'CARD_EXPIRED',
      'PAYMENT_TIMED_OUT',
      'PAYMENT_CANCELLED',
      'PAYMENT_FAILED',
      'PAYMENT_DECLINED',
      'CHECKOUT_EXPIRED',
      'GATEWAY_UNAVAILABLE',
      'LATE_PAYMENT_REFUNDED',
      'DUPLICATE_PAYMENT_REFUNDED',
      'ORDER_CHANGED_REFUNDED',
    ])
      expect([code, failureMessageId(code)]).toEqual([code, `checkout.failure.${code}`]);
  });
  it('the texts the brief names, word for word', () => {
    const e = en as Record<string, string>;
    expect(e['checkout.failure.AUTHENTICATION_FAILED']).toContain('The one-time password check with your bank failed');
    expect(e['checkout.failure.PAYMENT_TIMED_OUT']).toContain('The UPI request expired before it was approved');
    expect(e['checkout.failure.PAYMENT_CANCELLED']).toContain('You left the payment page. Nothing was charged.');
    expect(e['checkout.failure.GATEWAY_UNAVAILABLE']).toContain('The payment service is not answering. Nothing was charged; try again in a minute.');
  });
  it('refunds are told apart from declines', () => {
    expect(isRefunded('LATE_PAYMENT_REFUNDED')).toBe(true);
    expect(isRefunded('CARD_DECLINED')).toBe(false);
    expect(isRefunded(null)).toBe(false);
  });
  it('points at the field to change (only the UPI id is on our page)', () => {
    expect(fieldToFix('UPI_DECLINED')).toBe('vpa');
    expect(fieldToFix('CARD_DECLINED')).toBeNull();
    expect(fieldToFix('BANK_DECLINED')).toBeNull();
  });
});
