import { passOrderPayloadSchema } from '@sawari/contracts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  addDays,
  afterDetailsPath,
  blockOf,
  buildOrderPayload,
  chooseFare,
  cityDate,
  cityMidnight,
  detailsFromProfile,
  EMPTY_FLOW,
  UPLOAD_ERROR_IDS,
  uploadErrorId,
  verificationPage,
  verificationState,
  errorAction,
  errorMessageId,
  firstDetailError,
  formatSize,
  fromPrice,
  localisePass,
  localiseProduct,
  parseFlow,
  passLabel,
  proofFileProblem,
  proofsComplete,
  renewalStart,
  startFlow,
  suggestedIdKind,
  validateDetails,
  validityNoteId,
  withProof,
  type Details,
  type Fare,
  type Flow,
  type Product,
} from './model';

const fare = (over: Partial<Fare> = {}): Fare => ({
  fmId: 'mum-gen-30',
  fare: 120000,
  discountedFare: 110000,
  durationId: 'D30',
  numOfDays: 30,
  desc: '30 days',
  subCatId: 'citywide',
  displayName: 'Monthly',
  specialFeatures: [],
  isActive: true,
  proofRequired: false,
  ...over,
});
const product = (over: Partial<Product> = {}): Product => ({
  id: 'mum-general',
  name: 'General pass',
  serviceType: 'REGULAR',
  productType: 'pass',
  productSubType: null,
  agency: 'MBUS',
  isActive: true,
  isRenewable: true,
  activeDuration: null,
  maxTripsPerDay: null,
  landingMessage: null,
  terms: [],
  categories: [{ id: 'adult', name: 'Adult', isActive: true, verification: false, isProofRequired: false }],
  subCategory: [{ id: 'citywide', name: 'City-wide', infoNote: '', isActive: true }],
  fareMapping: { adult: [fare({ fmId: 'w', fare: 35000, discountedFare: 35000 }), fare()] },
  bankOffers: [],
  ...over,
});
const details = (over: Partial<Details> = {}): Details => ({
  userName: 'Asha Rao',
  mailId: '',
  mobileNumber: '9876543210',
  gender: '',
  dob: '',
  passStartDate: '2025-08-14',
  ...over,
});
// 2025-08-14 in India: 00:00 is 2025-08-13T18:30Z.
const TODAY = '2025-08-14';

describe('city dates (Asia/Kolkata)', () => {
  it('the city date changes at midnight India time, not UTC', () => {
    expect(cityDate(Date.UTC(2025, 7, 13, 18, 29, 59))).toBe('2025-08-13');
    expect(cityDate(Date.UTC(2025, 7, 13, 18, 30))).toBe('2025-08-14');
    expect(cityMidnight('2025-08-14')).toBe(Date.UTC(2025, 7, 13, 18, 30));
    expect(cityMidnight('2025-02-30')).toBeNull();
    expect(cityMidnight('14-08-2025')).toBeNull();
    expect(addDays('2025-08-14', 30)).toBe('2025-09-13');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
  });
});

