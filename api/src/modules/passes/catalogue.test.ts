import { isProofRequired } from '@sawari/domain';
import { availability, bankOfferFor, proofRequiredFor, quote, type BankOffer, type CatalogueConfig } from './catalogue';
import { proofTypeOf } from './routes';

const config = (over: Partial<CatalogueConfig> = {}): CatalogueConfig => ({
  id: 'c',
  name: 'C',
  serviceType: 'REGULAR',
  productType: 'pass',
  agency: 'A',
  terms: [],
  categories: [{ id: 'adult', name: 'Adult', verification: false, isProofRequired: false }],
  subCategories: [{ id: 's', name: 'S', infoNote: '' }],
  fareMapping: { adult: [{ fmId: 'f', fare: 350, numOfDays: 7, durationId: 'D7', desc: '', subCatId: 's', displayName: 'W', specialFeatures: [] }] },
  ...over,
});

describe('proof rule (spec §5)', () => {
  it('needs no proof only when verification is false on category or fare AND isProofRequired is false somewhere', () => {
    expect(isProofRequired({}, { verification: false, isProofRequired: false }, {})).toBe(false);
    expect(isProofRequired({ isProofRequired: false }, {}, { verification: false })).toBe(false);
    expect(isProofRequired({ isProofRequired: false }, {}, {})).toBe(true);
    expect(isProofRequired({}, { verification: false }, {})).toBe(true);
    expect(isProofRequired({}, { verification: null, isProofRequired: false }, {})).toBe(true);
    const c = config();
    expect(proofRequiredFor(c, c.categories[0], c.fareMapping.adult[0])).toBe(false);
    expect(proofRequiredFor(c, { id: 'x', name: 'x', verification: true, isProofRequired: false }, c.fareMapping.adult[0])).toBe(true);
  });
});

describe('availability (spec §4)', () => {
  const fare = config().fareMapping.adult[0];
  const cat = config().categories[0];
  it.each([
    [{ isActive: false }, {}, {}, {}, 'PRODUCT_INACTIVE'],
    [{ isVisible: false }, {}, {}, {}, 'PRODUCT_INACTIVE'],
    [{}, { isActive: false }, {}, {}, 'SUB_CATEGORY_INACTIVE'],
    [{}, {}, { isActive: false }, {}, 'CATEGORY_INACTIVE'],
    [{}, {}, {}, { isVisible: false }, 'FARE_INACTIVE'],
    [{ isActive: false }, {}, { isActive: false }, { isActive: false }, 'PRODUCT_INACTIVE'],
  ])('product %j sub %j category %j fare %j → %s', (p, s, c, f, code) => {
    const cfg = config({ ...p, subCategories: [{ id: 's', name: 'S', infoNote: '', ...s }] });
    const r = availability(cfg, { ...cat, ...c }, { ...fare, ...f });
    expect(r?.code).toBe(code);
    expect(r?.message).toMatch(/not on sale|no longer on sale/);
  });
  it('all active and visible: no block', () => expect(availability(config(), cat, fare)).toBeNull());
});

describe('fare breakup and bank offers (paise)', () => {
  const offers: BankOffer[] = [
    { id: '1', city: 'mumbai', bank: 'HDFC', percentOff: 10, configIds: ['mum-general'] },
    { id: '2', city: 'mumbai', bank: 'ICICI', percentOff: 15, configIds: ['mum-magic'] },
  ];
  it('Pass price and Discount lines, payable is their sum', () => {
    expect(quote({ fare: 1200, discountedFare: 1100 })).toEqual({
      actualFare: 120000,
      discountedFare: 110000,
      payableAmount: 110000,
      fareBreakup: [
        { name: 'Pass price', value: 120000 },
        { name: 'Discount', value: -10000 },
      ],
    });
    expect(quote({ fare: 350 }).fareBreakup).toEqual([
      { name: 'Pass price', value: 35000 },
      { name: 'Discount', value: 0 },
    ]);
  });
  it('10 % and 15 % bank offers on their named configs and cities only, rounded down to whole rupees', () => {
    const hdfc = bankOfferFor(offers, 'mumbai', 'hdfc', 'mum-general')!;
    expect(quote({ fare: 1200, discountedFare: 1100 }, hdfc)).toMatchObject({
      payableAmount: 99000,
      fareBreakup: [
        { name: 'Pass price', value: 120000 },
        { name: 'Discount', value: -10000 },
        { name: 'Bank offer (HDFC)', value: -11000 },
      ],
    });
    const icici = bankOfferFor(offers, 'mumbai', 'ICICI', 'mum-magic')!;
    expect(quote({ fare: 2499 }, icici).payableAmount).toBe(249900 - 37400);
    expect(bankOfferFor(offers, 'kochi', 'HDFC', 'mum-general')).toBeNull();
    expect(bankOfferFor(offers, 'mumbai', 'HDFC', 'mum-magic')).toBeNull();
    const q = quote({ fare: 2499 }, icici);
    expect(q.fareBreakup.reduce((s, l) => s + l.value, 0)).toBe(q.payableAmount);
    expect(Number.isInteger(q.payableAmount)).toBe(true);
  });
});

describe('uploads', () => {
  it('recognises JPEG, PNG, WebP and PDF by their bytes only', () => {
    expect(proofTypeOf(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
    expect(proofTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(proofTypeOf(Buffer.from('GIF89a'))).toBeNull();
  });
});
