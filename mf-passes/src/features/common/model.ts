// Pure rules of the pass purchase screens (tested in model.test.ts): the catalogue's shapes, the flow's steps, the
// personal-details form (spec §5), the proof files checked before upload, the spec §3 order payload, the rider-facing
// message for each server code, status labels and the spec §9 landing notes. No React, no I/O, no wall clock.
import type {
  MyPass as MyPassRecord,
  PassCatalogue,
  PassOrder,
  PassCategory,
  PassFare,
  PassOrderPayload,
  PassProduct,
  PassSubCategory,
} from '@sawari/contracts';
import { APP_VERSION } from '@sawari/runtime/src/app-version';
import {
  addCityDays,
  cityDate,
  cityMidnight,
  isFileTooLarge,
  isValidEmail,
  isValidIndianMobile,
  lastValidInstant,
  passValidityState,
  productStatus,
} from '@sawari/domain';
import { riderErrorKind, type ErrorLike } from '@sawari/ui/src/rider-errors';

// ---- catalogue (GET /api/passes/v3/cities/:city/products; amounts in paise) ----
// The server's response schemas (@sawari/contracts passes.ts) are the one source of these shapes.
export type Fare = PassFare;
export type Category = PassCategory;
export type SubCategory = PassSubCategory;
export type Product = PassProduct;

/**
 * The product with every text a rider reads in `lang`: name, landing message, terms, categories,
 * plans and their notes, fare names, descriptions and features, from the product's own `translations`; a text with no
 * translation stays English. Ids, amounts and flags are untouched (orders are made from ids).
 */
export function localiseProduct(p: Product, lang: string): Product {
  const dict = p.translations?.[lang];
  if (!dict) return p;
  const tr = (text: string) => dict[text] ?? text;
  return {
    ...p,
    name: tr(p.name),
    landingMessage: p.landingMessage == null ? null : tr(p.landingMessage),
    terms: p.terms.map(tr),
    categories: p.categories.map((c) => ({ ...c, name: tr(c.name) })),
    subCategory: p.subCategory.map((s) => ({ ...s, name: tr(s.name), infoNote: tr(s.infoNote) })),
    fareMapping: Object.fromEntries(
      Object.entries(p.fareMapping).map(([k, fares]) => [
        k,
        fares.map((f) => ({ ...f, displayName: tr(f.displayName), desc: tr(f.desc), specialFeatures: f.specialFeatures.map(tr) })),
      ]),
    ),
  };
}
export type Catalogue = PassCatalogue;

/**
 * A pass the rider holds, with the catalogue's texts it carries (its category's name, its features and conditions) in
 * `lang`, as its product reads them (localiseProduct): the product's translations, else its category of that id (a
 * product already localised), else the server's English. Everything else is untouched.
 */
export function localisePass<P extends Pick<MyPassRecord, 'categoryId' | 'categoryName' | 'specialFeatures' | 'conditions'>>(
  pass: P,
  product: Product | null | undefined,
  lang: string,
): P {
  if (!product || lang === 'en') return pass;
  const dict = product.translations?.[lang] ?? {};
  const tr = (text: string) => dict[text] ?? text;
  const category = product.categories.find((c) => c.id === pass.categoryId);
  const categoryName = dict[pass.categoryName] ?? category?.name ?? pass.categoryName;
  return {
    ...pass,
    categoryName,
    ...(pass.specialFeatures ? { specialFeatures: pass.specialFeatures.map(tr) } : {}),
    ...(pass.conditions ? { conditions: pass.conditions.map(tr) } : {}),
  };
}

/** A pass of GET /api/passes/mine (the record of spec §3 with the server's label). */
export type MyPass = MyPassRecord;

/** The fares a rider can buy now: product, sub-category, category and fare all on sale (spec §4). */
export const purchasableFares = (p: Product): Fare[] =>
  faresOf(p)
    .filter(({ category, fare }) => !blockOf(p, category, fare))
    .map(({ fare }) => fare);

/** The lowest price a product is sold at (for "from ₹…"), over purchasable fares; null when nothing is on sale. */
export function fromPrice(p: Product): number | null {
  const prices = purchasableFares(p).map((f) => f.discountedFare);
  return prices.length ? Math.min(...prices) : null;
}

