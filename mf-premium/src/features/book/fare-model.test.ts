import { changeOfSlot, passengerFareLines, passengersByCategory, slotsBackPath, split } from './fare-model';

describe('fare lines named by passenger', () => {
  const groups = [
    { id: 'adult', payableAmount: 90_000, actualAmount: 90_000 },
    { id: 'child', payableAmount: 25_000, actualAmount: 45_000 },
  ];
  it('one line per passenger, whose it is, full fare and what they pay; the lines add up to the fare', () => {
    const lines = passengerFareLines(groups, { adult: 2, child: 1, senior: 0 });
    expect(lines).toEqual([
      { category: 'adult', n: 1, fullPaise: 45_000, payPaise: 45_000 },
      { category: 'adult', n: 2, fullPaise: 45_000, payPaise: 45_000 },
      { category: 'child', n: 1, fullPaise: 45_000, payPaise: 25_000 },
    ]);
    expect(lines.reduce((s, l) => s + l.payPaise, 0)).toBe(115_000);
  });
  it('keeps the fixed category order and skips a category with nobody in it or no group', () => {
    const lines = passengerFareLines([{ id: 'senior', payableAmount: 100, actualAmount: 200 }, ...groups], { adult: 1, child: 0, senior: 1 });
    expect(lines.map((l) => `${l.category} ${l.n}`)).toEqual(['adult 1', 'senior 1']);
    expect(passengerFareLines(groups, { adult: 0, child: 0, senior: 2 })).toEqual([]);
  });
  it('splits an uneven amount in whole paise, the larger parts first, never losing a paisa', () => {
    expect(split(1000, 3)).toEqual([334, 333, 333]);
    expect(split(0, 2)).toEqual([0, 0]);
    expect(split(7, 1)).toEqual([7]);
    const lines = passengerFareLines([{ id: 'adult', payableAmount: 100_001, actualAmount: 100_001 }], { adult: 3, child: 0, senior: 0 });
    expect(lines.reduce((s, l) => s + l.payPaise, 0)).toBe(100_001);
  });
  it('lists passengers by category without the empty ones', () => {
    expect(passengersByCategory({ adult: 2, child: 0, senior: 1 })).toEqual([
      ['adult', 2],
      ['senior', 1],
    ]);
  });
});

describe('the way back to the slots keeps the line', () => {
  const base = '/premium-buses/select-slot';
  it('uses the query’s line, stops, date and passengers, and drops the trip', () => {
    const p = new URLSearchParams('tripId=PRM-1.1&lineId=PRM-1&fromStopId=A&toStopId=B&date=20261127&adult=2&child=1');
    expect(slotsBackPath(base, p, null, null)).toBe(`${base}?lineId=PRM-1&fromStopId=A&toStopId=B&date=20261127&adult=2&child=1`);
  });
  it('an older link without its line: the line found for the stop pair and the slot’s date', () => {
    const p = new URLSearchParams('tripId=PRM-1.1&fromStopId=A&toStopId=B&adult=1&passId=P1');
    expect(slotsBackPath(base, p, 'PRM-1', '20261128')).toBe(`${base}?lineId=PRM-1&fromStopId=A&toStopId=B&date=20261128&adult=1&passId=P1`);
    expect(slotsBackPath(base, p, null, null)).toBeNull();
  });
});

describe('a change of slot says what it costs against which booking', () => {
  it('the difference from the booking it changes', () => {
    expect(changeOfSlot({ prevBookingId: 'RSV-1', amountPaise: 8000, paidWith: 'RESCHEDULE' })).toEqual({ fromBookingId: 'RSV-1', differencePaise: 8000 });
    expect(changeOfSlot({ prevBookingId: null, amountPaise: 8000, paidWith: 'PAYMENT' })).toBeNull();
    expect(changeOfSlot({ prevBookingId: 'RSV-1', amountPaise: 0, paidWith: 'RESCHEDULE' })).toBeNull();
  });
});
