import { z } from 'zod';
import { findLink, isValidEmail, isValidName, isValidIndianMobile, sosMessageProblem, SOS_MESSAGE_MAX, SOS_MESSAGE_MAX_LINES } from '@sawari/domain';

/** Spec §3 "User profile". Dates of birth travel as epoch ms (dobInMillis); the client shows them in city time. */
export const genderSchema = z.enum(['male', 'female', 'other', 'undisclosed']);
export const userProfileSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  mailId: z.string().nullable(),
  mobileNumber: z.string(),
  gender: genderSchema.nullable(),
  dobInMillis: z.number().int().nullable(),
  profilePhoto: z.string().nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** POST (create) and PUT (update) /api/profile body. */
export const profileInputSchema = z.object({
  firstName: z.string().refine(isValidName, 'First name can have letters and spaces only'),
  lastName: z.string().refine((v) => v === '' || isValidName(v), 'Last name can have letters and spaces only'),
  mailId: z.string().refine(isValidEmail, 'Enter an email like name@example.com').nullable().optional(),
  gender: genderSchema.nullable().optional(),
  dobInMillis: z.number().int().max(Date.UTC(2100, 0), 'Date of birth is not valid').nullable().optional(),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

/**
 * City gating (spec §6), served as data so each remote can ask "is X enabled here". The offers (passes, tickets,
 * premium, cards, tracking, airport) are what the city OFFERS: enabled in its configuration AND backed by data (a pass
 * catalogue, fare tables, a transit feed, reserved-seat lines, airport boards), so a screen gated on one never opens
 * onto nothing. The others are behaviour flags, as configured.
 */
export const cityFeaturesSchema = z.object({
  passes: z.boolean(),
  tickets: z.boolean(),
  premium: z.boolean(),
  cards: z.boolean(),
  tracking: z.boolean(),
  airport: z.boolean(),
  soundValidation: z.boolean(),
  stopBasedPlanner: z.boolean(),
  cityListRoute: z.boolean(),
});
export type CityFeatures = z.infer<typeof cityFeaturesSchema>;
export const cityExamplesSchema = z.object({ routeSearch: z.array(z.string()), vehicleNumber: z.string().nullable() });
export type CityExamples = z.infer<typeof cityExamplesSchema>;
export const citySupportSchema = z.object({ phone: z.string(), email: z.string() });
export type CitySupport = z.infer<typeof citySupportSchema>;
export const cityConfigSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.string(),
  lat: z.number(),
  lon: z.number(),
  clusterId: z.string().nullable(),
  homeClusters: z.array(z.string()),
  features: cityFeaturesSchema,
  /** The name and state in the app's other languages, by language code (English is `name` and `state`). Absent from
   *  answers cached before it existed: the English name is shown then. */
  localNames: z.record(z.string(), z.object({ name: z.string(), state: z.string() })).optional(),
  /**
   * The city's own examples for what a rider types (docs/accounts.md "City configuration"): `routeSearch`, route
   * names or places to put after "For example" in a route or stop search (["Vyttila", "Fort Kochi"]; empty: show
   * none); `vehicleNumber`, a bus registration as painted on this city's buses ("KL07BT1234"; null: show none).
   * Absent from answers cached before it existed, or for a city with none configured: show no example.
   */
  examples: cityExamplesSchema.optional(),
  /** The city's support contacts (phone as dialled from India, "+91 484 400 1234"); null or absent: the server's
   *  default, which GET /api/support/offices?city= also answers. */
  support: citySupportSchema.nullable().optional(),
});
export type CityConfig = z.infer<typeof cityConfigSchema>;
export const citiesResponseSchema = z.object({
  cities: z.array(cityConfigSchema),
  clusters: z.array(z.object({ clusterId: z.string(), cityIdsInCluster: z.array(z.string()) })),
});
export const serverTimeResponseSchema = z.object({ serverTime: z.number().int() });

/** SOS: up to 5 emergency contacts and an editable message without links; one alert every 5 minutes, at most
 *  SOS_DAILY_CAP in any 24 hours (shared/domain sos.ts). */
