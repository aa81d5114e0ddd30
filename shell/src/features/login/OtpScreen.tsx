import { useEffect, useRef, useState, type ClipboardEvent, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useAtomValue } from 'jotai';
import type { LoginResponse } from '@sawari/contracts';
import { digitsOnly, isValidOtp, OTP_LENGTH } from '@sawari/domain';
import { api, deviceId, handleApiError, loadSession, sawariStore, sessionAtom, sessionLoadedAtom, setSession } from '@sawari/runtime';
import { Button } from '@sawari/ui';
import { Page } from '../common/Page';
import { formatCountdown } from '../common/format';
import { AppLink, go } from '../common/nav';
import type { ScreenProps } from '../../layout/screen';
import { afterLoginPath, newRiderPath, formatPhone, loginPath, OtpSubmissions, readPendingLogin, triesLeftFrom, writePendingLogin } from './loginModel';
import { requestOtp } from './LoginScreen';
import page from '../common/page.module.css';
import styles from './login.module.css';

const SILENT = new Set(['NETWORK_ERROR', 'REQUEST_CANCELLED_SESSION_TIMEOUT']);

/** Device time, ticking every second while `running`. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/** /login/login-otp and /login/login-otp/:redirectPath: one field for the 6 digits, sent as soon as all 6 are in. */
export default function OtpScreen({ params }: ScreenProps) {
  const intl = useIntl();
  const redirect = params.redirectPath;
  const [pending, setPending] = useState(readPendingLogin);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // One code, one try: which codes were sent and what the server said (a ref: it holds between redraws).
  const sent = useRef<OtpSubmissions<string>>(null);
  sent.current ??= new OtpSubmissions<string>();
  const submissions = sent.current;
  const now = useNow(!!pending && pending.resendAt > Date.now());
  const waitMs = pending ? pending.resendAt - now : 0;

  // Nobody asked for a code in this tab: a signed-in rider goes straight on to where the link leads (one redirect, not
  // two through the number screen: the second one left the wallet's outlet loading), anyone else starts from the number.
  const loaded = useAtomValue(sessionLoadedAtom, { store: sawariStore });
  const signedIn = !!useAtomValue(sessionAtom, { store: sawariStore }).accessToken;
  useEffect(() => {
    if (!pending) void loadSession();
  }, [pending]);
  useEffect(() => {
    if (!pending && loaded) go(signedIn ? afterLoginPath(redirect) : loginPath(redirect), { replace: true });
  }, [pending, loaded, signedIn, redirect]);
  if (!pending) return null;

  const fail = (text: string) => {
    setError(text);
    setStatus(null);
    input.current?.focus();
    input.current?.select();
  };

  const verify = async (otp: string) => {
    if (!isValidOtp(otp)) return busy ? undefined : fail(intl.formatMessage({ id: 'otp.error.format' }));
    const decision = submissions.begin(otp);
    if (!decision.send) {
      // Already said by the server: say it again and let the rider type the right code, without spending a try.
      if (decision.why === 'alreadyJudged') fail(decision.verdict);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { phoneNumber, countryCode } = pending;
      const r = await api.post<LoginResponse>('/auth/login', { phoneNumber, countryCode, otp, deviceId: deviceId() }, { skipTokenHeaders: true });
      await setSession({ phoneNumber, userId: r.userId, accessToken: r.accessToken, refreshToken: r.refreshToken });
      writePendingLogin(null);
      go(r.isNewUser ? newRiderPath(redirect) : afterLoginPath(redirect), { replace: true });
    } catch (err) {
      setBusy(false);
      const code = (err as { code?: string }).code ?? '';
      if (SILENT.has(code)) {
        submissions.notJudged(otp);
        return handleApiError(err);
      }
      const tries = code === 'OTP_INVALID' ? triesLeftFrom(err as { message?: string }) : null;
      const id: Record<string, string> = {
        OTP_EXPIRED: 'otp.error.expired',
        OTP_TOO_MANY_TRIES: 'otp.error.tooManyTries',
        OTP_INVALID: tries === null ? 'otp.error.wrongNoCount' : 'otp.error.wrong',
      };
      const text = intl.formatMessage({ id: id[code] ?? 'otp.error.generic' }, { triesLeft: tries ?? 0 });
      // A verdict on this code (wrong, expired, blocked) is kept; anything else (a server error) may be tried again.
      if (id[code]) submissions.judged(otp, text);
      else submissions.notJudged(otp);
      fail(text);
    }
  };

  const enter = (value: string) => {
    const next = digitsOnly(value, OTP_LENGTH);
    setCode(next);
    setError(null);
    // All six digits send the code by itself, once: a code the server already judged has its verdict said again instead.
    if (next.length === OTP_LENGTH) void verify(next);
  };

  const resend = async () => {
    if (busy) return;
    setBusy(true);
    try {
      setPending(await requestOtp(pending.phoneNumber, pending.countryCode, pending.refNo));
      setCode('');
      submissions.reset();
      setError(null);
      setStatus(intl.formatMessage({ id: 'otp.resent' }, { phone: formatPhone(pending.phoneNumber) }));
      input.current?.focus();
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (SILENT.has(code)) handleApiError(err);
      else
        fail(
          intl.formatMessage({
            id: code === 'OTP_RESEND_TOO_SOON' ? 'login.error.tooSoon' : code === 'RATE_LIMITED' ? 'login.error.rateLimited' : 'login.error.generic',
          }),
        );
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void verify(code);
  };
  const paste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    enter(e.clipboardData.getData('text'));
  };

  return (
    <Page heading={intl.formatMessage({ id: 'otp.heading' })} intro={intl.formatMessage({ id: 'otp.intro' }, { phone: formatPhone(pending.phoneNumber) })}>
      <p>
        <AppLink to={loginPath(redirect)}>{intl.formatMessage({ id: 'otp.changeNumber' })}</AppLink>
      </p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={page.field}>
          <label htmlFor="otp-code">{intl.formatMessage({ id: 'otp.label' })}</label>
          <input
            ref={input}
            id="otp-code"
            className={`${page.input} ${styles.otp}`}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            value={code}
            onChange={(e) => enter(e.target.value)}
            onPaste={paste}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'otp-error' : undefined}
            readOnly={busy}
          />
          {error && (
            <p id="otp-error" className={page.error} role="alert">
              {error}
            </p>
          )}
        </div>
        <Button type="submit" disabled={busy}>
          {intl.formatMessage({ id: busy ? 'otp.verifying' : 'otp.submit' })}
        </Button>
      </form>
      <p role="status">{status}</p>
      {waitMs > 0 ? (
        <p className={styles.wait}>{intl.formatMessage({ id: 'otp.resendIn' }, { time: formatCountdown(waitMs) })}</p>
      ) : (
        <Button variant="secondary" onClick={resend} disabled={busy}>
          {intl.formatMessage({ id: 'otp.resend' })}
        </Button>
      )}
    </Page>
  );
}
