import {
  applyTap,
  cardKindOf,
  checkCardNumber,
  CHIP_LIMIT_PAISE,
  dammDigit,
  dammValid,
  groupDigits,
  isCardExpired,
  kolkataMonth,
  maskedFromLast4,
  maxRechargePaise,
  MIN_RECHARGE_PAISE,
  rechargeBreakup,
  rechargeEligibility,
  roomOnChipPaise,
  withClosedLoopCheckDigit,
} from './cards';
import { maskCardNumber } from './format';

const CLOSED = '9812345678901233';
const NCMC = '6070000000000002';

describe('card numbers', () => {
  it('Damm check digit: the published example and every single-digit error and adjacent swap of a closed-loop number', () => {
    expect(dammDigit('572')).toBe(4);
    expect(dammValid('5724')).toBe(true);
    expect(withClosedLoopCheckDigit('981234567890123')).toBe(CLOSED);
    for (let i = 0; i < CLOSED.length; i++) {
      for (let d = 0; d < 10; d++) {
        if (String(d) === CLOSED[i]) continue;
        expect(dammValid(CLOSED.slice(0, i) + d + CLOSED.slice(i + 1))).toBe(false);
      }
      if (i + 1 < CLOSED.length && CLOSED[i] !== CLOSED[i + 1]) {
        expect(dammValid(CLOSED.slice(0, i) + CLOSED[i + 1] + CLOSED[i] + CLOSED.slice(i + 2))).toBe(false);
      }
    }
  });
  it('closed-loop: 16 digits, prefix 98, Damm; spaces and dashes allowed', () => {
    expect(checkCardNumber('closedLoop', '9812 3456-7890 1233')).toEqual({ ok: true, digits: CLOSED });
    expect(checkCardNumber('closedLoop', '')).toEqual({ ok: false, error: 'EMPTY' });
    expect(checkCardNumber('closedLoop', '   ')).toEqual({ ok: false, error: 'EMPTY' });
    expect(checkCardNumber('closedLoop', '98123456789O1233')).toEqual({ ok: false, error: 'NOT_DIGITS' });
    expect(checkCardNumber('closedLoop', '981234567890123')).toEqual({ ok: false, error: 'LENGTH' });
    expect(checkCardNumber('closedLoop', '98123456789012330')).toEqual({ ok: false, error: 'LENGTH' });
    expect(checkCardNumber('closedLoop', withClosedLoopCheckDigit('971234567890123'))).toEqual({ ok: false, error: 'PREFIX' });
    expect(checkCardNumber('closedLoop', '9812345678901234')).toEqual({ ok: false, error: 'CHECK_DIGIT' });
  });
  it('NCMC: 16 digits, a RuPay prefix, Luhn', () => {
    expect(checkCardNumber('ncmc', '6070 0000 0000 0002')).toEqual({ ok: true, digits: NCMC });
    expect(checkCardNumber('ncmc', '6521000000000007').ok).toBe(true);
    expect(checkCardNumber('ncmc', '5085000000000007').ok).toBe(true);
    expect(checkCardNumber('ncmc', '6070000000000003')).toEqual({ ok: false, error: 'CHECK_DIGIT' });
    expect(checkCardNumber('ncmc', '4111111111111111')).toEqual({ ok: false, error: 'PREFIX' }); // a Visa number
    expect(checkCardNumber('ncmc', '607000000000002')).toEqual({ ok: false, error: 'LENGTH' });
    expect(checkCardNumber('ncmc', CLOSED)).toEqual({ ok: false, error: 'PREFIX' });
  });
  it('a terminal tells the kind from the number', () => {
    expect(cardKindOf(CLOSED)).toBe('closedLoop');
    expect(cardKindOf(NCMC)).toBe('ncmc');
    expect(cardKindOf('4111111111111111')).toBeNull();
  });
  it('masks in groups of four (spec §9)', () => {
    expect(maskedFromLast4('0002')).toBe('XXXX XXXX XXXX 0002');
    expect(maskedFromLast4('0002')).toBe(maskCardNumber(NCMC));
    expect(groupDigits('60700000000')).toBe('6070 0000 000');
    expect(groupDigits('6070 0000-0000 0002')).toBe('6070 0000 0000 0002');
  });
});

describe('expiry in India time', () => {
  // 31 Mar 2026 18:29:59.999 UTC = 23:59:59.999 IST; one ms later it is 1 Apr in India.
  const lastMs = Date.UTC(2026, 2, 31, 18, 29, 59, 999);
  it('works through the last day of its month and is expired from the next', () => {
    expect(kolkataMonth(lastMs)).toBe('2026-03');
    expect(kolkataMonth(lastMs + 1)).toBe('2026-04');
    expect(isCardExpired('2026-03', lastMs)).toBe(false);
    expect(isCardExpired('2026-03', lastMs + 1)).toBe(true);
    expect(isCardExpired(null, lastMs)).toBe(false);
  });
});