describe('validateDetails (spec §5)', () => {
  it('accepts a complete form', () => expect(validateDetails(details(), TODAY)).toEqual({}));
  it('name: required, English letters and single spaces (the order payload rule)', () => {
    expect(validateDetails(details({ userName: '  ' }), TODAY).userName).toBe('details.error.nameRequired');
    expect(validateDetails(details({ userName: 'Asha R.' }), TODAY).userName).toBe('details.error.name');
    expect(validateDetails(details({ userName: 'Asha2' }), TODAY).userName).toBe('details.error.name');
    expect(validateDetails(details({ userName: 'आशा' }), TODAY).userName).toBe('details.error.name');
    expect(validateDetails(details({ userName: ' Asha  Rao ' }), TODAY).userName).toBeUndefined();
  });
  it('mobile: 10 digits starting 6-9; email optional but well formed', () => {
    expect(validateDetails(details({ mobileNumber: '987654321' }), TODAY).mobileNumber).toBe('details.error.mobile');
    expect(validateDetails(details({ mobileNumber: '5876543210' }), TODAY).mobileNumber).toBe('details.error.mobile');
    expect(validateDetails(details({ mailId: 'asha@' }), TODAY).mailId).toBe('details.error.email');
    expect(validateDetails(details({ mailId: 'asha@example.in' }), TODAY).mailId).toBeUndefined();
  });
  it('date of birth: optional, a real date, not after today', () => {
    expect(validateDetails(details({ dob: '2001-02-30' }), TODAY).dob).toBe('details.error.dobInvalid');
    expect(validateDetails(details({ dob: '2025-08-15' }), TODAY).dob).toBe('details.error.dobFuture');
    expect(validateDetails(details({ dob: TODAY }), TODAY).dob).toBeUndefined();
  });
  it('start date: today is the earliest (server clock, city time), at most 30 days ahead', () => {
    expect(validateDetails(details({ passStartDate: '' }), TODAY).passStartDate).toBe('details.error.startRequired');
    expect(validateDetails(details({ passStartDate: '2025-08-13' }), TODAY).passStartDate).toBe('details.error.startPast');
    expect(validateDetails(details({ passStartDate: TODAY }), TODAY).passStartDate).toBeUndefined();
    expect(validateDetails(details({ passStartDate: '2025-09-13' }), TODAY).passStartDate).toBeUndefined();
    expect(validateDetails(details({ passStartDate: '2025-09-14' }), TODAY).passStartDate).toBe('details.error.startFar');
    expect(validateDetails(details({ passStartDate: '2025-09-31' }), TODAY).passStartDate).toBe('details.error.startInvalid');
  });
  it('the first error in form order takes the focus', () => {
    expect(firstDetailError(validateDetails(details({ passStartDate: '', mobileNumber: '1' }), TODAY))).toBe('mobileNumber');
  });
  it('prefills from the profile; the start date defaults to today', () => {
    const d = detailsFromProfile(
      { firstName: 'Asha', lastName: 'Rao', mailId: null, mobileNumber: '+919876543210', gender: 'female', dobInMillis: Date.UTC(1990, 0, 4, 18, 30) },
      null,
      TODAY,
    );
    expect(d).toEqual({ userName: 'Asha Rao', mailId: '', mobileNumber: '9876543210', gender: 'female', dob: '1990-01-05', passStartDate: TODAY });
    expect(detailsFromProfile(null, '9876500000', TODAY)).toMatchObject({ userName: '', mobileNumber: '9876500000' });
  });
});

describe('proof files (checked before upload)', () => {
  it('type: the photograph an image; an ID proof an image or a PDF', () => {
    expect(proofFileProblem({ type: 'application/pdf', size: 10 }, 'PHOTO')).toBe('upload.error.photoType');
    expect(proofFileProblem({ type: 'application/pdf', size: 10 }, 'STUDENT_ID')).toBeNull();
    expect(proofFileProblem({ type: 'image/webp', size: 10 }, 'PHOTO')).toBeNull();
    expect(proofFileProblem({ type: 'image/gif', size: 10 }, 'ID_PROOF')).toBe('upload.error.type');
    expect(proofFileProblem({ type: '', size: 10 }, 'ID_PROOF')).toBe('upload.error.type');
  });
  it('size: exactly 5,000,000 bytes passes, one more is refused, empty is refused', () => {
    expect(proofFileProblem({ type: 'image/png', size: 5_000_000 }, 'PHOTO')).toBeNull();
    expect(proofFileProblem({ type: 'image/png', size: 5_000_001 }, 'PHOTO')).toBe('upload.error.size');
    expect(proofFileProblem({ type: 'image/png', size: 0 }, 'PHOTO')).toBe('upload.error.empty');
  });
  it('complete with the photograph and one other proof; one of each kept', () => {
    const p = (kind: 'PHOTO' | 'STUDENT_ID' | 'AGE_PROOF', fileId: string) => ({ kind, fileId, name: fileId, sizeBytes: 1, contentType: 'image/png' });
    expect(proofsComplete([p('PHOTO', 'a')])).toBe(false);
    expect(proofsComplete([p('STUDENT_ID', 'a')])).toBe(false);
    let f: Flow = { ...EMPTY_FLOW, transactionId: 'tx' };
    f = withProof(f, p('PHOTO', 'a'));
    f = withProof(f, p('STUDENT_ID', 'b'));
    f = withProof(f, p('AGE_PROOF', 'c'));
    f = withProof(f, p('PHOTO', 'd'));
    expect(f.proofs.map((x) => x.fileId)).toEqual(['c', 'd']);
    expect(f.transactionId).toBeNull();
    expect(proofsComplete(f.proofs)).toBe(true);
  });
  it('suggests the proof by category; sizes in decimal units', () => {
    expect(suggestedIdKind('student')).toBe('STUDENT_ID');
    expect(suggestedIdKind('senior', 'Senior citizen')).toBe('AGE_PROOF');
    expect(suggestedIdKind('adult')).toBe('ID_PROOF');
    expect(formatSize(5_000_001)).toBe('5.0 MB');
    expect(formatSize(640_400)).toBe('640 KB');
    expect(formatSize(10)).toBe('1 KB');
  });
});

