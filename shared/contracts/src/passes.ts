import { z } from 'zod';
import { bytesResponseSchema } from './errors';

/** Spec §3 "Pass-order payload" (amounts in the payload are ₹ as shown to the rider; the server works in paise). */
export const passProofSchema = z.object({
  kind: z.enum(['PHOTO', 'ID_PROOF', 'ADDRESS_PROOF', 'AGE_PROOF', 'STUDENT_ID']),
  fileId: z.uuid('must be a file id from POST /api/passes/proofs'),
});

export const passOrderPayloadSchema = z.object({
  transactionId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,160}$/, 'letters, digits, - and _ only')
    .optional(),
  appVer: z.string().min(1).max(40),
  city: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a city id'),
  deviceId: z.string().min(1).max(200),
  source: z.literal(1),
  paymentProps: z.object({ lpVer: z.union([z.string().min(1).max(40), z.number().int()]), paymentType: z.literal('online') }),
  proofs: z.array(passProofSchema).max(6).default([]),
  userDetails: z.object({
    mailId: z.email().nullish(),
    mobileNumber: z.string().regex(/^\d{10}$/, 'must be 10 digits'),
    userName: z.string().regex(/^[A-Za-z ]{1,80}$/, 'letters and spaces only'),
    gender: z.string().max(20).nullish(),
    dobInMillis: z.number().int().nullish(),
    userId: z.string().min(1).max(100),
  }),
  passProps: z.object({
    passStartDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD'),
    categoryId: z.string().min(1).max(60),
    fmId: z.string().min(1).max(60),
    configurationId: z.string().min(1).max(60),
    passFare: z.number().nonnegative(),
    passId: z.string().min(1).max(100).optional(),
    isRenew: z.boolean().optional(),
  }),
  /** A bank offer to apply (spec §9 bank offers), e.g. "HDFC". */
  bankOffer: z.string().min(1).max(40).optional(),
  /** Use the city's trial or welcome offer (GET /api/offers/trial): the pass is free and issued at once. */
  digitalOffer: z.boolean().optional(),
});
export type PassOrderPayload = z.infer<typeof passOrderPayloadSchema>;

export const fareLineSchema = z.object({ name: z.string(), value: z.number().int() });

export const passOrderSchema = z.object({
  transactionId: z.string(),
  city: z.string(),
  configurationId: z.string(),
  categoryId: z.string(),
  fmId: z.string(),
  status: z.string(),
  verificationStatus: z.enum(['UNVERIFIED', 'VERIFIED', 'REJECTED']).nullable(),
  submittedForVerification: z.boolean(),
  rejectionReason: z.string().nullable(),
  passStartDate: z.string(),
  proofRequired: z.boolean(),
  /** Amounts in paise. */
  fareInfo: z.object({ actualFare: z.number().int(), discountedFare: z.number().int(), payableAmount: z.number().int(), fareBreakup: z.array(fareLineSchema) }),
  payableAmount: z.number().int().nullable(),
  passId: z.string().nullable(),
  isRenew: z.boolean(),
  /** A free pass (trial or welcome offer, no payment): the offer's id and title, for "Free with <offer>". */
  freeWith: z.object({ offerId: z.string(), label: z.string() }).nullable().optional(),
});
export type PassOrder = z.infer<typeof passOrderSchema>;

