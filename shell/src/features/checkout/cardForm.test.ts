import { cardDetailsSchema } from '@sawari/contracts/src/payments';
import { cardDetails, cardFingerprint, cityYearMonth, formatCardNumberInput, formatExpiryInput, parseExpiry, validateCard, type CardForm } from './cardForm';

// 2026-03-31 20:00 UTC is already 1 April 2026 in India.
const LAST_OF_MARCH_UTC_EVENING = Date.UTC(2026, 2, 31, 20, 0);
const MID_MARCH = Date.UTC(2026, 2, 15, 6, 0);
const ok: CardForm = { number: '4111 1111 1111 1111', expiry: '12/30', cvv: '123', name: 'Asha Rao' };

describe('card number', () => {
  it('groups digits in fours as typed, drops other characters, stops at 19 digits', () => {
    expect(formatCardNumberInput('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumberInput('4111-1111 11')).toBe('4111 1111 11');
    expect(formatCardNumberInput('4111')).toBe('4111');
    expect(formatCardNumberInput('41111')).toBe('4111 1');
    expect(formatCardNumberInput('1234567890123456789999')).toBe('1234 5678 9012 3456 789');
    expect(formatCardNumberInput('abc')).toBe('');
  });
  it('12 and 19 digits are the bounds', () => {
    const at = (digits: string) => validateCard({ ...ok, number: digits }, MID_MARCH).number;
    expect(at('')).toBe('checkout.card.error.numberRequired');
    expect(at('41111111110')).toBe('checkout.card.error.numberLength'); // 11 digits
    expect(at('411111111117')).toBeUndefined(); // 12 digits, Luhn-valid
    expect(at('4111111111111111110')).toBeUndefined(); // 19 digits, Luhn-valid
    expect(at('41111111111111111115')).toBe('checkout.card.error.numberLength'); // 20
    expect(at('4111 1111 1111 1112')).toBe('checkout.card.error.numberInvalid');
    expect(at('4111 1111 1111 111x')).toBe('checkout.card.error.numberLength');
  });
});

describe('expiry', () => {
  it('types as MM/YY', () => {
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('3')).toBe('03/');
    expect(formatExpiryInput('12')).toBe('12/');
    expect(formatExpiryInput('123')).toBe('12/3');
    expect(formatExpiryInput('12/30')).toBe('12/30');
    expect(formatExpiryInput('12/305')).toBe('12/30');
    expect(formatExpiryInput('12', '12/')).toBe('1'); // backspace over the slash
  });
  it('parses MM/YY and MM/YYYY, refuses month 0 and 13', () => {
    expect(parseExpiry('04/26')).toEqual({ month: 4, year: 2026 });
    expect(parseExpiry('4/2026')).toEqual({ month: 4, year: 2026 });
    expect(parseExpiry('00/26')).toBeNull();
    expect(parseExpiry('13/26')).toBeNull();
    expect(parseExpiry('1226')).toBeNull();
  });
  it('the current month (city time) is still valid, the one before is past', () => {
    expect(cityYearMonth(LAST_OF_MARCH_UTC_EVENING)).toEqual({ year: 2026, month: 4 });
    expect(validateCard({ ...ok, expiry: '04/26' }, LAST_OF_MARCH_UTC_EVENING).expiry).toBeUndefined();
    expect(validateCard({ ...ok, expiry: '03/26' }, LAST_OF_MARCH_UTC_EVENING).expiry).toBe('checkout.card.error.expiryPast');
    expect(validateCard({ ...ok, expiry: '03/26' }, MID_MARCH).expiry).toBeUndefined();
    expect(validateCard({ ...ok, expiry: '12/25' }, MID_MARCH).expiry).toBe('checkout.card.error.expiryPast');
    expect(validateCard({ ...ok, expiry: '12/46' }, MID_MARCH).expiry).toBeUndefined(); // 20 years ahead
    expect(validateCard({ ...ok, expiry: '01/47' }, MID_MARCH).expiry).toBe('checkout.card.error.expiryFar');
    expect(validateCard({ ...ok, expiry: '' }, MID_MARCH).expiry).toBe('checkout.card.error.expiryRequired');
    expect(validateCard({ ...ok, expiry: '13/30' }, MID_MARCH).expiry).toBe('checkout.card.error.expiryFormat');
  });
});

describe('CVV and name', () => {
  it('CVV has 3 or 4 digits', () => {
    const at = (cvv: string) => validateCard({ ...ok, cvv }, MID_MARCH).cvv;
    expect(at('')).toBe('checkout.card.error.cvvRequired');
    expect(at('12')).toBe('checkout.card.error.cvvFormat');
    expect(at('123')).toBeUndefined();
    expect(at('1234')).toBeUndefined();
    expect(at('12345')).toBe('checkout.card.error.cvvFormat');
    expect(at('12a')).toBe('checkout.card.error.cvvFormat');
  });
  it('name on card: required, letters with spaces, dots, apostrophes and hyphens, up to 60', () => {
    const at = (name: string) => validateCard({ ...ok, name }, MID_MARCH).name;
    expect(at('  ')).toBe('checkout.card.error.nameRequired');
    expect(at("A. K. D'Souza-Rao")).toBeUndefined();
    expect(at('Asha 2')).toBe('checkout.card.error.nameFormat');
    expect(at('A'.repeat(60))).toBeUndefined();
    expect(at('A'.repeat(61))).toBe('checkout.card.error.nameFormat');
  });
});

describe('what is sent', () => {
  it('a form with no errors gives details the server schema accepts', () => {
    expect(validateCard(ok, MID_MARCH)).toEqual({});
    const details = cardDetails({ ...ok, name: '  Asha   Rao ' });
    expect(details).toEqual({ number: '4111111111111111', expiryMonth: 12, expiryYear: 2030, cvv: '123', name: 'Asha Rao' });
    expect(cardDetailsSchema.safeParse(details).success).toBe(true);
  });
  it('the fingerprint keeps no more than the last four digits', () => {
    expect(cardFingerprint(ok)).toBe('card:1111:12/2030');
    expect(cardFingerprint(ok)).not.toContain('41111111');
  });
});
