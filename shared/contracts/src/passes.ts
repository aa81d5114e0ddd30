import { z } from 'zod';

/** Spec §3 "Pass-order payload" (amounts in the payload are ₹ as shown to the rider; the server works in paise). */
export const passProofSchema = z.object({
  kind: z.enum(['PHOTO', 'ID_PROOF', 'ADDRESS_PROOF', 'AGE_PROOF', 'STUDENT_ID']),
  fileId: z.uuid('must be a file id from POST /api/passes/proofs'),
});

export const passOrderPayloadSchema = z.object({
  transactionId: z.string().regex(/^[A-Za-z0-9_-]{1,160}$/, 'letters, digits, - and _ only').optional(),
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