export const SOS_MAX_CONTACTS = 5;
export { SOS_COOLDOWN_MS } from '@sawari/domain';
export const sosContactSchema = z.object({
  name: z.string().refine(isValidName, 'Contact name can have letters and spaces only'),
  phoneNumber: z.string().refine(isValidIndianMobile, 'Enter a 10-digit Indian mobile number'),
});
export const sosSettingsSchema = z.object({
  contacts: z.array(sosContactSchema).max(SOS_MAX_CONTACTS, `Add at most ${SOS_MAX_CONTACTS} contacts`),
  message: z
    .string()
    .trim()
    .min(1, 'Write a message')
    .max(SOS_MESSAGE_MAX, `Keep the message to ${SOS_MESSAGE_MAX} characters`)
    .refine((v) => sosMessageProblem(v) !== 'lines', `Keep the message to ${SOS_MESSAGE_MAX_LINES} lines`)
    .refine((v) => sosMessageProblem(v) !== 'characters', 'The message can have letters, numbers, punctuation, emoji and line breaks only')
    // Refused, not stripped: the rider sees what to change before an emergency rather than a different text sent in one.
    .refine((v) => sosMessageProblem(v) !== 'link', {
      error: (issue) => `The message cannot carry links or web or email addresses: remove "${findLink(String(issue.input))}"`,
    }),
});
export type SosSettings = z.infer<typeof sosSettingsSchema>;
export const sosAlertRequestSchema = z.object({ lat: z.number().min(-90).max(90).nullable(), lon: z.number().min(-180).max(180).nullable() });
export const sosAlertResponseSchema = z.object({ sentTo: z.number().int(), nextAllowedAt: z.number().int() });

/** Favourites: saved stops, routes and trips, synced to the account. */
export const favouriteKindSchema = z.enum(['stop', 'route', 'trip']);
export const favouriteInputSchema = z.object({
  kind: favouriteKindSchema,
  city: z.string().min(1).max(40),
  refId: z.string().min(1).max(200),
  label: z.string().trim().min(1).max(120),
  detail: z.string().max(200).default(''),
});
export const favouriteSchema = favouriteInputSchema.extend({ id: z.string(), createdAt: z.number().int() });
export type Favourite = z.infer<typeof favouriteSchema>;

/** Trial / welcome offers (spec §8 error codes). */
export const OFFER_ERROR_CODES = ['DIGITAL_OFFER_ALREADY_AVAILED', 'DIGITAL_OFFER_NOT_ALLOWED'] as const;

// ---- Additions by the API (issue "Rider account", server side): response shapes the first draft left open. ----

/** GET /api/config/countries (spec §3 Country; India only). */
export const countrySchema = z.object({ id: z.string(), name: z.string(), callingCode: z.string(), supportedPhoneNumberLength: z.number().int() });
export const countriesResponseSchema = z.object({ countries: z.array(countrySchema) });

/** POST /api/files/profile-image answer: the new photo's signed URL (same form as profilePhoto in the profile). */
export const profilePhotoResponseSchema = z.object({ profilePhoto: z.string() });

/** GET /api/support/offices?city= (spec §9): that day's hours in city time (24-hour clock) and the contacts (the city's
 *  own when it has them configured, else the server's). Public. */
export const supportOfficesQuerySchema = z.object({
  city: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'City is an id like kochi')
    .optional(),
});
export const supportOfficesResponseSchema = z.object({
  open: z.boolean(),
  opens: z.number().int(),
  closes: z.number().int(),
  isWeekend: z.boolean(),
  hours: z.object({
    weekday: z.object({ opens: z.number().int(), closes: z.number().int() }),
    weekend: z.object({ opens: z.number().int(), closes: z.number().int() }),
  }),
  timeZone: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type SupportOffices = z.infer<typeof supportOfficesResponseSchema>;

/** GET /api/favourites?q= answer, newest first. */
export const favouritesQuerySchema = z.object({ q: z.string().trim().max(100).optional() });
export const favouritesResponseSchema = z.object({ favourites: z.array(favouriteSchema) });

/** GET /api/offers/trial?city= and POST /api/offers/trial/claim {city}. */
export const trialOfferQuerySchema = z.object({ city: z.string().min(1).max(40) });
export const trialOfferClaimRequestSchema = trialOfferQuerySchema;
const trialOfferBase = z.object({
  offerId: z.string(),
  city: z.string(),
  kind: z.enum(['welcome', 'trial']),
  title: z.string(),
  description: z.string(),
  validityDays: z.number().int(),
  /** The products the offer applies to (shared/domain OfferScope; {} = every product). */
  appliesTo: z.object({
    configIds: z.array(z.string()).optional(),
    numOfDays: z.array(z.number().int()).optional(),
    categoryIds: z.array(z.string()).optional(),
    minFarePaise: z.number().int().optional(),
    maxFarePaise: z.number().int().optional(),
  }),
});
export const trialOfferSchema = trialOfferBase.extend({
  /** Whether this rider may claim it now. */
  eligible: z.boolean(),
  /** Why not, in words for the rider; null when eligible. */
  reason: z.string().nullable(),
  claimed: z.boolean(),
});
export type TrialOffer = z.infer<typeof trialOfferSchema>;
/** The claim issues the pass the offer promises: its order and pass. */
export const trialOfferClaimSchema = trialOfferBase.extend({
  claimedAt: z.number().int(),
  validUntil: z.number().int(),
  transactionId: z.string(),
  passId: z.string(),
});
export type TrialOfferClaim = z.infer<typeof trialOfferClaimSchema>;