describe('flow state', () => {
  it('a new product starts over but keeps the typed details; the same product keeps its choices', () => {
    const typed: Flow = {
      ...EMPTY_FLOW,
      city: 'mumbai',
      configId: 'a',
      categoryId: 'adult',
      fmId: 'x',
      details: details(),
      bankOffer: 'HDFC',
      transactionId: 't',
    };
    expect(startFlow(typed, 'mumbai', 'b')).toEqual({ ...EMPTY_FLOW, city: 'mumbai', configId: 'b', details: details() });
    expect(startFlow(typed, 'mumbai', 'a')).toEqual({ ...typed, transactionId: null });
  });
  it('choosing a fare of another category drops its proofs; the bank offer stays', () => {
    const f: Flow = {
      ...EMPTY_FLOW,
      categoryId: 'student',
      proofs: [{ kind: 'PHOTO', fileId: 'a', name: 'a', sizeBytes: 1, contentType: 'image/png' }],
      bankOffer: 'HDFC',
    };
    expect(chooseFare(f, 'student', 'y', 'citywide').proofs).toHaveLength(1);
    expect(chooseFare(f, 'senior', 'z', 'citywide')).toMatchObject({ proofs: [], bankOffer: 'HDFC', fmId: 'z', subCatId: 'citywide' });
  });
  it('parseFlow survives anything sessionStorage may hold', () => {
    expect(parseFlow(null)).toEqual(EMPTY_FLOW);
    expect(parseFlow('x')).toEqual(EMPTY_FLOW);
    expect(parseFlow({ city: 5, proofs: [{ kind: 'PHOTO' }], details: { userName: 'A', evil: 1 }, digitalOffer: 'yes' })).toEqual({
      ...EMPTY_FLOW,
      details: { userName: 'A', mailId: '', mobileNumber: '', gender: '', dob: '', passStartDate: '' },
    });
    const round: Flow = {
      ...EMPTY_FLOW,
      city: 'mumbai',
      configId: 'c',
      details: details(),
      proofs: [{ kind: 'PHOTO', fileId: 'f', name: 'me.png', sizeBytes: 9, contentType: 'image/png' }],
    };
    expect(parseFlow(JSON.parse(JSON.stringify(round)))).toEqual(round);
  });
  it('after details: documents when proofs are needed, else confirm and pay', () => {
    expect(afterDetailsPath(true)).toBe('/productHooks/bus-pass-purchase/document');
    expect(afterDetailsPath(false)).toBe('/productHooks/bus-pass-purchase/confirm-details-and-pay');
  });
});

