import { product } from '../../test/fixtures';
import {
  chosenBank,
  fareKey,
  fareOptions,
  initialFare,
  initialSubCategory,
  offerMissValues,
  offerOnSale,
  offerPanel,
  payButton,
  quoteRetryable,
} from './model';

describe('the plan chosen when the screen opens', () => {
  const subs = [
    { id: 'a', isActive: false },
    { id: 'b', isActive: true },
    { id: 'c', isActive: true },
  ];
  it('keeps the flow’s plan while it is on sale, else the first on sale, else none', () => {
    expect(initialSubCategory(subs, 'c')).toBe('c');
    expect(initialSubCategory(subs, 'a')).toBe('b');
    expect(initialSubCategory(subs, null)).toBe('b');
    expect(initialSubCategory(subs, 'gone')).toBe('b');
    expect(initialSubCategory([{ id: 'a', isActive: false }], null)).toBeNull();
  });
});

describe('fare options', () => {
  it('only the chosen plan’s fares, each with what blocks it', () => {
    const p = product({ subCategory: [{ id: 'citywide', name: 'City-wide', infoNote: '', isActive: true }] });
    p.categories[1] = { ...p.categories[1], isActive: false };
    p.fareMapping.adult.push({ ...p.fareMapping.adult[0], fmId: 'route-7', subCatId: 'route' });
    const all = fareOptions(p, null);
    expect(all.map(fareKey)).toEqual(['adult/gen-7', 'adult/gen-30', 'adult/route-7', 'student/stu-30']);
    expect(fareOptions(p, 'citywide').map(fareKey)).toEqual(['adult/gen-7', 'adult/gen-30', 'student/stu-30']);
    expect(all.map((o) => o.block)).toEqual([null, null, null, 'CATEGORY_INACTIVE']);
  });
  it('starts on the flow’s fare when it can be bought, else the first that can, else none', () => {
    const p = product();
    const options = fareOptions(p, 'citywide');
    expect(initialFare(options, { categoryId: 'adult', fmId: 'gen-30' })).toBe('adult/gen-30');
    expect(initialFare(options, { categoryId: 'student', fmId: 'gen-30' })).toBe('adult/gen-7');
    expect(initialFare(options, { categoryId: null, fmId: null })).toBe('adult/gen-7');
    const blocked = options.map((o) => ({ ...o, block: 'FARE_INACTIVE' as const }));
    expect(initialFare(blocked, { categoryId: 'adult', fmId: 'gen-30' })).toBeNull();
  });
});

describe('the trial/welcome offer panel', () => {
  const passFacts = { configId: 'mum-general', numOfDays: 30, categoryId: 'adult', farePaise: 110_000 };
  const offer = { title: 'Welcome ride', eligible: true, claimed: false };
  it('claim, blocked while a bank offer is chosen', () => {
    expect(offerPanel(offer, passFacts, false)).toEqual({ kind: 'claim', blockedByBank: false });
    expect(offerPanel(offer, passFacts, true)).toEqual({ kind: 'claim', blockedByBank: true });
  });
  it('says why it does not apply, at the fare bounds', () => {
    expect(offerPanel({ ...offer, appliesTo: { numOfDays: [7] } }, passFacts, false)).toEqual({ kind: 'notFor', miss: 'DURATION' });
    expect(offerPanel({ ...offer, appliesTo: { maxFarePaise: 110_000 } }, passFacts, false)).toMatchObject({ kind: 'claim' });
    expect(offerPanel({ ...offer, appliesTo: { maxFarePaise: 109_999 } }, passFacts, false)).toEqual({ kind: 'notFor', miss: 'FARE_TOO_HIGH' });
    expect(offerPanel({ ...offer, appliesTo: { minFarePaise: 110_001 } }, passFacts, false)).toEqual({ kind: 'notFor', miss: 'FARE_TOO_LOW' });
  });
  it('never teases passes none of which is on sale: an offer for 3-day passes, with no 3-day pass to buy, is claimed on the Offers page', () => {
    const trial3 = { ...offer, appliesTo: { numOfDays: [3] } };
    expect(offerPanel(trial3, passFacts, false, false)).toEqual({ kind: 'elsewhere' });
    // a pass it is for can be chosen: say so
    expect(offerPanel(trial3, passFacts, false, true)).toEqual({ kind: 'notFor', miss: 'DURATION' });
    // it applies to this very pass: claim here whatever else is on sale
    expect(offerPanel(offer, passFacts, false, false)).toEqual({ kind: 'claim', blockedByBank: false });
  });
  it('offerOnSale: whether any pass on sale in the city (no documents needed) is one the offer is for', () => {
    const p = product(); // adult 7 and 30 days on sale; student 30 days needs documents
    expect(offerOnSale({ numOfDays: [7] }, [p])).toBe(true);
    expect(offerOnSale({ numOfDays: [3] }, [p])).toBe(false);
    expect(offerOnSale({ categoryIds: ['student'] }, [p])).toBe(false); // its only fare needs documents
    expect(offerOnSale({ numOfDays: [7] }, [product({ isActive: false })])).toBe(false);
    expect(offerOnSale({}, [p])).toBe(true);
    expect(offerOnSale({}, [])).toBe(false);
  });
  it('used already, or not allowed', () => {
    expect(offerPanel({ ...offer, eligible: false, claimed: true }, passFacts, false)).toEqual({ kind: 'claimed' });
    expect(offerPanel({ ...offer, eligible: false }, passFacts, false)).toEqual({ kind: 'notAllowed' });
  });
  it('the values of its sentences', () => {
    expect(offerMissValues({ title: 'Welcome ride', appliesTo: { numOfDays: [7, 30], minFarePaise: 50_000, maxFarePaise: 200_000 } }, 'FARE_TOO_LOW')).toEqual({
      offer: 'Welcome ride',
      days: '7, 30',
      amount: '₹500',
    });
    expect(offerMissValues({ title: 'W', appliesTo: { maxFarePaise: 200_000 } }, 'FARE_TOO_HIGH').amount).toBe('₹2,000');
  });
});

it('a bank offer counts only when the product has it', () => {
  expect(chosenBank([{ bank: 'Hdfc' }], 'hdfc')).toBe('HDFC');
  expect(chosenBank([{ bank: 'HDFC' }], 'SBI')).toBeNull();
  expect(chosenBank([], null)).toBeNull();
});

it('the Pay button: pricing, continue a payment under way, or pay', () => {
  expect(payButton(false, false)).toBe('pay.pricing');
  expect(payButton(false, true)).toBe('pay.pricing');
  expect(payButton(true, true)).toBe('pay.continuePayment');
  expect(payButton(true, false)).toBe('pay.pay');
});

it('a refused quote can be asked again, except an offer refusal', () => {
  expect(quoteRetryable(null)).toBe(false);
  expect(quoteRetryable({ code: 'NETWORK_ERROR' })).toBe(true);
  expect(quoteRetryable({})).toBe(true);
  expect(quoteRetryable({ code: 'DIGITAL_OFFER_ALREADY_AVAILED' })).toBe(false);
  expect(quoteRetryable({ code: 'OFFER_NOT_APPLICABLE' })).toBe(false);
  expect(quoteRetryable({ code: 'OFFERS_NOT_COMBINABLE' })).toBe(false);
});
