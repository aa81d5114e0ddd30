import { bankOfferEarnedBy, binInRanges, describeScopeMiss, offerScopeMiss, type OfferScope } from './offers';

describe('offerScopeMiss', () => {
  const weekPass = { configId: 'mum-general', numOfDays: 7, categoryId: 'adult', farePaise: 35000 };
  it('an empty scope applies to every product', () => {
    expect(offerScopeMiss({}, weekPass)).toBeNull();
    expect(offerScopeMiss({ configIds: [], numOfDays: [], categoryIds: [] }, weekPass)).toBeNull();
  });
  it('each stated field must match', () => {
    expect(offerScopeMiss({ configIds: ['mum-smart-saver'] }, weekPass)).toBe('PRODUCT');
    expect(offerScopeMiss({ numOfDays: [7] }, weekPass)).toBeNull();
    expect(offerScopeMiss({ numOfDays: [7] }, { ...weekPass, numOfDays: 30 })).toBe('DURATION');
    expect(offerScopeMiss({ numOfDays: [7] }, { ...weekPass, numOfDays: null })).toBe('DURATION');
    expect(offerScopeMiss({ categoryIds: ['student'] }, weekPass)).toBe('CATEGORY');
  });
  it('fare range is inclusive at both ends (paise)', () => {
    const s: OfferScope = { minFarePaise: 10000, maxFarePaise: 50000 };
    expect(offerScopeMiss(s, { ...weekPass, farePaise: 10000 })).toBeNull();
    expect(offerScopeMiss(s, { ...weekPass, farePaise: 9999 })).toBe('FARE_TOO_LOW');
    expect(offerScopeMiss(s, { ...weekPass, farePaise: 50000 })).toBeNull();
    expect(offerScopeMiss(s, { ...weekPass, farePaise: 50001 })).toBe('FARE_TOO_HIGH');
  });
  it('the first failing field is the reason, in a sentence', () => {
    expect(offerScopeMiss({ configIds: ['x'], numOfDays: [1] }, weekPass)).toBe('PRODUCT');
    expect(describeScopeMiss('DURATION', { numOfDays: [7] })).toBe('This offer is only for 7-day passes.');
    expect(describeScopeMiss('FARE_TOO_HIGH', { maxFarePaise: 150000 })).toBe('This offer is for passes of up to ₹1,500.');
  });
});

describe('bank offers bound to the instrument', () => {
  const hdfc = { bank: 'HDFC', cardBins: ['489377', '552260-552269'] };
  it('BIN ranges: single BIN, range ends inclusive, outside, malformed', () => {
    expect(binInRanges('489377', hdfc.cardBins)).toBe(true);
    expect(binInRanges('552260', hdfc.cardBins)).toBe(true);
    expect(binInRanges('552269', hdfc.cardBins)).toBe(true);
    expect(binInRanges('552270', hdfc.cardBins)).toBe(false);
    expect(binInRanges('552259', hdfc.cardBins)).toBe(false);
    expect(binInRanges('48937', hdfc.cardBins)).toBe(false);
    expect(binInRanges('489377', ['bogus'])).toBe(false);
  });
  it('a card earns it by BIN only (the claimed bank is not enough)', () => {
    expect(bankOfferEarnedBy(hdfc, { method: 'card', bank: null, bin: '489377' })).toBe(true);
    expect(bankOfferEarnedBy(hdfc, { method: 'card', bank: 'HDFC', bin: '411111' })).toBe(false);
    expect(bankOfferEarnedBy({ bank: 'HDFC', cardBins: [] }, { method: 'card', bank: 'HDFC', bin: '411111' })).toBe(true);
    // a card typed on the gateway's page: no BIN known before capture, the declared bank (checked against the issuer later)
    expect(bankOfferEarnedBy(hdfc, { method: 'card', bank: 'HDFC', bin: null })).toBe(true);
    expect(bankOfferEarnedBy(hdfc, { method: 'card', bank: 'SBI', bin: null })).toBe(false);
    expect(bankOfferEarnedBy(hdfc, { method: 'card', bank: null, bin: null })).toBe(false);
  });
  it('netbanking and UPI by the bank the gateway reports; wallets and cash never', () => {
    expect(bankOfferEarnedBy(hdfc, { method: 'netbanking', bank: 'HDFC', bin: null })).toBe(true);
    expect(bankOfferEarnedBy(hdfc, { method: 'netbanking', bank: 'SBI', bin: null })).toBe(false);
    expect(bankOfferEarnedBy(hdfc, { method: 'upi', bank: 'HDFC', bin: null })).toBe(true);
    expect(bankOfferEarnedBy(hdfc, { method: 'upi', bank: null, bin: null })).toBe(false);
    expect(bankOfferEarnedBy(hdfc, { method: 'wallet', bank: 'HDFC', bin: null })).toBe(false);
    expect(bankOfferEarnedBy(hdfc, { method: 'cash', bank: null, bin: null })).toBe(false);
  });
});
