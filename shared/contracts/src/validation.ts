import { z } from 'zod';

/** Validation: ticket codes, punches, ride sync, ride history and receipts (docs/validation.md). */

export const validationTransactionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'must be a transactionId (letters, digits, - and _)');
/** base64url of the raw uncompressed P-256 point (65 bytes → 87 characters). */
export const devicePublicKeySchema = z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be base64url of the raw uncompressed P-256 public key (65 bytes)');
export const vehicleNoSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{0,19}$/, 'must be a vehicle number (letters, digits, spaces and -, at most 20)');
export const stopIdSchema = z.string().min(1).max(100);

export const ticketClaimsSchema = z.object({
  v: z.literal(1),
  kid: z.string(),
  tid: z.string(),
  kind: z.enum(['pass', 'ticket']),
  pt: z.string(),
  city: z.string(),
  agency: z.string(),
  uid: z.string(),
  nb: z.number().int(),
  exp: z.number().int(),
  trips: z.number().int(),
  sc: z.string().regex(/^[0-9a-f]{12}$/),
  dk: z.string(),
});

/** GET /api/validation/keys */
export const publishedKeysSchema = z.object({
  keys: z.array(
    z.object({ kid: z.string(), alg: z.literal('ES256'), jwk: z.object({ kty: z.literal('EC'), crv: z.literal('P-256'), x: z.string(), y: z.string() }) }),
  ),
});
export type PublishedKeys = z.infer<typeof publishedKeysSchema>;

/** POST /api/validation/tokens */
export const tokenRequestSchema = z.object({ transactionId: validationTransactionIdSchema, devicePublicKey: devicePublicKeySchema });
export type TokenRequest = z.infer<typeof tokenRequestSchema>;
export const tokenResponseSchema = z.object({ token: z.string(), claims: ticketClaimsSchema });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** POST /api/validation/punches (validator): a QR text or a 20-hex-character sound code, not both. */
export const punchRequestSchema = z
  .object({
    code: z.string().min(1, 'must not be empty').max(4096).optional(),
    soundCode: z
      .string()
      .regex(/^[0-9a-fA-F]{20}$/, 'must be 20 hex characters')
      .optional(),
    vehicleNo: vehicleNoSchema.optional(),
    stopId: stopIdSchema.optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.soundCode === undefined), {
    message: 'send either "code" (the QR text) or "soundCode", exactly one',
    path: ['code'],
  });
export type PunchRequest = z.infer<typeof punchRequestSchema>;

export const rideSourceSchema = z.enum(['QR', 'SOUND', 'SCAN_QR', 'MANUAL']);
export type RideSource = z.infer<typeof rideSourceSchema>;

export const punchResultSchema = z.object({
  punchId: z.string(),
  transactionId: z.string(),
  punchingTime: z.number().int(),
  source: rideSourceSchema,
  kind: z.enum(['pass', 'ticket']),
  productType: z.string(),
  city: z.string(),
  ridesToday: z.number().int(),
  /** null when unlimited. */
  tripsLeftToday: z.number().int().nullable(),
  /** After this punch: USED for a used single-journey ticket, else ACTIVE. */
  status: z.enum(['ACTIVE', 'USED']),
  validUntil: z.number().int(),
  /** false when a pass with no trips left was checked during its last ride (answered with that ride, not counted). */
  newRide: z.boolean(),
});
export type PunchResult = z.infer<typeof punchResultSchema>;

/** A punch the rider's app recorded itself (scan-qr screen: the bus's QR or its typed number). */
export const riderPunchSchema = z.object({
  punchId: z.uuid('must be a UUID made on the device'),
  transactionId: validationTransactionIdSchema,
  punchingTime: z.number().int().nonnegative(),
  vehicleNo: vehicleNoSchema.nullish(),
  stopId: stopIdSchema.nullish(),
  source: z.enum(['SCAN_QR', 'MANUAL']).default('SCAN_QR'),
});
export type RiderPunch = z.input<typeof riderPunchSchema>;

/** POST /api/validation/rides/sync */
export const rideSyncRequestSchema = z.object({
  punches: z.array(riderPunchSchema).min(1, 'send at least one punch').max(100, 'send at most 100 punches per call'),
});
export type RideSyncRequest = z.input<typeof rideSyncRequestSchema>;
export const rideSyncResponseSchema = z.object({
  accepted: z.array(z.string()),
  duplicates: z.array(z.string()),
  rejected: z.array(z.object({ punchId: z.string(), code: z.string(), message: z.string() })),
});
export type RideSyncResponse = z.infer<typeof rideSyncResponseSchema>;

export const rideSchema = z.object({
  punchId: z.string(),
  punchingTime: z.number().int(),
  vehicleNo: z.string().nullable(),
  stopId: z.string().nullable(),
  source: rideSourceSchema,
});
export type Ride = z.infer<typeof rideSchema>;

/** GET /api/validation/rides/:transactionId (newest first). */
export const rideHistorySchema = z.object({ transactionId: z.string(), rides: z.array(rideSchema) });
export type RideHistory = z.infer<typeof rideHistorySchema>;

/** GET /api/validation/receipts/:transactionId. Amounts in paise. */
export const rideReceiptSchema = z.object({
  transactionId: z.string(),
  kind: z.enum(['pass', 'ticket']),
  productType: z.string(),
  productSubType: z.string().nullable(),
  title: z.string(),
  city: z.string(),
  agency: z.string(),
  validFrom: z.number().int(),
  validUntil: z.number().int(),
  bookingTime: z.number().int().nullable(),
  farePaise: z.number().int(),
  /** ACTIVE, USED (single journey ridden), EXPIRED, or the owning module's status when it cannot be validated. */
  status: z.string(),
  maxTripsPerDay: z.number().int(),
  rideCount: z.number().int(),
  ridesToday: z.number().int(),
  tripsLeftToday: z.number().int().nullable(),
  lastRide: rideSchema.nullable(),
  rides: z.array(rideSchema),
  /** Product details from the owning module (route, stops, passengers, category...). */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  serverTime: z.number().int(),
});
export type RideReceipt = z.infer<typeof rideReceiptSchema>;
