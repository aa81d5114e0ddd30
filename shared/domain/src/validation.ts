/** Validation rules of spec §5, shared by every form and by the API schemas. */
import { findLink } from './sos';

export interface Country {
  id: string;
  name: string;
  callingCode: string;
  supportedPhoneNumberLength: number;
}
/** Spec §3 "Country": only India is listed. */
export const COUNTRIES: readonly Country[] = [{ id: 'IN', name: 'India', callingCode: '+91', supportedPhoneNumberLength: 10 }];
export const INDIA = COUNTRIES[0];

export const OTP_LENGTH = 6;
export const isValidOtp = (value: string): boolean => /^\d{6}$/.test(value);

/** An Indian mobile number: 10 digits, starting 6 to 9 (numbering plan for mobiles). */
export const isValidIndianMobile = (value: string): boolean => /^[6-9]\d{9}$/.test(value);

/** Keeps only digits, at most `max`: what a phone or OTP field accepts as the rider types or pastes. */
export const digitsOnly = (value: string, max = Infinity): string => value.replace(/\D+/g, '').slice(0, max);

/** Letters (any script, with their combining marks) and single spaces between words. */
export const isValidName = (value: string): boolean => /^[\p{L}\p{M}]+( [\p{L}\p{M}]+)*$/u.test(value.trim()) && value.trim().length <= 50;

/** A pragmatic email form: local@domain.tld, no spaces, one @. */
export const isValidEmail = (value: string): boolean => value.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value);

export const isDigitsOnly = (value: string): boolean => /^\d+$/.test(value);
export const isDigitsAndSpaces = (value: string): boolean => /^[\d ]+$/.test(value) && /\d/.test(value);
export const isNumberWithDot = (value: string): boolean => /^\d+(\.\d+)?$/.test(value);

/** Spec §5: an uploaded file over 5 MB is rejected, with 1,000,000 bytes per MB. Exactly 5 MB is accepted. */
export const BYTES_PER_MB = 1_000_000;
export const MAX_UPLOAD_MB = 5;
export const isFileTooLarge = (bytes: number, maxMb: number = MAX_UPLOAD_MB): boolean => bytes > maxMb * BYTES_PER_MB;

/**
 * Per-rider upload quota: a rider's stored uploads may hold at most UPLOAD_QUOTA_FILES files and
 * UPLOAD_QUOTA_MB megabytes; an upload that would go past either is refused. An upload nothing uses (a proof never
 * attached to an application, a replaced photo) is deleted ORPHAN_UPLOAD_TTL_MS after it arrived, freeing its share.
 */
export const UPLOAD_QUOTA_FILES = 30;
export const UPLOAD_QUOTA_MB = 50;
export const ORPHAN_UPLOAD_TTL_MS = 86_400_000;
export const exceedsUploadQuota = (stored: { files: number; bytes: number }, incomingBytes: number): boolean =>
  stored.files + 1 > UPLOAD_QUOTA_FILES || stored.bytes + incomingBytes > UPLOAD_QUOTA_MB * BYTES_PER_MB;

/** SOS alert message (sent by SMS to the rider's contacts): at most SOS_MESSAGE_MAX characters on SOS_MESSAGE_MAX_LINES lines. */
export const SOS_MESSAGE_MAX = 300;
export const SOS_MESSAGE_MAX_LINES = 5;
/** Control characters (a line break is allowed), bidirectional overrides and isolates, noncharacters, lone surrogates. */
const UNSAFE_TEXT =
  /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFFF9-\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const hasUnsafeTextCharacters = (value: string): boolean => UNSAFE_TEXT.test(value);
/**
 * What is wrong with an SOS message (after trimming), or null: empty, too long, too many lines, characters an SMS must
 * not carry, or a link, web or email address (the alert must not carry one: sos.ts).
 */
export function sosMessageProblem(value: string): 'empty' | 'long' | 'lines' | 'characters' | 'link' | null {
  const text = value.trim();
  if (!text) return 'empty';
  if (text.length > SOS_MESSAGE_MAX) return 'long';
  if (text.split('\n').length > SOS_MESSAGE_MAX_LINES) return 'lines';
  if (hasUnsafeTextCharacters(text)) return 'characters';
  if (findLink(text) !== null) return 'link';
  return null;
}

/** Luhn check of a card number given as digits only (anything else, or nothing, is not valid). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
