/** @jest-environment jsdom */
// The code screen opened with no code asked for in this tab (a bookmark, a shared link): a signed-in rider goes straight
// on to where the link leads, in ONE redirect (through the number screen it was two, and the wallet reached by the
// second stayed on "Loading…"); a signed-out rider starts from the number, keeping where they were going.
// One code, one try: a wrong code typed in (sent by itself at the sixth digit) is not sent again by "Verify and sign in",
// nor while it is in flight; a new code typed in is sent.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { api, ApiRequestError, SIGNED_OUT, sawariStore, sessionAtom, sessionLoadedAtom } from '@sawari/runtime';
import en from '../../i18n/en.json';
import { t } from '../../test/render';
import { writePendingLogin } from './loginModel';
import OtpScreen from './OtpScreen';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));
jest.mock('@sawari/runtime', () => ({ ...jest.requireActual('@sawari/runtime'), api: { get: jest.fn(), post: jest.fn() } }));

function open(redirectPath: string) {
  const replace = jest.spyOn(history, 'replaceState');
  render(
    <IntlProvider locale="en-IN" messages={en as Record<string, string>} onError={() => undefined}>
      <OtpScreen params={{ redirectPath }} />
    </IntlProvider>,
  );
  return replace;
}

beforeEach(() => {
  sessionStorage.clear();
  history.replaceState(null, '', '/app/login/login-otp/your-tickets-and-passes');
  jest.restoreAllMocks();
});

describe('OtpScreen without a code asked for', () => {
  it('signed in: straight to the page the link leads to, in one redirect', async () => {
    act(() => {
      sawariStore.set(sessionAtom, { phoneNumber: '9876543210', userId: 'u1', accessToken: 'a', refreshToken: 'r' });
      sawariStore.set(sessionLoadedAtom, true);
    });
    const replace = open('your-tickets-and-passes');
    await waitFor(() => expect(location.pathname).toBe('/app/your-tickets-and-passes'));
    expect(replace).toHaveBeenCalledTimes(1);
  });
  it('signed out: to the number screen, keeping where they were going', async () => {
    act(() => {
      sawariStore.set(sessionAtom, SIGNED_OUT);
      sawariStore.set(sessionLoadedAtom, true);
    });
    open('your-tickets-and-passes');
    await waitFor(() => expect(location.pathname).toBe('/app/login/your-tickets-and-passes'));
  });
  it('waits for the stored session before deciding', async () => {
    act(() => {
      sawariStore.set(sessionAtom, SIGNED_OUT);
      sawariStore.set(sessionLoadedAtom, false);
    });
    const replace = open('your-tickets-and-passes');
    expect(replace).not.toHaveBeenCalled();
    act(() => {
      sawariStore.set(sessionAtom, { phoneNumber: '9876543210', userId: 'u1', accessToken: 'a', refreshToken: 'r' });
      sawariStore.set(sessionLoadedAtom, true);
    });
    await waitFor(() => expect(location.pathname).toBe('/app/your-tickets-and-passes'));
  });
});

describe('OtpScreen: one code, one try', () => {
  const wrong = (left: number) =>
    new ApiRequestError(401, 'OTP_INVALID', `That code is not right. You have ${left} ${left === 1 ? 'try' : 'tries'} left.`, { triesLeft: left });
  const logins = () => jest.mocked(api.post).mock.calls.filter(([path]) => path === '/auth/login');
  const field = () => screen.getByLabelText(t('otp.label')) as HTMLInputElement;
  const verifyButton = () => screen.getByRole('button', { name: t('otp.submit') });
  beforeEach(() => {
    jest.mocked(api.post).mockReset();
    act(() => {
      sawariStore.set(sessionAtom, SIGNED_OUT);
      sawariStore.set(sessionLoadedAtom, true);
    });
    writePendingLogin({ phoneNumber: '9876543210', countryCode: '+91', refNo: 'r1', resendAt: Date.now() + 30_000, expiresAt: Date.now() + 300_000 });
  });

  it('a wrong code sent by itself at the sixth digit is not sent again by "Verify and sign in"', async () => {
    jest.mocked(api.post).mockRejectedValue(wrong(3));
    open('your-tickets-and-passes');
    fireEvent.change(field(), { target: { value: '111111' } });
    expect((await screen.findByRole('alert')).textContent).toBe('That code is not right. You have 3 tries left.');
    fireEvent.click(verifyButton());
    fireEvent.submit(field().form!);
    await act(async () => undefined);
    expect(logins()).toHaveLength(1);
    // the verdict is still said, and the field is ready for the right code
    expect(screen.getByRole('alert').textContent).toBe('That code is not right. You have 3 tries left.');
    expect(document.activeElement).toBe(field());
    // a different code is one more try
    jest.mocked(api.post).mockRejectedValue(wrong(2));
    fireEvent.change(field(), { target: { value: '222222' } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('That code is not right. You have 2 tries left.'));
    expect(logins()).toHaveLength(2);
  });
  it('a code in flight is not sent a second time (a submit before the screen redraws)', async () => {
    let answer: (e: unknown) => void = () => undefined;
    jest.mocked(api.post).mockImplementation(() => new Promise((_, reject) => (answer = reject)));
    open('your-tickets-and-passes');
    const input = field();
    // the sixth digit and a submit in one go (the Enter key, a second tap) before React draws "Checking the code…"
    act(() => {
      fireEvent.change(input, { target: { value: '111111' } });
      fireEvent.submit(input.form!);
    });
    expect(logins()).toHaveLength(1);
    await act(async () => answer(wrong(4)));
    await screen.findByRole('alert');
    expect(logins()).toHaveLength(1);
  });
  it('a code that never reached the server (offline) is sent again by "Verify and sign in"', async () => {
    jest
      .mocked(api.post)
      .mockRejectedValueOnce(new ApiRequestError(0, 'NETWORK_ERROR', 'offline'))
      .mockRejectedValueOnce(wrong(4));
    open('your-tickets-and-passes');
    fireEvent.change(field(), { target: { value: '111111' } });
    await waitFor(() => expect(verifyButton()).toHaveProperty('disabled', false));
    fireEvent.click(verifyButton());
    expect((await screen.findByRole('alert')).textContent).toBe('That code is not right. You have 4 tries left.');
    expect(logins()).toHaveLength(2);
  });
});
