// Pure rules of the profile screens (tested in profileModel.test.ts): the form's fields, their validation (spec §5),
// dates of birth in city time (spec §9), and the photo checks made before anything is sent.
import type { ProfileInput, UserProfile } from '@sawari/contracts';
import { cityDate as cityDateOf, cityMidnight, CITY_TIME_ZONE, isFileTooLarge, isValidEmail, isValidName } from '@sawari/domain';

export const GENDERS = ['male', 'female', 'other', 'undisclosed'] as const;
export type Gender = (typeof GENDERS)[number];
/** What the rider types; the date of birth as the date input's YYYY-MM-DD. */
export type ProfileForm = { firstName: string; lastName: string; mailId: string; gender: Gender | ''; dob: string };
export type ProfileField = keyof ProfileForm | 'photo';
/** Field → message id (profile.error.*). */
export type FieldErrors = Partial<Record<ProfileField, string>>;
/** The order errors are met in the form: focus goes to the first. */
export const FIELD_ORDER: readonly ProfileField[] = ['firstName', 'lastName', 'mailId', 'gender', 'dob', 'photo'];

export const EMPTY_FORM: ProfileForm = { firstName: '', lastName: '', mailId: '', gender: '', dob: '' };

/** An instant as the city's calendar date, YYYY-MM-DD (what a date input holds). */
export const cityDate = (ms: number): string => cityDateOf(ms);

/** A date of birth is that day's midnight in city time (shared/domain city-time); null for a date that does not exist. */
export const dateToMillis = (date: string): number | null => cityMidnight(date);

/** DD MMM YYYY in city time ("05 Jan 1990"), month names in the rider's language, Latin digits. */
export function formatDob(ms: number, locale = 'en'): string {
  let f: Intl.DateTimeFormat;
  try {
    f = new Intl.DateTimeFormat(`${locale}-IN-u-nu-latn`, { day: '2-digit', month: 'short', year: 'numeric', timeZone: CITY_TIME_ZONE });
  } catch {
    f = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: CITY_TIME_ZONE });
  }
  const part = (type: string) => f.formatToParts(ms).find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month').replace(/\.$/, '')} ${part('year')}`;
}

export function validateProfile(form: ProfileForm, today: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!form.firstName.trim()) errors.firstName = 'profile.error.firstNameRequired';
  else if (!isValidName(form.firstName)) errors.firstName = 'profile.error.name';
  if (form.lastName.trim() && !isValidName(form.lastName)) errors.lastName = 'profile.error.name';
  if (form.mailId.trim() && !isValidEmail(form.mailId.trim())) errors.mailId = 'profile.error.email';
  if (form.dob) {
    if (dateToMillis(form.dob) === null || form.dob < '1900-01-01') errors.dob = 'profile.error.dobInvalid';
    else if (form.dob > today) errors.dob = 'profile.error.dobFuture';
  }
  return errors;
}

export const firstError = (errors: FieldErrors): ProfileField | undefined => FIELD_ORDER.find((f) => errors[f]);

export const toProfileInput = (form: ProfileForm): ProfileInput => ({
  firstName: form.firstName.trim().replace(/\s+/g, ' '),
  lastName: form.lastName.trim().replace(/\s+/g, ' '),
  mailId: form.mailId.trim() || null,
  gender: form.gender || null,
  dobInMillis: form.dob ? dateToMillis(form.dob) : null,
});

export const fromProfile = (p: UserProfile): ProfileForm => ({
  firstName: p.firstName,
  lastName: p.lastName,
  mailId: p.mailId ?? '',
  gender: p.gender ?? '',
  dob: p.dobInMillis === null ? '' : cityDate(p.dobInMillis),
});

/** Spec §5: images only, and nothing over 5 MB (1,000,000 bytes per MB); checked before anything is sent. */
export function photoError(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return 'profile.error.photoType';
  if (isFileTooLarge(file.size)) return 'profile.error.photoSize';
  return null;
}
