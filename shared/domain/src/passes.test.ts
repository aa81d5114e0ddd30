import { isProofRequired, purchaseBlock, aggregateFares, reclaimWindowMs, canReclaim, buildTransactionId, type FareResult } from './passes';

describe('proof rule (spec §5)', () => {
  it('needs no proof only when verification is explicitly off on category or fare AND isProofRequired explicitly off somewhere', () => {
    expect(isProofRequired({ isProofRequired: false }, { verification: false }, {})).toBe(false);
    expect(isProofRequired({}, { verification: false, isProofRequired: false }, {})).toBe(false);
    expect(isProofRequired({}, {}, { verification: false, isProofRequired: false })).toBe(false);
    expect(isProofRequired({}, { verification: false }, { isProofRequired: false })).toBe(false);
  });
  it('needs proof when a flag is missing, null or true', () => {
    expect(isProofRequired({}, {}, {})).toBe(true);
    expect(isProofRequired({ isProofRequired: false }, {}, {})).toBe(true); // verification not explicitly false
    expect(isProofRequired({}, { verification: false }, {})).toBe(true); // isProofRequired not explicitly false
    expect(isProofRequired({ isProofRequired: null }, { verification: null }, {})).toBe(true);
    expect(isProofRequired({ isProofRequired: true }, { verification: true }, { verification: true })).toBe(true);
    expect(isProofRequired({ isProofRequired: false }, { verification: true }, { verification: true })).toBe(true);
  });
});

describe('purchase availability', () => {
  const on = { isActive: true };
  it('blocks with the first inactive level, each with its own flag', () => {
    expect(purchaseBlock({ product: on, subCategory: on, category: on, fare: on })).toBeNull();
    expect(purchaseBlock({ product: {}, category: {}, fare: {} })).toBeNull();
    expect(purchaseBlock({ product: { isActive: false }, subCategory: { isActive: false }, category: on, fare: on })).toBe('PRODUCT_INACTIVE');
    expect(purchaseBlock({ product: on, subCategory: { isActive: false }, category: on, fare: on })).toBe('SUB_CATEGORY_INACTIVE');
    expect(purchaseBlock({ product: on, category: { isActive: false }, fare: on })).toBe('CATEGORY_INACTIVE');
    expect(purchaseBlock({ product: on, category: on, fare: { isActive: false } })).toBe('FARE_INACTIVE');
  });
});

describe('fare aggregation', () => {
  const g = (id: string, pay: number, seats: number, lines: [string, number][]) => ({
    id,
    name: id,
    isDiscountApplicable: false,
    payableAmount: pay,
    actualAmount: pay + 10,
    categorySeatLimit: seats,
    fareBreakup: lines.map(([name, value]) => ({ name, value })),
  });
  it('merges only groups present in every option, sums amounts and lines, takes minimum seats', () => {
    const a: FareResult = {
      roundingLogic: 'NEAREST',
      totalAvailableSeats: 30,
      passengerDetails: [
        g('adult', 100, 5, [
          ['Fare', 90],
          ['GST', 10],
        ]),
        g('child', 50, 3, [['Fare', 50]]),
      ],
    };
    const b: FareResult = {
      totalAvailableSeats: 12,
      passengerDetails: [
        g('adult', 60, 2, [
          ['Fare', 60],
          ['Toll', 5],
        ]),
      ],
    };
    expect(aggregateFares([a, b])).toEqual({
      roundingLogic: 'NEAREST',
      totalAvailableSeats: 12,
      passengerDetails: [
        {
          ...g('adult', 160, 2, [
            ['Fare', 150],
            ['GST', 10],
            ['Toll', 5],
          ]),
          actualAmount: 180,
        },
      ],
    });
  });
  it('gives nothing for no options and the option itself for one', () => {
    expect(aggregateFares([])).toBeNull();
    const one: FareResult = { totalAvailableSeats: 4, passengerDetails: [g('adult', 10, 1, [['Fare', 10]])] };
    expect(aggregateFares([one])).toEqual({ ...one, roundingLogic: undefined });
  });
});

describe('reclaim time: 24 h, 5 min in Mumbai', () => {
  it('uses the city', () => {
    expect(reclaimWindowMs('mumbai')).toBe(300_000);
    expect(reclaimWindowMs('kochi')).toBe(86_400_000);
  });
  it('includes the boundary and refuses one ms later', () => {
    expect(canReclaim('mumbai', 0, 300_000)).toBe(true);
    expect(canReclaim('mumbai', 0, 300_001)).toBe(false);
    expect(canReclaim('kochi', 0, 86_400_000)).toBe(true);
    expect(canReclaim('kochi', 0, 86_400_001)).toBe(false);
  });
  it('builds a missing transactionId as userId-city-agency-categoryId', () => {
    expect(buildTransactionId('u1', 'kochi', 'KMRL', 'student')).toBe('u1-kochi-KMRL-student');
  });
});