export const resubmitRequestSchema = z.object({
  action: z.enum(['REINITIATE', 'REAPPLY']),
  proofs: z.array(passProofSchema).max(6).optional(),
});
export const rejectRequestSchema = z.object({ reason: z.string().trim().min(3).max(500) });
export const renewRequestSchema = z.object({ passStartDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD') });

/** A city id in a path (`/cities/:city/...`). */
export const passCitySchema = z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a city id');
/** Path parameters of the passes routes. */
export const passCityParamsSchema = z.object({ city: passCitySchema });
export const passProductParamsSchema = passCityParamsSchema.extend({ configId: z.string().min(1).max(60) });
export const passTransactionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'must be a transactionId');
export const passTxParamsSchema = z.object({ transactionId: passTransactionIdSchema });
export const passIdParamsSchema = z.object({ passId: z.uuid('must be a pass id') });
export const passProofParamsSchema = z.object({ transactionId: passTransactionIdSchema, fileId: z.uuid('must be a file id') });

// ---- catalogue: GET /api/passes/v3/cities/:city/products[/:configId] (amounts in paise) ----
export const passFareSchema = z.object({
  fmId: z.string(),
  fare: z.number().int(),
  discountedFare: z.number().int(),
  durationId: z.string(),
  numOfDays: z.number().int(),
  desc: z.string(),
  subCatId: z.string(),
  displayName: z.string(),
  specialFeatures: z.array(z.string()),
  isActive: z.boolean(),
  proofRequired: z.boolean(),
});
export type PassFare = z.infer<typeof passFareSchema>;
export const passCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  verification: z.boolean().nullable(),
  isProofRequired: z.boolean().nullable(),
});
export type PassCategory = z.infer<typeof passCategorySchema>;
export const passSubCategorySchema = z.object({ id: z.string(), name: z.string(), infoNote: z.string(), isActive: z.boolean() });
export type PassSubCategory = z.infer<typeof passSubCategorySchema>;
export const passProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  serviceType: z.string(),
  productType: z.string(),
  productSubType: z.string().nullable(),
  agency: z.string(),
  isActive: z.boolean(),
  isRenewable: z.boolean(),
  activeDuration: z.number().nullable(),
  maxTripsPerDay: z.number().int().nullable(),
  landingMessage: z.string().nullable(),
  terms: z.array(z.string()),
  categories: z.array(passCategorySchema),
  subCategory: z.array(passSubCategorySchema),
  fareMapping: z.record(z.string(), z.array(passFareSchema)),
  bankOffers: z.array(z.object({ bank: z.string(), percentOff: z.number() })),
  /** The product's texts in other languages, keyed by the English text (the server's catalogue translations). */
  translations: z.partialRecord(z.string(), z.record(z.string(), z.string())).optional(),
});
export type PassProduct = z.infer<typeof passProductSchema>;
export const passCatalogueSchema = z.object({ city: z.string(), serverTime: z.number().int(), products: z.array(passProductSchema) });
export type PassCatalogue = z.infer<typeof passCatalogueSchema>;

/** POST /api/passes/proofs (multipart, field `file`): what is kept of the upload. */
export const proofUploadResponseSchema = z.object({ fileId: z.string(), contentType: z.string(), sizeBytes: z.number().int() });
export type ProofUploadResponse = z.infer<typeof proofUploadResponseSchema>;

/** GET /api/passes/orders: orders with proofs still to be verified, rejected, or verified and unpaid. */
export const passOrdersResponseSchema = z.object({ orders: z.array(passOrderSchema) });

/** A pass of GET /api/passes/mine and POST /api/passes/orders/:transactionId/reclaim (the spec §3 record with the server's label). */
export const myPassSchema = z.object({
  passId: z.string(),
  transactionId: z.string(),
  configurationId: z.string(),
  productType: z.string(),
  productSubType: z.string().nullable().optional(),
  city: z.string(),
  agency: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  fmId: z.string(),
  /** Paise. */
  fare: z.number(),
  discountedFare: z.number(),
  numOfDays: z.number().int(),
  passStartDate: z.string(),
  startTime: z.number().int(),
  expiryTime: z.number().int(),
  bookingTime: z.number().int(),
  maxTripsPerDay: z.number().int().nullable(),
  activeDuration: z.number().nullable().optional(),
  fareInfo: z
    .object({ actualFare: z.number().int(), discountedFare: z.number().int(), payableAmount: z.number().int(), fareBreakup: z.array(fareLineSchema) })
    .optional(),
  specialFeatures: z.array(z.string()).optional(),
  conditions: z.array(z.string()).optional(),
  status: z.string(),
  statusLabel: z.string(),
  isRenewable: z.boolean(),
});
export type MyPass = z.infer<typeof myPassSchema>;
export const myPassesResponseSchema = z.object({ passes: z.array(myPassSchema) });

// ---- operators (authorization: Ops <key>) ----
/** GET /api/ops/verifications: orders waiting for an operator, oldest first. */
export const pendingVerificationsResponseSchema = z.object({
  verifications: z.array(
    z.object({
      transactionId: z.string(),
      userId: z.string(),
      city: z.string(),
      configurationId: z.string(),
      categoryId: z.string(),
      fmId: z.string(),
      passStartDate: z.string(),
      proofs: z.array(z.object({ kind: z.string(), fileId: z.string() })),
      submittedAt: z.number().int(),
    }),
  ),
});
export type PendingVerifications = z.infer<typeof pendingVerificationsResponseSchema>;
/** GET /api/ops/verifications/:transactionId/decisions: every step of an order's verification, in order. */
export const verificationDecisionsResponseSchema = z.object({
  decisions: z.array(
    z.object({
      transactionId: z.string(),
      action: z.string(),
      fromStatus: z.string(),
      toStatus: z.string(),
      actor: z.string(),
      reason: z.string().nullable(),
      decidedAt: z.number().int(),
    }),
  ),
});
export type VerificationDecisions = z.infer<typeof verificationDecisionsResponseSchema>;
/** GET /api/ops/verifications/:transactionId/proofs/:fileId: the proof's bytes (its content type in the header). */
export const proofFileResponseSchema = bytesResponseSchema;
