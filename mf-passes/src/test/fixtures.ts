// Answers of the passes API for the component tests (and the model tests), typed by the contracts.
import type { PassOrder } from '@sawari/contracts';
import { ApiRequestError } from '@sawari/runtime';
import { cityDate, EMPTY_FLOW, type Catalogue, type Details, type Fare, type Flow, type MyPass, type Product } from '../features/common/model';

export const fare = (over: Partial<Fare> = {}): Fare => ({
  fmId: 'gen-30',
  fare: 120_000,
  discountedFare: 110_000,
  durationId: 'D30',
  numOfDays: 30,
  desc: '30 days',
  subCatId: 'citywide',
  displayName: 'Monthly',
  specialFeatures: ['Unlimited rides'],
  isActive: true,
  proofRequired: false,
  ...over,
});

export const product = (over: Partial<Product> = {}): Product => ({
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
  landingMessage: 'Ride any bus in the city.',
  terms: ['Not transferable.'],
  categories: [
    { id: 'adult', name: 'Adult', isActive: true, verification: false, isProofRequired: false },
    { id: 'student', name: 'Student', isActive: true, verification: true, isProofRequired: true },
  ],
  subCategory: [
    { id: 'citywide', name: 'City-wide', infoNote: 'Every route', isActive: true },
    { id: 'route', name: 'One route', infoNote: '', isActive: true },
  ],
  fareMapping: {
    adult: [fare({ fmId: 'gen-7', numOfDays: 7, displayName: 'Weekly', fare: 35_000, discountedFare: 35_000, desc: '7 days' }), fare()],
    student: [fare({ fmId: 'stu-30', displayName: 'Student monthly', fare: 60_000, discountedFare: 55_000, proofRequired: true })],
  },
  bankOffers: [],
  ...over,
});

export const catalogue = (products: Product[] = [product()]): Catalogue => ({ city: 'mumbai', products }) as Catalogue;

export const today = () => cityDate(Date.now());

export const details = (over: Partial<Details> = {}): Details => ({
  userName: 'Asha Rao',
  mailId: '',
  mobileNumber: '9876543210',
  gender: '',
  dob: '',
  passStartDate: today(),
  ...over,
});

/** A flow with the product, plan, category and fare chosen (and details when given). */
export const chosenFlow = (over: Partial<Flow> = {}): Flow => ({
  ...EMPTY_FLOW,
  city: 'mumbai',
  configId: 'mum-general',
  subCatId: 'citywide',
  categoryId: 'adult',
  fmId: 'gen-30',
  ...over,
});

export function order(over: Partial<PassOrder> = {}): PassOrder {
  return {
    transactionId: 'PASS-1',
    city: 'mumbai',
    configurationId: 'mum-general',
    categoryId: 'adult',
    fmId: 'gen-30',
    passStartDate: today(),
    status: 'PENDING',
    verificationStatus: null,
    submittedForVerification: false,
    rejectionReason: null,
    isRenew: false,
    proofRequired: false,
    payableAmount: 110_000,
    passId: null,
    fareInfo: {
      actualFare: 120_000,
      discountedFare: 110_000,
      fareBreakup: [
        { name: 'Pass price', value: 120_000 },
        { name: 'Discount', value: -10_000 },
      ],
      payableAmount: 110_000,
    },
    freeWith: null,
    ...over,
  };
}

export function pass(over: Partial<MyPass> = {}): MyPass {
  const start = Date.now() - 86_400_000;
  return {
    passId: 'P-1',
    transactionId: 'PASS-1',
    city: 'mumbai',
    configurationId: 'mum-general',
    categoryName: 'Adult',
    numOfDays: 30,
    status: 'ACTIVE',
    startTime: start,
    expiryTime: start + 30 * 86_400_000,
    isRenewable: true,
    specialFeatures: [],
    ...over,
  } as unknown as MyPass;
}

export const refused = (status: number, code: string) => new ApiRequestError(status, code, `developer text for ${code}`);
export const offline = () => new ApiRequestError(0, 'NETWORK_ERROR', 'Failed to fetch');