/** Every fare of a product with its category, in catalogue order. */
export function faresOf(p: Product, subCatId?: string | null): { category: Category; fare: Fare }[] {
  return p.categories.flatMap((category) =>
    (p.fareMapping[category.id] ?? []).filter((f) => !subCatId || f.subCatId === subCatId).map((fare) => ({ category, fare })),
  );
}

/** Spec §4 availability as the rider meets it: the first block of product, sub-category, category or fare. */
export function blockOf(p: Product, category?: Category | null, fare?: Fare | null): AvailabilityCode | null {
  if (!p.isActive) return 'PRODUCT_INACTIVE';
  const sub = fare ? p.subCategory.find((s) => s.id === fare.subCatId) : null;
  if (sub && !sub.isActive) return 'SUB_CATEGORY_INACTIVE';
  if (category && !category.isActive) return 'CATEGORY_INACTIVE';
  if (fare && !fare.isActive) return 'FARE_INACTIVE';
  return null;
}
export type AvailabilityCode = 'PRODUCT_INACTIVE' | 'SUB_CATEGORY_INACTIVE' | 'CATEGORY_INACTIVE' | 'FARE_INACTIVE';

/** Spec §9 landing notes: where a plan is valid (message id), from the product and sub-category names. */
export function validityNoteId(p: Pick<Product, 'id' | 'name'>, sub?: Pick<SubCategory, 'id' | 'name'> | null): string | null {
  const subText = `${sub?.id ?? ''} ${sub?.name ?? ''}`;
  const text = `${p.id} ${p.name}`;
  if (/route/i.test(subText)) return 'note.routeSaver';
  if (/smart.?saver/i.test(text)) return 'note.smartSaver';
  if (/corporate/i.test(text)) return 'note.corporate';
  return null;
}

// ---- dates in city time ----
/** The city's calendar date (YYYY-MM-DD) at an instant, and the midnight of one (null for a date that does not
 *  exist, 2025-02-30): shared/domain city-time. */
export { cityDate, cityMidnight };
/** A city date plus `days` days (the date itself when it does not exist). */
export const addDays = (date: string, days: number): string => addCityDays(date, days) ?? date;

// ---- personal details (spec §5) ----
export type Details = { userName: string; mailId: string; mobileNumber: string; gender: string; dob: string; passStartDate: string };
export type DetailsField = keyof Details;
export type DetailErrors = Partial<Record<DetailsField, string>>;
export const DETAIL_FIELDS: readonly DetailsField[] = ['userName', 'mobileNumber', 'mailId', 'gender', 'dob', 'passStartDate'];
export const EMPTY_DETAILS: Details = { userName: '', mailId: '', mobileNumber: '', gender: '', dob: '', passStartDate: '' };
/** How far ahead a pass may start. */
export const MAX_START_AHEAD_DAYS = 30;
/** The pass-order payload's name rule (shared/contracts): letters A-Z and spaces, up to 80. */
export const isPassName = (v: string): boolean => {
  const name = v.trim().replace(/\s+/g, ' ');
  return /^[A-Za-z]+( [A-Za-z]+)*$/.test(name) && name.length <= 80;
};

/** Field → message id. `today` is the city date on the server's clock. */
export function validateDetails(d: Details, today: string): DetailErrors {
  const e: DetailErrors = {};
  if (!d.userName.trim()) e.userName = 'details.error.nameRequired';
  else if (!isPassName(d.userName)) e.userName = 'details.error.name';
  if (!isValidIndianMobile(d.mobileNumber)) e.mobileNumber = 'details.error.mobile';
  if (d.mailId.trim() && !isValidEmail(d.mailId.trim())) e.mailId = 'details.error.email';
  if (d.dob) {
    if (cityMidnight(d.dob) === null || d.dob < '1900-01-01') e.dob = 'details.error.dobInvalid';
    else if (d.dob > today) e.dob = 'details.error.dobFuture';
  }
  if (!d.passStartDate) e.passStartDate = 'details.error.startRequired';
  else if (cityMidnight(d.passStartDate) === null) e.passStartDate = 'details.error.startInvalid';
  else if (d.passStartDate < today) e.passStartDate = 'details.error.startPast';
  else if (d.passStartDate > addDays(today, MAX_START_AHEAD_DAYS)) e.passStartDate = 'details.error.startFar';
  return e;
}
export const firstDetailError = (e: DetailErrors): DetailsField | undefined => DETAIL_FIELDS.find((f) => e[f]);