describe('chip limit and eligibility', () => {
  const now = Date.UTC(2026, 0, 10);
  const card = { status: 'ACTIVE' as const, validThru: '2030-12', chipPaise: 50_000, committedPaise: 30_000 };
  it('room counts the chip and everything on its way', () => {
    expect(roomOnChipPaise(50_000, 30_000)).toBe(120_000);
    expect(roomOnChipPaise(CHIP_LIMIT_PAISE, 0)).toBe(0);
    expect(roomOnChipPaise(150_000, 60_000)).toBe(0); // never negative
    expect(maxRechargePaise(50_050, 0)).toBe(149_900); // whole rupees, rounded down
  });
  it('allows exactly up to ₹2,000 and refuses one rupee more', () => {
    expect(rechargeEligibility(card, 120_000, now)).toEqual({ eligible: true, maxPaise: 120_000 });
    expect(rechargeEligibility(card, 120_100, now)).toEqual({ eligible: false, reason: 'OVER_CHIP_LIMIT', maxPaise: 120_000 });
  });
  it('minimum ₹10, whole rupees', () => {
    expect(rechargeEligibility(card, MIN_RECHARGE_PAISE, now).eligible).toBe(true);
    expect(rechargeEligibility(card, MIN_RECHARGE_PAISE - 100, now)).toMatchObject({ eligible: false, reason: 'AMOUNT_TOO_SMALL' });
    expect(rechargeEligibility(card, 10_050, now)).toMatchObject({ eligible: false, reason: 'AMOUNT_NOT_WHOLE_RUPEES' });
    expect(rechargeEligibility(card, 1.5, now)).toMatchObject({ eligible: false, reason: 'AMOUNT_NOT_WHOLE_RUPEES' });
  });
  it('a full chip says so (less than ₹10 of room)', () => {
    expect(rechargeEligibility({ ...card, chipPaise: 199_100, committedPaise: 0 }, 1_000, now)).toEqual({
      eligible: false,
      reason: 'CHIP_LIMIT_REACHED',
      maxPaise: 900,
    });
    expect(rechargeEligibility({ ...card, chipPaise: 199_000, committedPaise: 0 }, 1_000, now)).toEqual({ eligible: true, maxPaise: 1_000 });
  });
  it('blocked and expired cards are refused whatever the amount', () => {
    expect(rechargeEligibility({ ...card, status: 'BLOCKED' }, 10_000, now)).toEqual({ eligible: false, reason: 'CARD_BLOCKED', maxPaise: 0 });
    expect(rechargeEligibility({ ...card, validThru: '2025-12' }, 10_000, now)).toEqual({ eligible: false, reason: 'CARD_EXPIRED', maxPaise: 0 });
    expect(rechargeEligibility({ ...card, validThru: '2026-01' }, 10_000, now).eligible).toBe(true);
  });
  it('fee breakup: NCMC pays a ₹5 load fee on top, the closed-loop card none', () => {
    expect(rechargeBreakup('ncmc', 50_000)).toEqual({
      lines: [
        { name: 'Recharge amount', value: 50_000 },
        { name: 'Card load fee', value: 500 },
      ],
      feePaise: 500,
      payablePaise: 50_500,
    });
    expect(rechargeBreakup('closedLoop', 50_000)).toEqual({ lines: [{ name: 'Recharge amount', value: 50_000 }], feePaise: 0, payablePaise: 50_000 });
  });
});

describe('a tap (balance update, then the fare)', () => {
  it('writes pending loads then takes the fare', () => {
    expect(applyTap(1_000, [{ id: 'a', amountPaise: 50_000 }], 2_500)).toEqual({
      written: ['a'],
      afterLoadsPaise: 51_000,
      fareDeductedPaise: 2_500,
      balancePaise: 48_500,
      declined: null,
    });
  });
  it('a fare equal to the balance leaves ₹0; one paisa more is declined, never negative', () => {
    expect(applyTap(2_500, [], 2_500)).toMatchObject({ balancePaise: 0, declined: null });
    expect(applyTap(2_499, [], 2_500)).toEqual({
      written: [],
      afterLoadsPaise: 2_499,
      fareDeductedPaise: 0,
      balancePaise: 2_499,
      declined: 'INSUFFICIENT_BALANCE',
    });
  });
  it('a declined fare still writes the loads that fit', () => {
    expect(applyTap(0, [{ id: 'a', amountPaise: 1_000 }], 2_500)).toMatchObject({ written: ['a'], balancePaise: 1_000, declined: 'INSUFFICIENT_BALANCE' });
  });
  it('never passes the limit: a load that would is kept until the fare makes room', () => {
    const r = applyTap(
      195_000,
      [
        { id: 'a', amountPaise: 5_000 },
        { id: 'b', amountPaise: 1_000 },
      ],
      2_000,
    );
    // a fits exactly (₹2,000), b does not; the fare makes ₹20 of room, b (₹10) then fits.
    expect(r).toEqual({ written: ['a', 'b'], afterLoadsPaise: 200_000, fareDeductedPaise: 2_000, balancePaise: 199_000, declined: null });
    const r2 = applyTap(199_000, [{ id: 'c', amountPaise: 5_000 }], 1_000);
    expect(r2).toEqual({ written: [], afterLoadsPaise: 199_000, fareDeductedPaise: 1_000, balancePaise: 198_000, declined: null });
  });
  it('a tap with no fare (a balance update at a recharge point) only writes', () => {
    expect(
      applyTap(
        0,
        [
          { id: 'a', amountPaise: 200_000 },
          { id: 'b', amountPaise: 100 },
        ],
        0,
      ),
    ).toMatchObject({ written: ['a'], balancePaise: 200_000 });
  });
});
