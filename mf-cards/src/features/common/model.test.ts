import { MIN_RECHARGE_PAISE, withClosedLoopCheckDigit } from '@sawari/domain';
import en from '../../i18n/en.json';
import { amountProblem, cardActions, cardRefusal, flowPaths, historyStateId, linkFormErrors, ORDER_STATES, parseRupees } from './model';

describe('typed amounts', () => {
  it('takes whole rupees with ₹, spaces and separators', () => {
    expect(parseRupees('500')).toEqual({ paise: 50_000 });
    expect(parseRupees('₹ 1,000')).toEqual({ paise: 100_000 });
    expect(parseRupees('')).toEqual({ error: 'amount.error.empty' });
    expect(parseRupees('12.50')).toEqual({ error: 'amount.error.whole' });
    expect(parseRupees('abc')).toEqual({ error: 'amount.error.number' });
    expect(parseRupees('-5')).toEqual({ error: 'amount.error.number' });
  });
  it('checks the minimum and what the card can take, at the boundaries', () => {
    expect(amountProblem(MIN_RECHARGE_PAISE, 150_000)).toBeNull();
    expect(amountProblem(MIN_RECHARGE_PAISE - 100, 150_000)).toEqual({ id: 'amount.error.min', values: { min: MIN_RECHARGE_PAISE } });
    expect(amountProblem(150_000, 150_000)).toBeNull();
    expect(amountProblem(150_100, 150_000)).toEqual({ id: 'amount.error.max', values: { max: 150_000 } });
    expect(amountProblem(1_000, 900)).toEqual({ id: 'amount.error.full' });
  });
});

describe('link form', () => {
  const closed = withClosedLoopCheckDigit('981234567890123');
  it('accepts a good NCMC and city card', () => {
    expect(linkFormErrors({ kind: 'ncmc', number: '6070 0000 0000 0002', name: 'Office card' })).toEqual({});
    expect(linkFormErrors({ kind: 'closedLoop', number: closed, name: 'बस कार्ड' })).toEqual({});
  });
  it('names each problem', () => {
    expect(linkFormErrors({ kind: '', number: '', name: '' })).toEqual({ kind: 'link.error.kind', name: 'link.error.nameEmpty' });
    expect(linkFormErrors({ kind: 'ncmc', number: '6070000000000003', name: 'x' }).number).toBe('link.error.numberCheck');
    expect(linkFormErrors({ kind: 'ncmc', number: closed, name: 'x' }).number).toBe('link.error.numberPrefixNcmc');
    expect(linkFormErrors({ kind: 'closedLoop', number: '6070000000000002', name: 'x' }).number).toBe('link.error.numberPrefixClosed');
    expect(linkFormErrors({ kind: 'ncmc', number: '6070', name: 'x' }).number).toBe('link.error.numberLength');
    expect(linkFormErrors({ kind: 'ncmc', number: '6070000000000002', name: '<b>' }).name).toBe('link.error.name');
    expect(linkFormErrors({ kind: 'ncmc', number: '6070000000000002', name: 'a'.repeat(31) }).name).toBe('link.error.name');
  });
  it('every message id it can answer is in the catalog', () => {
    const ids = [
      'link.error.kind',
      'link.error.nameEmpty',
      'link.error.name',
      'link.error.numberEmpty',
      'link.error.numberDigits',
      'link.error.numberLength',
      'link.error.numberPrefixNcmc',
      'link.error.numberPrefixClosed',
      'link.error.numberCheck',
      'amount.error.empty',
      'amount.error.whole',
      'amount.error.number',
      'amount.error.min',
      'amount.error.max',
      'amount.error.full',
      'history.tap',
      'history.tapDeclined',
      ...ORDER_STATES.map((s) => `state.${s}`),
    ];
    expect(ids.filter((id) => !(id in en))).toEqual([]);
  });
});

describe('flows', () => {
  it('the city card goes through /select-card, NCMC through /ncmc-card-recharge', () => {
    expect(flowPaths('closedLoop').confirm('crd_x', 50_000)).toBe('/select-card/confirm-details-and-pay?card=crd_x&amount=50000');
    expect(flowPaths('ncmc').confirm('crd_x', 50_000)).toBe('/ncmc-card-recharge/payment-details?card=crd_x&amount=50000');
    expect(flowPaths('ncmc').amount('crd_x')).toBe('/ncmc-card-recharge/amount-selection?card=crd_x');
  });
  it('history words', () => {
    expect(historyStateId({ type: 'TAP', state: 'ACCEPTED' })).toBe('history.tap');
    expect(historyStateId({ type: 'RECHARGE', state: 'WRITTEN' })).toBe('state.WRITTEN');
  });
});

describe('what a card offers', () => {
  const c = { kind: 'closedLoop' as const, status: 'ACTIVE', expired: false, stagedPaise: 0 };
  it('a recharge only while active and not expired', () => {
    expect(cardActions(c)).toEqual({ recharge: true, transfer: false });
    expect(cardActions({ ...c, status: 'BLOCKED' }).recharge).toBe(false);
    expect(cardActions({ ...c, expired: true }).recharge).toBe(false);
  });
  it('moving paid money only for an NCMC card with money staged', () => {
    expect(cardActions({ ...c, kind: 'ncmc', stagedPaise: 100 }).transfer).toBe(true);
    expect(cardActions({ ...c, kind: 'ncmc', stagedPaise: 0 }).transfer).toBe(false);
    expect(cardActions({ ...c, kind: 'closedLoop', stagedPaise: 100 }).transfer).toBe(false);
  });
  it('why a card cannot be recharged: blocked wins over expired', () => {
    expect(cardRefusal(c)).toBeNull();
    expect(cardRefusal({ ...c, expired: true })).toBe('CARD_EXPIRED');
    expect(cardRefusal({ ...c, status: 'BLOCKED', expired: true })).toBe('CARD_BLOCKED');
  });
});