/** The profile (spec §3 User profile) as a first draft of the form; the start date defaults to today. */
export function detailsFromProfile(
  p: { firstName: string; lastName: string; mailId: string | null; mobileNumber: string; gender: string | null; dobInMillis: number | null } | null,
  phone: string | null,
  today: string,
): Details {
  return {
    userName: p ? `${p.firstName} ${p.lastName}`.trim().replace(/\s+/g, ' ') : '',
    mailId: p?.mailId ?? '',
    mobileNumber: (p?.mobileNumber || phone || '').replace(/\D/g, '').slice(-10),
    gender: p?.gender ?? '',
    dob: p?.dobInMillis == null ? '' : cityDate(p.dobInMillis),
    passStartDate: today,
  };
}

// ---- proofs ----
export type ProofKind = 'PHOTO' | 'ID_PROOF' | 'ADDRESS_PROOF' | 'AGE_PROOF' | 'STUDENT_ID';
export const ID_PROOF_KINDS: readonly ProofKind[] = ['STUDENT_ID', 'AGE_PROOF', 'ID_PROOF', 'ADDRESS_PROOF'];
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PROOF_TYPES = [...IMAGE_TYPES, 'application/pdf'] as const;
/** An uploaded proof: only what the server answered and what the rider recognises it by (never the contents). */
export interface UploadedProof {
  kind: ProofKind;
  fileId: string;
  name: string;
  sizeBytes: number;
  contentType: string;
}

/** Checked before anything is sent: type (the photograph an image; other proofs an image or a PDF) and size. */
export function proofFileProblem(file: { type: string; size: number }, kind: ProofKind): string | null {
  const allowed: readonly string[] = kind === 'PHOTO' ? IMAGE_TYPES : PROOF_TYPES;
  if (!allowed.includes(file.type)) return kind === 'PHOTO' ? 'upload.error.photoType' : 'upload.error.type';
  if (file.size === 0) return 'upload.error.empty';
  if (isFileTooLarge(file.size)) return 'upload.error.size';
  return null;
}

/** The photograph and at least one other proof. */
export const proofsComplete = (proofs: readonly Pick<UploadedProof, 'kind'>[]): boolean =>
  proofs.some((p) => p.kind === 'PHOTO') && proofs.some((p) => p.kind !== 'PHOTO');

/** Which proof the category asks for first (a student ID for students, an age proof for senior citizens). */
export function suggestedIdKind(categoryId: string | null, categoryName = ''): ProofKind {
  const t = `${categoryId ?? ''} ${categoryName}`;
  if (/student/i.test(t)) return 'STUDENT_ID';
  if (/senior|age/i.test(t)) return 'AGE_PROOF';
  return 'ID_PROOF';
}

/** "1.2 MB" / "640 KB" (1,000,000 bytes per MB, as the limit is counted). */
export function formatSize(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}

// ---- the flow ----
export interface Flow {
  city: string | null;
  configId: string | null;
  subCatId: string | null;
  categoryId: string | null;
  fmId: string | null;
  details: Details | null;
  proofs: UploadedProof[];
  bankOffer: string | null;
  digitalOffer: boolean;
  /** The order made from this flow (so a reload or a Back does not lose it). */
  transactionId: string | null;
}
export const EMPTY_FLOW: Flow = {
  city: null,
  configId: null,
  subCatId: null,
  categoryId: null,
  fmId: null,
  details: null,
  proofs: [],
  bankOffer: null,
  digitalOffer: false,
  transactionId: null,
};