describe('buildOrderPayload (spec §3)', () => {
  const flow: Flow = {
    ...EMPTY_FLOW,
    city: 'mumbai',
    configId: 'mum-general',
    categoryId: 'adult',
    fmId: 'mum-gen-30',
    details: details({ mailId: ' a@b.in ', dob: '1990-01-05', gender: 'female' }),
  };
  it('is exactly the spec payload, valid under the shared schema; fare in ₹ from the catalogue', () => {
    const p = buildOrderPayload({ flow, fare: fare(), userId: 'u1', deviceId: 'dev1', proofRequired: false });
    expect(p).toEqual({
      appVer: '1001',
      city: 'mumbai',
      deviceId: 'dev1',
      source: 1,
      paymentProps: { lpVer: '1', paymentType: 'online' },
      proofs: [],
      userDetails: {
        mailId: 'a@b.in',
        mobileNumber: '9876543210',
        userName: 'Asha Rao',
        gender: 'female',
        dobInMillis: Date.UTC(1990, 0, 4, 18, 30),
        userId: 'u1',
      },
      passProps: { passStartDate: '2025-08-14', categoryId: 'adult', fmId: 'mum-gen-30', configurationId: 'mum-general', passFare: 1100 },
    });
    expect(passOrderPayloadSchema.safeParse(p).success).toBe(true);
  });
  it('proofs only when required (kind and fileId only); offers only without proofs, never both', () => {
    const proofs = [{ kind: 'PHOTO' as const, fileId: '8b0b3a4e-0f63-4a43-9d55-6c1f1a6c2b11', name: 'me.png', sizeBytes: 1, contentType: 'image/png' }];
    const withProofs = buildOrderPayload({ flow: { ...flow, proofs, bankOffer: 'HDFC' }, fare: fare(), userId: 'u1', deviceId: 'd', proofRequired: true });
    expect(withProofs.proofs).toEqual([{ kind: 'PHOTO', fileId: proofs[0].fileId }]);
    expect(withProofs.bankOffer).toBeUndefined();
    expect(
      buildOrderPayload({ flow: { ...flow, bankOffer: 'HDFC', digitalOffer: true }, fare: fare(), userId: 'u1', deviceId: 'd', proofRequired: false }),
    ).toMatchObject({ bankOffer: 'HDFC' });
    expect(
      buildOrderPayload({ flow: { ...flow, bankOffer: 'HDFC', digitalOffer: true }, fare: fare(), userId: 'u1', deviceId: 'd', proofRequired: false })
        .digitalOffer,
    ).toBeUndefined();
    expect(buildOrderPayload({ flow: { ...flow, digitalOffer: true }, fare: fare(), userId: 'u1', deviceId: 'd', proofRequired: false }).digitalOffer).toBe(
      true,
    );
  });
  it('an incomplete flow is a programming error', () => {
    expect(() => buildOrderPayload({ flow: { ...flow, details: null }, fare: fare(), userId: 'u', deviceId: 'd', proofRequired: false })).toThrow();
  });
});

