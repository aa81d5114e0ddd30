import { FAILURE_REASONS, failureMessageId, fieldToFix } from './failureReasons';
import en from './i18n/en.json';

describe('failure reasons', () => {
  it('each known code has its own message in the catalog; unknown and missing codes get the general one', () => {
    for (const code of FAILURE_REASONS) {
      expect(failureMessageId(code)).toBe(`checkout.failure.${code}`);
      expect((en as Record<string, string>)[failureMessageId(code)]).toBeTruthy();
    }
    expect(failureMessageId('SOMETHING_NEW')).toBe('checkout.failure.other');
    expect(failureMessageId(null)).toBe('checkout.failure.other');
    expect(failureMessageId('toString')).toBe('checkout.failure.other');
    expect((en as Record<string, string>)['checkout.failure.other']).toBeTruthy();
  });
  it('points at the field to change', () => {
    expect(fieldToFix('EXPIRED_CARD')).toBe('expiry');
    expect(fieldToFix('CARD_DECLINED')).toBe('number');
    expect(fieldToFix('UPI_DECLINED')).toBe('vpa');
    expect(fieldToFix('BANK_DECLINED')).toBeNull();
  });
});
