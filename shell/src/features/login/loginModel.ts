// Pure rules of the sign-in screens (tested in loginModel.test.ts): where to go after signing in, what a wrong code
// leaves, and the code request in progress (kept for this tab in sessionStorage, so a reload keeps the OTP screen).
import { INDIA, type Country } from '@sawari/domain';

/** The login route's `redirectPath` (already decoded by the route match) → where to go after signing in. */
export function afterLoginPath(redirectPath: string | undefined): string {
  if (!redirectPath) return '/';
  const path = redirectPath.startsWith('/') ? redirectPath : `/${redirectPath}`;
  // Never back into sign-in itself, and never "//host" (a protocol-relative URL).
  if (path.startsWith('//') || path === '/login' || path.startsWith('/login/')) return '/';
  return path;
}

/**
 * Where a NEW rider goes after the code: the profile form first (a name is needed for tickets and
 * passes), carrying where they were going as `?next=`, so saving the profile continues there instead of /profile.
 */
export function newRiderPath(redirectPath: string | undefined): string {
  const next = afterLoginPath(redirectPath);
  return next === '/' && !redirectPath ? '/profile/edit-profile' : `/profile/edit-profile?next=${encodeURIComponent(next)}`;
}

/** After saving the profile: the `?next=` the sign-in carried (checked as afterLoginPath does), else /profile. */
export function afterProfilePath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next ? afterLoginPath(next) : '/profile';
}

/** /login[/<redirect>] and /login/login-otp[/<redirect>], keeping the redirect encoded as one path segment. */
export const loginPath = (redirectPath?: string): string => (redirectPath ? `/login/${encodeURIComponent(redirectPath)}` : '/login');
export const otpPath = (redirectPath?: string): string => (redirectPath ? `/login/login-otp/${encodeURIComponent(redirectPath)}` : '/login/login-otp');

/** Tries left after a wrong code: the error body's triesLeft when the server sends one, else read from its message. */
export function triesLeftFrom(err: { details?: Readonly<Record<string, unknown>>; message?: string }): number | null {
  const field = err.details?.triesLeft;
  if (typeof field === 'number') return field;
  const m = /(\d+) (?:try|tries) left/i.exec(err.message ?? '');
  return m ? Number(m[1]) : null;
}

/** The country the login screen offers: India from /api/config/countries when it answers, else the built-in one. */
export function pickCountry(body: unknown): Country {
  const list = (body as { countries?: unknown })?.countries;
  const found = Array.isArray(list) ? (list as Country[]).find((c) => c?.callingCode === INDIA.callingCode) : undefined;
  return found && typeof found.supportedPhoneNumberLength === 'number' ? found : INDIA;
}

export type PendingLogin = { phoneNumber: string; countryCode: string; refNo: string; resendAt: number; expiresAt: number };
const PENDING_KEY = 'sawari.pendingLogin';

export function readPendingLogin(): PendingLogin | null {
  try {
    const value = JSON.parse(globalThis.sessionStorage?.getItem(PENDING_KEY) ?? 'null') as PendingLogin | null;
    return value && typeof value.phoneNumber === 'string' && typeof value.resendAt === 'number' ? value : null;
  } catch {
    return null;
  }
}

export function writePendingLogin(value: PendingLogin | null): void {
  try {
    if (value) globalThis.sessionStorage?.setItem(PENDING_KEY, JSON.stringify(value));
    else globalThis.sessionStorage?.removeItem(PENDING_KEY);
  } catch {
    // storage blocked: the OTP screen then asks to start again after a reload
  }
}

/** "9876543210" → "+91 98765 43210". */
export const formatPhone = (phoneNumber: string, callingCode = INDIA.callingCode): string =>
  `${callingCode} ${phoneNumber.slice(0, 5)} ${phoneNumber.slice(5)}`.trim();

/** Sign-in on the way to SOS (/SOS, /SOS/editSOSMessage): the screen shows the emergency number first (112). */
export const isForSos = (redirectPath: string | undefined) => /^\/?SOS(\/|$)/i.test(afterLoginPath(redirectPath));

export type OtpSendDecision<V> = { send: true } | { send: false; why: 'inFlight' } | { send: false; why: 'alreadyJudged'; verdict: V };

/**
 * One code, one try. Every code the server is sent costs the rider a try when it is wrong, so a code is sent once:
 * never while a code is in flight (the sixth digit sends it by itself; "Verify and sign in", the Enter key or a second
 * tap must not send it again), and never again once the server judged it (wrong, expired, blocked: its verdict is
 * kept and said again instead). A code that never reached a verdict (offline, cancelled) may be sent again. Kept in a
 * ref by the code screen, so it holds between React's redraws; `reset` when a new code is asked for.
 */
export class OtpSubmissions<V> {
  private inFlight: string | null = null;
  private readonly verdicts = new Map<string, V>();

  /** Whether `code` may be sent now; when it may, it is in flight from here on. */
  begin(code: string): OtpSendDecision<V> {
    if (this.inFlight !== null) return { send: false, why: 'inFlight' };
    if (this.verdicts.has(code)) return { send: false, why: 'alreadyJudged', verdict: this.verdicts.get(code) as V };
    this.inFlight = code;
    return { send: true };
  }

  /** The server answered `code` with a verdict (a wrong code, an expired or blocked one): it is never sent again. */
  judged(code: string, verdict: V): void {
    this.verdicts.set(code, verdict);
    if (this.inFlight === code) this.inFlight = null;
  }

  /** `code` got no verdict (the network failed): it may be sent again. */
  notJudged(code: string): void {
    if (this.inFlight === code) this.inFlight = null;
  }

  /** A new code was sent by SMS: earlier verdicts were about the old one. */
  reset(): void {
    this.inFlight = null;
    this.verdicts.clear();
  }
}