/** Choosing a product (or another city) starts over; choosing again within the same product keeps the details. */
export function startFlow(prev: Flow, city: string, configId: string): Flow {
  if (prev.city === city && prev.configId === configId) return { ...prev, transactionId: null };
  return { ...EMPTY_FLOW, city, configId, details: prev.details };
}
/** A fare chosen: new proofs only when the category changed; a bank offer chosen from an offers link stays. */
export function chooseFare(prev: Flow, categoryId: string, fmId: string, subCatId: string | null): Flow {
  return { ...prev, categoryId, fmId, subCatId, transactionId: null, proofs: prev.categoryId === categoryId ? prev.proofs : [], digitalOffer: false };
}
/** One photograph and one ID proof: a new photograph replaces the photograph, a new ID proof (any kind) the ID proof. */
export function withProof(prev: Flow, proof: UploadedProof): Flow {
  const isPhoto = proof.kind === 'PHOTO';
  return { ...prev, transactionId: null, proofs: [...prev.proofs.filter((p) => (p.kind === 'PHOTO') !== isPhoto), proof] };
}

/** Reads a stored flow back (sessionStorage may hold anything): a malformed one is the empty flow. */
export function parseFlow(raw: unknown): Flow {
  if (!raw || typeof raw !== 'object') return EMPTY_FLOW;
  const f = raw as Partial<Flow>;
  const str = (v: unknown) => (typeof v === 'string' && v.length <= 200 ? v : null);
  const details =
    f.details && typeof f.details === 'object'
      ? (Object.fromEntries(
          DETAIL_FIELDS.map((k) => [k, typeof (f.details as Details)[k] === 'string' ? (f.details as Details)[k].slice(0, 200) : '']),
        ) as Details)
      : null;
  const proofs = Array.isArray(f.proofs)
    ? f.proofs
        .filter(
          (p): p is UploadedProof =>
            !!p &&
            typeof p.fileId === 'string' &&
            typeof p.kind === 'string' &&
            typeof p.name === 'string' &&
            typeof p.sizeBytes === 'number' &&
            typeof p.contentType === 'string',
        )
        .slice(0, 6)
    : [];
  return {
    city: str(f.city),
    configId: str(f.configId),
    subCatId: str(f.subCatId),
    categoryId: str(f.categoryId),
    fmId: str(f.fmId),
    details,
    proofs,
    bankOffer: str(f.bankOffer),
    digitalOffer: f.digitalOffer === true,
    transactionId: str(f.transactionId),
  };
}

/** Where the flow goes after personal details: documents when the fare needs proofs, else confirm and pay. */
export const afterDetailsPath = (proofRequired: boolean): string =>
  proofRequired ? '/productHooks/bus-pass-purchase/document' : '/productHooks/bus-pass-purchase/confirm-details-and-pay';

// ---- the order payload (spec §3) ----
export const LP_VERSION = '1';

/** Exactly the spec §3 pass-order payload (plus the optional offer fields the server knows). passFare in ₹. */
export function buildOrderPayload(a: { flow: Flow; fare: Fare; userId: string; deviceId: string; proofRequired: boolean }): PassOrderPayload {
  const { flow, fare } = a;
  const d = flow.details;
  if (!flow.city || !flow.configId || !flow.categoryId || !d) throw new Error('The flow is not complete');
  const dob = d.dob ? cityMidnight(d.dob) : null;
  const payload: PassOrderPayload = {
    appVer: APP_VERSION,
    city: flow.city,
    deviceId: a.deviceId,
    source: 1,
    paymentProps: { lpVer: LP_VERSION, paymentType: 'online' },
    proofs: a.proofRequired ? flow.proofs.map((p) => ({ kind: p.kind, fileId: p.fileId })) : [],
    userDetails: {
      mailId: d.mailId.trim() || null,
      mobileNumber: d.mobileNumber,
      userName: d.userName.trim().replace(/\s+/g, ' '),
      gender: d.gender || null,
      dobInMillis: dob,
      userId: a.userId,
    },
    passProps: {
      passStartDate: d.passStartDate,
      categoryId: flow.categoryId,
      fmId: fare.fmId,
      configurationId: flow.configId,
      passFare: fare.discountedFare / 100,
    },
  };
  if (!a.proofRequired && flow.bankOffer) payload.bankOffer = flow.bankOffer;
  if (!a.proofRequired && flow.digitalOffer && !flow.bankOffer) payload.digitalOffer = true;
  return payload;
}

// ---- server answers in words ----
// The API's `message` is written for developers and is never shown: each code the rider can meet has words here, and
// any other code gets the rider's words of its kind (shared/ui rider-errors: offline, sign in, busy, …).

