import { MIN_RECHARGE_PAISE } from '@sawari/domain';
import { ORDER_STATES } from '../common/model';
import { checkAmount, isPaid, MAX_POLLS, nextPollDelay, orderActions, outcomeOf, stagedRecharges, transferStep } from './model';

describe('the amount field', () => {
  it('answers paise for a good amount, at the minimum and at what the card can take', () => {
    expect(checkAmount(String(MIN_RECHARGE_PAISE / 100), 150_000)).toEqual({ paise: MIN_RECHARGE_PAISE });
    expect(checkAmount('1,500', 150_000)).toEqual({ paise: 150_000 });
  });
  it('names the problem just outside the bounds and of text that is not an amount', () => {
    expect(checkAmount(String(MIN_RECHARGE_PAISE / 100 - 1), 150_000)).toEqual({ problem: { id: 'amount.error.min', values: { min: MIN_RECHARGE_PAISE } } });
    expect(checkAmount('1501', 150_000)).toEqual({ problem: { id: 'amount.error.max', values: { max: 150_000 } } });
    expect(checkAmount('500', MIN_RECHARGE_PAISE - 100)).toEqual({ problem: { id: 'amount.error.full' } });
    expect(checkAmount('', 150_000)).toEqual({ problem: { id: 'amount.error.empty' } });
    expect(checkAmount('10.5', 150_000)).toEqual({ problem: { id: 'amount.error.whole' } });
    expect(checkAmount('ten', 150_000)).toEqual({ problem: { id: 'amount.error.number' } });
  });
});

describe('polling an order after the checkout', () => {
  it('stops at a paid or failed order', () => {
    for (const s of ['STAGED', 'PENDING_ON_CARD', 'WRITTEN', 'REFUNDED', 'PAYMENT_FAILED']) expect(nextPollDelay(s, 0)).toBeNull();
  });
  it('backs off while unpaid, then gives up after MAX_POLLS answers', () => {
    expect([0, 1, 2, 3, 4, 5, 39].map((i) => nextPollDelay('PAYMENT_PROCESSING', i))).toEqual([500, 1000, 2000, 3000, 5000, 5000, 5000]);
    expect(nextPollDelay('CREATED', MAX_POLLS - 1)).toBe(5000);
    expect(nextPollDelay('CREATED', MAX_POLLS)).toBeNull();
  });
  it('counts only the four paid states as paid', () => {
    expect(ORDER_STATES.filter(isPaid)).toEqual(['STAGED', 'PENDING_ON_CARD', 'WRITTEN', 'REFUNDED']);
  });
});

describe('what an order means for the rider (every order state)', () => {
  const matrix = Object.fromEntries(ORDER_STATES.map((s) => [s, outcomeOf({ status: s, feePaise: 0 })]));
  it('failed is an alert, unpaid is waiting, paid says where the money is; a refund is a warning', () => {
    expect(matrix).toEqual({
      CREATED: { kind: 'waiting' },
      PAYMENT_PROCESSING: { kind: 'waiting' },
      PAYMENT_FAILED: { kind: 'failed' },
      STAGED: { kind: 'paid', tone: 'notice', titleId: 'success.title', bodyId: 'success.staged', showFee: false },
      PENDING_ON_CARD: { kind: 'paid', tone: 'notice', titleId: 'success.title', bodyId: 'success.pending', showFee: false },
      WRITTEN: { kind: 'paid', tone: 'notice', titleId: 'success.title', bodyId: 'success.written', showFee: false },
      REFUNDED: { kind: 'paid', tone: 'warn', titleId: 'success.refundedTitle', bodyId: 'success.refunded', showFee: false },
    });
  });
  it('shows the fee line only when there was a fee', () => {
    expect(outcomeOf({ status: 'STAGED', feePaise: 500 })).toMatchObject({ showFee: true });
    expect(outcomeOf({ status: 'STAGED', feePaise: 0 })).toMatchObject({ showFee: false });
  });
  it('offers Move only for a staged recharge and Pay again only for a failed payment', () => {
    expect(Object.fromEntries(ORDER_STATES.map((s) => [s, orderActions(s)]))).toEqual({
      CREATED: { moveNow: false, payAgain: false },
      PAYMENT_PROCESSING: { moveNow: false, payAgain: false },
      PAYMENT_FAILED: { moveNow: false, payAgain: true },
      STAGED: { moveNow: true, payAgain: false },
      PENDING_ON_CARD: { moveNow: false, payAgain: false },
      WRITTEN: { moveNow: false, payAgain: false },
      REFUNDED: { moveNow: false, payAgain: false },
    });
  });
  it('the transfer panel: Move, pending, written, refunded, or nothing to do', () => {
    expect(ORDER_STATES.map(transferStep)).toEqual([null, null, null, 'move', 'pending', 'written', 'refunded']);
  });
});

it('lists only recharges still waiting to be moved', () => {
  const items = [
    { id: 'a', type: 'RECHARGE', state: 'STAGED' },
    { id: 'b', type: 'RECHARGE', state: 'WRITTEN' },
    { id: 'c', type: 'TAP', state: 'STAGED' },
  ];
  expect(stagedRecharges(items).map((i) => i.id)).toEqual(['a']);
});
