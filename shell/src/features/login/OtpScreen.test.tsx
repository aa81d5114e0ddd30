/** @jest-environment jsdom */
// The code screen opened with no code asked for in this tab (a bookmark, a shared link): a signed-in rider goes straight
// on to where the link leads, in ONE redirect (through the number screen it was two, and the wallet reached by the
// second stayed on "Loading…"); a signed-out rider starts from the number, keeping where they were going.
import { act, render, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { SIGNED_OUT, sawariStore, sessionAtom, sessionLoadedAtom } from '@sawari/runtime';
import en from '../../i18n/en.json';
import OtpScreen from './OtpScreen';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

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
