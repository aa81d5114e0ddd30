import fs from 'node:fs';
import path from 'node:path';
import { payPrefillSchema, payRequestSchema, upiVpaSchema } from '@sawari/contracts/src/payments';
import { bankOfferBank, choiceError, isCheckoutMethod, normaliseVpa, OTHER_BANK, prefillOf, upiError, VPA } from './methodForms';

describe('UPI id (optional: the rider may type it on the gateway page)', () => {
  it('empty is fine; anything typed needs name@bank', () => {
    expect(upiError('')).toBeNull();
    expect(upiError('   ')).toBeNull();
    expect(upiError('asha')).toBe('checkout.upi.error.noAt');
    expect(upiError('a@upi')).toBe('checkout.upi.error.format'); // name under 2 characters
    expect(upiError('as@upi')).toBeNull();
    expect(upiError(' Success@UPI ')).toBeNull();
    expect(upiError('asha@1bank')).toBe('checkout.upi.error.format');
    expect(upiError('asha@b')).toBe('checkout.upi.error.format');
    expect(upiError('asha rao@upi')).toBe('checkout.upi.error.format');
    expect(normaliseVpa(' Success@UPI ')).toBe('success@upi');
  });
  it('uses the same pattern as the contract and agrees with upiVpaSchema on every id', () => {
    const contract = fs.readFileSync(path.join(__dirname, '../../../../shared/contracts/src/payments.ts'), 'utf8');
    expect(contract).toContain(`.regex(/${VPA.source}/`);
    for (const v of [
      'as@upi',
      'a@upi',
      'success@upi',
      'pending@upi',
      'asha.rao-1_2@okhdfcbank',
      'asha@1bank',
      'x@y',
      'asha@bank@x',
      'ASHA@UPI',
      ' asha@oksbi ',
    ]) {
      expect([v, upiError(v) === null]).toEqual([v, upiVpaSchema.safeParse(v).success]);
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
    expect(choiceError('', [{ code: 'HDFC' }, { code: OTHER_BANK }], 'cardBank')).toBe('checkout.card.error.bankRequired');
  });
  it('knows the methods', () => {
    expect(isCheckoutMethod('upi')).toBe(true);
    expect(isCheckoutMethod('cheque')).toBe(false);
  });
  it('finds a pass order’s bank offer bank in its fare lines', () => {
    expect(bankOfferBank([{ name: 'Pass price' }, { name: 'Bank offer (HDFC)' }])).toBe('HDFC');
    expect(bankOfferBank([{ name: 'Pass price' }])).toBeNull();
    expect(bankOfferBank(undefined)).toBeNull();
  });
});

describe('prefill: what our page sends (never card data), accepted by the contract', () => {
  const forms = { vpa: ' Asha@OKSBI ', bank: 'SBI', wallet: 'PAYTM', cardBank: '' };
  it('each method sends its own choice only', () => {
    expect(prefillOf('upi', forms)).toEqual({ prefill: { vpa: 'asha@oksbi' }, fingerprint: 'upi:asha@oksbi' });
    expect(prefillOf('upi', { ...forms, vpa: '' })).toEqual({ prefill: {}, fingerprint: 'upi:' });
    expect(prefillOf('netbanking', forms)).toEqual({ prefill: { bank: 'SBI' }, fingerprint: 'netbanking:SBI' });
    expect(prefillOf('wallet', forms)).toEqual({ prefill: { wallet: 'PAYTM' }, fingerprint: 'wallet:PAYTM' });
    expect(prefillOf('card', forms)).toEqual({ prefill: {}, fingerprint: 'card' });
    expect(prefillOf('card', { ...forms, cardBank: 'HDFC' })).toEqual({ prefill: { bank: 'HDFC' }, fingerprint: 'card:HDFC' });
    expect(prefillOf('card', { ...forms, cardBank: OTHER_BANK })).toEqual({ prefill: {}, fingerprint: 'card' });
    expect(prefillOf('cash', forms)).toEqual({ prefill: {}, fingerprint: 'cash' });
  });
  it('every prefill passes payRequestSchema', () => {
    for (const m of ['upi', 'netbanking', 'wallet', 'card', 'cash'] as const) {
      const { prefill } = prefillOf(m, { ...forms, cardBank: 'HDFC' });
      expect(payPrefillSchema.safeParse(prefill).success).toBe(true);
      expect(payRequestSchema.safeParse({ method: m, prefill, returnPath: `/app/select-payment/MBUS/pass/PASS_1/${m}` }).success).toBe(true);
    }
  });
});