/**
 * Every code POST /api/passes/proofs answers (passes routes: the multipart checks and the type sniff; the files
 * module's upload quota; the framework's body limit), as the message id of the rider's words. NETWORK_ERROR is the
 * app's own (no answer at all).
 */
export const UPLOAD_ERROR_IDS: Readonly<Record<string, string>> = {
  FILE_TOO_LARGE: 'error.FILE_TOO_LARGE',
  PAYLOAD_TOO_LARGE: 'error.FILE_TOO_LARGE',
  UNSUPPORTED_FILE_TYPE: 'error.UNSUPPORTED_FILE_TYPE',
  UPLOAD_QUOTA_REACHED: 'error.UPLOAD_QUOTA_REACHED',
  FILE_MISSING: 'upload.error.unreadable',
  BAD_UPLOAD: 'upload.error.unreadable',
  UNSUPPORTED_MEDIA_TYPE: 'upload.error.unreadable',
  NETWORK_ERROR: 'error.NETWORK_ERROR',
};

/**
 * The rider's words (message id) for a failed proof upload: the upload's own codes, else by the kind of error
 * (riderErrorKind: a session that ended, the server busy, no connection); anything else, an unknown code or a server
 * fault, says the file was not sent, to try again and to contact support if it keeps failing. Never the server's text.
 */
export function uploadErrorId(error: ErrorLike): string {
  const known = error?.code ? UPLOAD_ERROR_IDS[error.code] : undefined;
  if (known) return known;
  switch (riderErrorKind(error)) {
    case 'offline':
      return 'error.NETWORK_ERROR';
    case 'signIn':
      return 'upload.error.signIn';
    case 'busy':
      return 'upload.error.busy';
    default:
      return 'upload.error.unknown';
  }
}

/** Codes this remote explains itself (message id `error.<CODE>`); any other code gets the rider's words of its kind
 *  (shared/ui riderError, in ProblemPanel), never the server's message. */
export const KNOWN_ERRORS = [
  'PRODUCT_INACTIVE',
  'SUB_CATEGORY_INACTIVE',
  'CATEGORY_INACTIVE',
  'FARE_INACTIVE',
  'FARE_CHANGED',
  'START_DATE_IN_PAST',
  'DIGITAL_OFFER_ALREADY_AVAILED',
  'DIGITAL_OFFER_NOT_ALLOWED',
  'OFFERS_NOT_COMBINABLE',
  'BANK_OFFER_NOT_APPLICABLE',
  'OFFER_NOT_APPLICABLE',
  'OFFER_NOT_FOUND',
  'PASSES_NOT_ENABLED',
  'PRODUCT_NOT_FOUND',
  'PROOF_REQUIRED',
  'PHOTO_REQUIRED',
  'PROOF_NOT_FOUND',
  'FILE_TOO_LARGE',
  'UNSUPPORTED_FILE_TYPE',
  'NOT_RENEWABLE',
  'ILLEGAL_TRANSITION',
  'ORDER_NOT_FOUND',
  'PASS_NOT_FOUND',
  'ORDER_FROZEN',
  'ORDER_NOT_PAYABLE',
  'CATEGORY_NOT_FOUND',
  'FARE_NOT_FOUND',
  'CITY_NOT_FOUND',
  'NETWORK_ERROR',
] as const;
export const errorMessageId = (code: string | undefined): string | null =>
  code && (KNOWN_ERRORS as readonly string[]).includes(code) ? `error.${code}` : null;

/** The way forward after a refused order: where the rider goes to fix it. */
export function errorAction(code: string | undefined, configId: string | null): { labelId: string; path: string } | null {
  switch (code) {
    case 'FARE_CHANGED':
    case 'FARE_INACTIVE':
    case 'CATEGORY_INACTIVE':
    case 'SUB_CATEGORY_INACTIVE':
    case 'CATEGORY_NOT_FOUND':
    case 'FARE_NOT_FOUND':
      return configId
        ? { labelId: 'action.chooseAgain', path: `/productHooks/bus-pass-purchase/sub-category-selection/${encodeURIComponent(configId)}` }
        : null;
    case 'PRODUCT_INACTIVE':
    case 'PRODUCT_NOT_FOUND':
    case 'ORDER_FROZEN':
    case 'ORDER_NOT_PAYABLE':
      return { labelId: 'action.otherPasses', path: '/productHooks' };
    case 'CITY_NOT_FOUND':
      return { labelId: 'action.changeCity', path: '/change-city' };
    case 'START_DATE_IN_PAST':
      return { labelId: 'action.changeDate', path: '/productHooks/bus-pass-purchase/personal-details' };
    case 'PROOF_REQUIRED':
    case 'PHOTO_REQUIRED':
    case 'PROOF_NOT_FOUND':
      return { labelId: 'action.uploadAgain', path: '/productHooks/bus-pass-purchase/upload-documents' };
    default:
      return null;
  }
}