describe('catalogue rules', () => {
  it('price from: the lowest active discounted fare; nothing on sale is null', () => {
    expect(fromPrice(product())).toBe(35000);
    expect(fromPrice(product({ fareMapping: { adult: [fare({ isActive: false })] } }))).toBeNull();
    // A cheaper fare of an inactive category, or of an inactive sub-category, is not "from".
    const withInactive = product({
      categories: [...product().categories, { id: 'student', name: 'Student', isActive: false, verification: true, isProofRequired: true }],
      fareMapping: { ...product().fareMapping, student: [fare({ fmId: 's', discountedFare: 30000, proofRequired: true })] },
    });
    expect(fromPrice(withInactive)).toBe(35000);
    expect(fromPrice(product({ subCategory: [{ id: 'citywide', name: '', infoNote: '', isActive: false }] }))).toBeNull();
    expect(fromPrice(product({ isActive: false }))).toBeNull();
  });
  it('availability: product, sub-category, category, fare — the first block wins', () => {
    const p = product();
    const c = p.categories[0];
    expect(blockOf(p, c, fare())).toBeNull();
    expect(blockOf(product({ isActive: false }), { ...c, isActive: false }, fare({ isActive: false }))).toBe('PRODUCT_INACTIVE');
    expect(blockOf(product({ subCategory: [{ id: 'citywide', name: '', infoNote: '', isActive: false }] }), { ...c, isActive: false }, fare())).toBe(
      'SUB_CATEGORY_INACTIVE',
    );
    expect(blockOf(p, { ...c, isActive: false }, fare({ isActive: false }))).toBe('CATEGORY_INACTIVE');
    expect(blockOf(p, c, fare({ isActive: false }))).toBe('FARE_INACTIVE');
  });
  it('spec §9 landing notes: Smart Saver city-wide except airports, route saver on its route, corporate city-wide', () => {
    expect(validityNoteId({ id: 'mum-smart-saver', name: 'Smart Saver' }, { id: 'citywide', name: 'City-wide plan' })).toBe('note.smartSaver');
    expect(validityNoteId({ id: 'mum-smart-saver', name: 'Smart Saver' }, { id: 'route', name: 'Route saver plan' })).toBe('note.routeSaver');
    expect(validityNoteId({ id: 'mum-corporate', name: 'Corporate offer' })).toBe('note.corporate');
    expect(validityNoteId({ id: 'mum-general', name: 'General pass' }, { id: 'citywide', name: 'City-wide' })).toBeNull();
  });
});

