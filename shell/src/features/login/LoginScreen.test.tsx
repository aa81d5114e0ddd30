/** @jest-environment jsdom */
// The number screen against a mocked network: an invalid number refused before anything is sent (focused, kept), a
// code asked for and on to the code screen keeping where the rider was going, sending in progress, rate-limited and
// other refusals said under the field with the number kept, offline handed to the app-wide notice, a rider already
// signed in sent straight on, and Hindi.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { navigateToUrl } from 'single-spa';
import { api, ApiRequestError, handleApiError } from '@sawari/runtime';
import { draw, signIn, signOut, t } from '../../test/render';
import LoginScreen from './LoginScreen';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));
jest.mock('@sawari/runtime', () => ({ ...jest.requireActual('@sawari/runtime'), api: { get: jest.fn() }, handleApiError: jest.fn() }));
const mocked = jest.mocked(api);

/** GET /config/countries fails (India is the default); GET /auth/otp answers `otp`. */
function answer(otp: () => Promise<unknown>) {
  mocked.get.mockImplementation((path: string) => (path === '/auth/otp' ? otp() : Promise.reject(new Error('offline'))) as never);
}
const phone = (lang: 'en' | 'hi' = 'en') => screen.getByLabelText(t('login.phone.label', {}, lang)) as HTMLInputElement;
const submit = (lang: 'en' | 'hi' = 'en') => fireEvent.click(screen.getByRole('button', { name: t('login.submit', {}, lang) }));
const otpAsked = () => mocked.get.mock.calls.filter(([path]) => path === '/auth/otp');

beforeEach(() => {
  jest.resetAllMocks();
  sessionStorage.clear();
  history.replaceState(null, '', '/app/login/SOS');
  signOut();
});

describe('LoginScreen', () => {
  it('an invalid number: refused before anything is sent, said under the field, focused, and kept', () => {
    answer(() => Promise.resolve({ refNo: 'r1', resendAfterSecs: 30, expiresInSecs: 300 }));
    draw(<LoginScreen params={{ redirectPath: 'SOS' }} />);
    fireEvent.change(phone(), { target: { value: '12345' } });
    submit();
    expect(screen.getByRole('alert').textContent).toBe(t('login.error.phone'));
    expect(phone().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(phone());
    expect(phone().value).toBe('12345');
    expect(otpAsked()).toHaveLength(0);
    // typing again clears the error
    fireEvent.change(phone(), { target: { value: '123456' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });
  it('a valid number: sending shown, then on to the code screen, keeping where the rider was going', async () => {
    let done: (v: unknown) => void = () => undefined;
    answer(() => new Promise((r) => (done = r)));
    draw(<LoginScreen params={{ redirectPath: 'SOS' }} />);
    fireEvent.change(phone(), { target: { value: '98765 43210' } });
    expect(phone().value).toBe('9876543210');
    submit();
    expect(await screen.findByRole('button', { name: t('login.sending') })).toBeTruthy();
    expect(phone().disabled).toBe(true);
    done({ refNo: 'r1', resendAfterSecs: 30, expiresInSecs: 300 });
    await waitFor(() => expect(jest.mocked(navigateToUrl)).toHaveBeenCalledWith('/app/login/login-otp/SOS'));
    expect(otpAsked()[0][1]).toMatchObject({ params: { phoneNumber: '9876543210', countryCode: '+91', templateId: 'login' } });
  });
  it('rate-limited: said under the field, the number kept, and the button usable again', async () => {
    answer(() => Promise.reject(new ApiRequestError(429, 'RATE_LIMITED', 'slow down')));
    draw(<LoginScreen params={{}} />);
    fireEvent.change(phone(), { target: { value: '9876543210' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(t('login.error.rateLimited'));
    expect(phone().value).toBe('9876543210');
    expect(phone().disabled).toBe(false);
    expect(jest.mocked(navigateToUrl)).not.toHaveBeenCalled();
  });
  it('a code sent moments ago (none pending in this tab): says wait', async () => {
    answer(() => Promise.reject(new ApiRequestError(429, 'OTP_RESEND_TOO_SOON', 'wait')));
    draw(<LoginScreen params={{}} />);
    fireEvent.change(phone(), { target: { value: '9876543210' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(t('login.error.tooSoon'));
  });
  it('error: any other refusal says the code could not be sent; Get code again works', async () => {
    let calls = 0;
    answer(() =>
      ++calls === 1 ? Promise.reject(new ApiRequestError(500, 'INTERNAL', 'boom')) : Promise.resolve({ refNo: 'r1', resendAfterSecs: 30, expiresInSecs: 300 }),
    );
    draw(<LoginScreen params={{}} />);
    fireEvent.change(phone(), { target: { value: '9876543210' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(t('login.error.generic'));
    submit();
    await waitFor(() => expect(jest.mocked(navigateToUrl)).toHaveBeenCalledWith('/app/login/login-otp'));
  });
  it('offline: handed to the app-wide notice, no error under the field, the number kept', async () => {
    const offline = new ApiRequestError(0, 'NETWORK_ERROR', 'Network Error');
    answer(() => Promise.reject(offline));
    draw(<LoginScreen params={{}} />);
    fireEvent.change(phone(), { target: { value: '9876543210' } });
    submit();
    await waitFor(() => expect(jest.mocked(handleApiError)).toHaveBeenCalledWith(offline));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(phone().value).toBe('9876543210');
  });
  it('signed in already: straight on to where the link leads, replacing this entry', async () => {
    answer(() => Promise.resolve({}));
    signIn();
    draw(<LoginScreen params={{ redirectPath: 'SOS' }} />);
    await waitFor(() => expect(location.pathname).toBe('/app/SOS'));
  });
  it('Hindi: an invalid number in Hindi', () => {
    answer(() => Promise.resolve({}));
    draw(<LoginScreen params={{}} />, 'hi');
    fireEvent.change(phone('hi'), { target: { value: '5555555555' } });
    submit('hi');
    expect(screen.getByRole('alert').textContent).toBe(t('login.error.phone', {}, 'hi'));
  });

  it('on the way to SOS it shows the emergency number first (112, a phone link), in English and Hindi; not elsewhere', () => {
    answer(() => Promise.resolve({ refNo: 'r1', resendAfterSecs: 30, expiresInSecs: 300 }));
    const { unmount } = draw(<LoginScreen params={{ redirectPath: 'SOS' }} />);
    expect(screen.getByRole('link', { name: t('sos.call112') }).getAttribute('href')).toBe('tel:112');
    expect(screen.getByTestId('sos-emergency').textContent).toContain('112');
    unmount();
    const hi = draw(<LoginScreen params={{ redirectPath: 'SOS/editSOSMessage' }} />, 'hi');
    expect(screen.getByRole('link', { name: t('sos.call112', {}, 'hi') }).getAttribute('href')).toBe('tel:112');
    hi.unmount();
    draw(<LoginScreen params={{ redirectPath: 'favourites' }} />);
    expect(screen.queryByTestId('sos-emergency')).toBeNull();
  });
});