/**
 * Spec §4 status label as message id + the instant to show (the server's statusLabel is English; this one is
 * translated). Validity by shared/domain's one rule: valid for the whole start day (passValidityState), and the date
 * shown for the end is the last valid minute (lastValidInstant: "Valid until 22 Dec, 11:59 PM"; `withTime`).
 */
export function passLabel(p: Pick<MyPass, 'status' | 'startTime' | 'expiryTime'>, now: number): { id: string; date?: number; withTime?: boolean } {
  const words: Record<string, string> = {
    USER_CANCELLED: 'label.cancelled',
    SYSTEM_CANCELLED: 'label.cancelled',
    CANCELLED: 'label.cancelled',
    RESCHEDULED: 'label.rescheduled',
    FAILED: 'label.failed',
    PAYMENT_FAILED: 'label.failed',
    UNVERIFIED: 'label.verificationPending',
    REJECTED: 'label.verificationRejected',
    VERIFIED: 'label.pending',
    PENDING: 'label.pending',
    PAYMENT_PROCESSING: 'label.pending',
  };
  if (words[p.status]) return { id: words[p.status] };
  const state = p.status === 'EXPIRED' ? 'expired' : passValidityState(p, now);
  if (state === 'notYetValid') return { id: 'label.startsFrom', date: p.startTime };
  if (state === 'expired') return { id: 'label.expiredOn', date: lastValidInstant(p.expiryTime) };
  return { id: 'label.validTill', date: lastValidInstant(p.expiryTime), withTime: true };
}

// ---- an order waiting on its documents ----
/**
 * Where an order stands with its documents, by ONE rule for every screen that speaks of it (the page after submitting,
 * the status page, the open orders on the passes page, resubmit and buy-after-verification): shared/domain's status
 * model of a pass (productStatus) read for an order. Being checked is an unverified order whose documents were
 * submitted; approved covers every state after approval until it is paid (verified, payment pending or failed: buy).
 */
export type VerificationState = 'notSubmitted' | 'beingChecked' | 'rejected' | 'approved' | 'bought' | 'closed';
export function verificationState(o: Pick<PassOrder, 'status' | 'submittedForVerification'>): VerificationState {
  switch (productStatus({ kind: 'pass', status: o.status }, 0).headline) {
    case 'verificationPending':
      return o.submittedForVerification ? 'beingChecked' : 'notSubmitted';
    case 'rejected':
      return 'rejected';
    case 'approved':
    case 'paymentPending':
    case 'failed':
      return 'approved';
    case 'valid':
    case 'notYetValid':
    case 'usedUp':
    case 'used':
    case 'expired':
      return 'bought';
    default:
      return 'closed';
  }
}

/**
 * What the page after submitting says above the outcome, from the same state: "Submitted for verification" and the
 * thanks only while the documents are being checked; a rejected or approved order is headed by its outcome (never a
 * green thanks above a red "not accepted"); not known yet (loading) or anything else: the neutral "Verification status".
 */
export function verificationPage(state: VerificationState | null): { headingId: string; thanks: boolean } {
  if (state === 'beingChecked') return { headingId: 'submitted.heading', thanks: true };
  if (state === 'rejected') return { headingId: 'verification.heading.rejected', thanks: false };
  if (state === 'approved') return { headingId: 'verification.heading.approved', thanks: false };
  return { headingId: 'pending.heading', thanks: false };
}

/** A renewal starts the day after the current pass ends (or today, when it has ended). */
export function renewalStart(p: Pick<MyPass, 'expiryTime'>, today: string): string {
  const next = cityDate(p.expiryTime);
  return next > today ? next : today;
}