describe('server answers in words', () => {
  it('every availability and offer code has its own message and a way forward where there is one', () => {
    for (const code of [
      'PRODUCT_INACTIVE',
      'SUB_CATEGORY_INACTIVE',
      'CATEGORY_INACTIVE',
      'FARE_INACTIVE',
      'FARE_CHANGED',
      'START_DATE_IN_PAST',
      'DIGITAL_OFFER_ALREADY_AVAILED',
      'DIGITAL_OFFER_NOT_ALLOWED',
    ])
      expect(errorMessageId(code)).toBe(`error.${code}`);
    expect(errorMessageId('SOMETHING_ELSE')).toBeNull();
    expect(errorAction('FARE_CHANGED', 'mum-general')).toEqual({
      labelId: 'action.chooseAgain',
      path: '/productHooks/bus-pass-purchase/sub-category-selection/mum-general',
    });
    expect(errorAction('START_DATE_IN_PAST', null)?.path).toBe('/productHooks/bus-pass-purchase/personal-details');
    expect(errorAction('PRODUCT_INACTIVE', 'x')?.path).toBe('/productHooks');
    expect(errorAction('DIGITAL_OFFER_ALREADY_AVAILED', 'x')).toBeNull();
  });

  it('every code the passes service refuses an order with has its own words (read from the API, so a new one cannot go unmapped), and a way forward where there is one', () => {
    const root = join(__dirname, '../../../..');
    const source = readFileSync(join(root, 'api/src/modules/passes/service.ts'), 'utf8');
    const apiCodes = [...new Set([...source.matchAll(/ApiError\(\s*\d+,\s*'([A-Z_]+)'/g)].map((m) => m[1]))];
    expect(apiCodes).toEqual(expect.arrayContaining(['ORDER_FROZEN', 'ORDER_NOT_PAYABLE', 'CATEGORY_NOT_FOUND', 'FARE_NOT_FOUND', 'CITY_NOT_FOUND']));
    // codes a rider cannot cause from these screens, answered by the general words: a hand-made request (another
    // rider's id, renewing through the order call), the operator's review (a rejection's reason), and reclaiming an
    // order, which no rider screen offers
    const general = new Set([
      'VALIDATION_FAILED',
      'USER_MISMATCH',
      'USE_RENEW',
      'REASON_REQUIRED',
      'ORDER_NOT_PAID',
      'PASS_ALREADY_ISSUED',
      'RECLAIM_WINDOW_PASSED',
    ]);
    for (const code of apiCodes.filter((c) => !general.has(c))) expect([code, errorMessageId(code)]).toEqual([code, `error.${code}`]);
    expect(errorAction('FARE_NOT_FOUND', 'mum-general')?.labelId).toBe('action.chooseAgain');
    expect(errorAction('CATEGORY_NOT_FOUND', 'mum-general')?.labelId).toBe('action.chooseAgain');
    expect(errorAction('ORDER_FROZEN', null)).toEqual({ labelId: 'action.otherPasses', path: '/productHooks' });
    expect(errorAction('ORDER_NOT_PAYABLE', null)?.path).toBe('/productHooks');
    expect(errorAction('CITY_NOT_FOUND', null)).toEqual({ labelId: 'action.changeCity', path: '/change-city' });
  });

  it('a failed proof upload: each code the upload route answers has its words; others by kind; the rest the general words', () => {
    // The upload route's own codes, read from the API's source so a new one cannot go unmapped.
    const root = join(__dirname, '../../../..');
    const source = ['api/src/modules/passes/routes.ts', 'api/src/modules/files/service.ts'].map((f) => readFileSync(join(root, f), 'utf8')).join('\n');
    const apiCodes = [...source.matchAll(/ApiError\(\s*\d+,\s*'([A-Z_]+)'/g)].map((m) => m[1]);
    expect(apiCodes).toEqual(expect.arrayContaining(['FILE_TOO_LARGE', 'UNSUPPORTED_FILE_TYPE', 'UPLOAD_QUOTA_REACHED', 'BAD_UPLOAD']));
    for (const code of apiCodes.filter((c) => c !== 'FILE_NOT_FOUND' && c !== 'FILE_LINK_EXPIRED' && c !== 'FILE_LINK_INVALID'))
      expect([code, UPLOAD_ERROR_IDS[code]]).toEqual([code, expect.any(String)]);
    for (const [code, id] of Object.entries(UPLOAD_ERROR_IDS)) expect(uploadErrorId({ status: 400, code })).toBe(id);
    expect(uploadErrorId({ status: 0, code: 'NETWORK_ERROR' })).toBe('error.NETWORK_ERROR');
    expect(uploadErrorId({ status: 401, code: 'TOKEN_EXPIRED' })).toBe('upload.error.signIn');
    expect(uploadErrorId({ status: 502, code: 'HTTP_502' })).toBe('upload.error.busy');
    expect(uploadErrorId({ status: 500, code: 'INTERNAL' })).toBe('upload.error.unknown');
    expect(uploadErrorId({ status: 418, code: 'SOMETHING_NEW' })).toBe('upload.error.unknown');
    expect(uploadErrorId({ status: 404, code: 'NOT_FOUND' })).toBe('upload.error.unknown');
    expect(errorMessageId('OFFER_NOT_APPLICABLE')).toBe('error.OFFER_NOT_APPLICABLE');
    expect(errorMessageId('OFFER_NOT_FOUND')).toBe('error.OFFER_NOT_FOUND');
  });
});

describe('status labels (spec §4) and renewal', () => {
  const start = Date.UTC(2025, 7, 13, 18, 30);
  const expiry = start + 30 * 86_400_000;
  it('words for statuses, then starts from / valid till / expired on', () => {
    expect(passLabel({ status: 'REJECTED', startTime: start, expiryTime: expiry }, start)).toEqual({ id: 'label.verificationRejected' });
    expect(passLabel({ status: 'SUCCESS', startTime: start, expiryTime: expiry }, start - 1)).toEqual({ id: 'label.startsFrom', date: start });
    expect(passLabel({ status: 'SUCCESS', startTime: start, expiryTime: expiry }, start)).toEqual({ id: 'label.validTill', date: expiry - 1, withTime: true });
    // the same last day as the wallet shows: the end date is the last valid minute, not the exclusive midnight
    expect(passLabel({ status: 'SUCCESS', startTime: start, expiryTime: expiry }, expiry - 59_000)).toEqual({ id: 'label.expiredOn', date: expiry - 1 });
  });
  it('a renewal starts when the pass ends, or today when it already ended', () => {
    expect(renewalStart({ expiryTime: expiry }, '2025-08-20')).toBe('2025-09-13');
    expect(renewalStart({ expiryTime: expiry }, '2025-10-01')).toBe('2025-10-01');
  });
});

describe('catalogue texts in the rider’s language', () => {
  it('translates every text a rider reads and keeps ids, amounts and untranslated texts', () => {
    const p = {
      ...product(),
      translations: { ml: { 'General pass': 'ജനറൽ പാസ്', Adult: 'മുതിർന്നവർ', Monthly: 'പ്രതിമാസം', 'Unlimited rides': 'പരിധിയില്ലാത്ത യാത്രകൾ' } },
    } as Product;
    const ml = localiseProduct(p, 'ml');
    expect(ml.name).toBe('ജനറൽ പാസ്');
    expect(ml.fareMapping.adult[1].displayName).toBe('പ്രതിമാസം');
    expect(ml.id).toBe(p.id);
    expect(ml.categories.map((c) => c.id)).toEqual(p.categories.map((c) => c.id));
    expect(JSON.stringify({ ...ml, translations: null })).not.toContain('"Adult"');
    expect(localiseProduct(p, 'en')).toBe(p);
    expect(localiseProduct(p, 'hi')).toBe(p); // no Hindi: English as it is
  });
  it('a pass the rider holds reads its category and features in the rider’s language too (not "Student पास")', () => {
    const student = { id: 'student', name: 'Student', isActive: true, verification: true, isProofRequired: true };
    const p = {
      ...product({ categories: [...product().categories, student] }),
      translations: { hi: { Adult: 'वयस्क', Student: 'छात्र', 'Unlimited rides': 'असीमित यात्राएँ' } },
    } as Product;
    const held = { categoryId: 'student', categoryName: 'Student', specialFeatures: ['Unlimited rides', 'Other'], conditions: ['Not transferable.'] };
    expect(localisePass(held, p, 'hi')).toEqual({ ...held, categoryName: 'छात्र', specialFeatures: ['असीमित यात्राएँ', 'Other'] });
    // the product already in the rider's language (loadCatalogue): its category of that id names it
    expect(localisePass({ ...held, categoryName: 'Students' }, localiseProduct(p, 'hi'), 'hi').categoryName).toBe('छात्र');
    expect(localisePass(held, p, 'en')).toBe(held);
    expect(localisePass(held, null, 'hi')).toBe(held); // no catalogue: English as it is
  });
});

describe('one status rule for an order waiting on its documents (verificationState, verificationPage)', () => {
  const o = (status: string, submittedForVerification = true) => ({ status, submittedForVerification });
  it('every status of an order is one state', () => {
    expect(verificationState(o('UNVERIFIED'))).toBe('beingChecked');
    expect(verificationState(o('UNVERIFIED', false))).toBe('notSubmitted');
    expect(verificationState(o('REJECTED'))).toBe('rejected');
    expect(verificationState(o('VERIFIED'))).toBe('approved');
    for (const s of ['PENDING', 'PAYMENT_PROCESSING', 'PAYMENT_FAILED']) expect(verificationState(o(s))).toBe('approved');
    expect(verificationState(o('SUCCESS'))).toBe('bought');
    for (const s of ['CANCELLED', 'REFUNDED', 'SOMETHING_NEW']) expect(verificationState(o(s))).toBe('closed');
  });
  it('the page after submitting thanks and says "Submitted" only while the documents are being checked', () => {
    expect(verificationPage('beingChecked')).toEqual({ headingId: 'submitted.heading', thanks: true });
    expect(verificationPage('rejected')).toEqual({ headingId: 'verification.heading.rejected', thanks: false });
    expect(verificationPage('approved')).toEqual({ headingId: 'verification.heading.approved', thanks: false });
    // not known yet, not submitted or bought already: the neutral heading, no thanks
    for (const s of [null, 'notSubmitted', 'bought'] as const) expect(verificationPage(s)).toEqual({ headingId: 'pending.heading', thanks: false });
  });
});
