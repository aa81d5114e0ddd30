import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useAtomValue } from 'jotai';
import type { OtpRequestResponse } from '@sawari/contracts';
import { digitsOnly, INDIA, isValidIndianMobile, type Country } from '@sawari/domain';
import { api, handleApiError, languageAtom, sawariStore, sessionAtom } from '@sawari/runtime';
import { Button } from '@sawari/ui';
import { Page } from '../common/Page';
import { go } from '../common/nav';
import type { ScreenProps } from '../../layout/screen';
import { afterLoginPath, isForSos, otpPath, pickCountry, readPendingLogin, writePendingLogin } from './loginModel';
import page from '../common/page.module.css';
import styles from './login.module.css';

/** Asks for a code by SMS (written in the app's language); what went wrong is said in words, and what was typed stays. */
export async function requestOtp(phoneNumber: string, countryCode: string, refNo?: string) {
  const lang = sawariStore.get(languageAtom);
  const answer = await api.get<OtpRequestResponse>('/auth/otp', {
    params: { phoneNumber, countryCode, templateId: 'login', refNo, lang },
    skipTokenHeaders: true,
  });
  const now = Date.now();
  const pending = {
    phoneNumber,
    countryCode,
    refNo: answer.refNo,
    resendAt: now + answer.resendAfterSecs * 1000,
    expiresAt: now + answer.expiresInSecs * 1000,
  };
  writePendingLogin(pending);
  return pending;
}

const OTP_REQUEST_ERRORS: Record<string, string> = { OTP_RESEND_TOO_SOON: 'login.error.tooSoon', RATE_LIMITED: 'login.error.rateLimited' };

/** /login and /login/:redirectPath: India (+91) only, 10 digits. */
export default function LoginScreen({ params }: ScreenProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const redirect = params.redirectPath;
  const signedIn = !!useAtomValue(sessionAtom, { store: sawariStore }).accessToken;
  const [country, setCountry] = useState<Country>(INDIA);
  const [phone, setPhone] = useState(() => readPendingLogin()?.phoneNumber ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (signedIn) go(afterLoginPath(redirect), { replace: true });
  }, [signedIn, redirect]);
  useEffect(() => {
    api.get('/config/countries', { skipTokenHeaders: true }).then(
      (body) => setCountry(pickCountry(body)),
      () => undefined,
    );
  }, []);

  const fail = (messageId: string) => {
    setError(t(messageId));
    input.current?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!isValidIndianMobile(phone)) return fail('login.error.phone');
    setBusy(true);
    setError(null);
    try {
      await requestOtp(phone, country.callingCode);
      go(otpPath(redirect));
    } catch (err) {
      setBusy(false);
      const code = (err as { code?: string }).code ?? '';
      // A code for this number is still on its way: enter it.
      if (code === 'OTP_RESEND_TOO_SOON' && readPendingLogin()?.phoneNumber === phone) return go(otpPath(redirect));
      if (code === 'NETWORK_ERROR' || code === 'REQUEST_CANCELLED_SESSION_TIMEOUT') return handleApiError(err);
      fail(OTP_REQUEST_ERRORS[code] ?? (code === 'VALIDATION_FAILED' ? 'login.error.phone' : 'login.error.generic'));
    }
  };

  return (
    <Page heading={t('login.heading')} intro={t('login.intro')}>
      {isForSos(redirect) && (
        <p className={page.alert} data-testid="sos-emergency">
          {t('sos.emergency')}{' '}
          <a className={styles.emergencyCall} href="tel:112">
            {t('sos.call112')}
          </a>
        </p>
      )}
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={page.field}>
          <label htmlFor="login-phone">{t('login.phone.label')}</label>
          <div className={styles.phone}>
            <span className={styles.prefix} title={country.name}>
              <span className={page.srOnly}>{t('login.country')} </span>
              {country.callingCode}
            </span>
            <input
              ref={input}
              id="login-phone"
              className={page.input}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={country.supportedPhoneNumberLength + 4}
              value={phone}
              onChange={(e) => {
                setPhone(digitsOnly(e.target.value, country.supportedPhoneNumberLength));
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'login-phone-hint login-phone-error' : 'login-phone-hint'}
              disabled={busy}
            />
          </div>
          <span id="login-phone-hint" className={page.hint}>
            {t('login.phone.hint', { length: country.supportedPhoneNumberLength, callingCode: country.callingCode })}
          </span>
          {error && (
            <p id="login-phone-error" className={page.error} role="alert">
              {error}
            </p>
          )}
        </div>
        <Button type="submit" disabled={busy} aria-disabled={busy}>
          {busy ? t('login.sending') : t('login.submit')}
        </Button>
      </form>
    </Page>
  );
}
