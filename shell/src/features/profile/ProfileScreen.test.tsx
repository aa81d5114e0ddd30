/** @jest-environment jsdom */
// /profile against a mocked network: loading, the rider's details (what was not given said so), a rider with no
// profile yet sent to create it, an error with Try again (offline said as offline), sign out, signed out, and Hindi.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { navigateToUrl } from 'single-spa';
import type { UserProfile } from '@sawari/contracts';
import { api, ApiRequestError, sawariStore, sessionAtom } from '@sawari/runtime';
import { draw, signIn, signOut, t } from '../../test/render';
import { formatDob } from './profileModel';
import ProfileScreen from './ProfileScreen';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));
jest.mock('@sawari/runtime', () => ({ ...jest.requireActual('@sawari/runtime'), api: { get: jest.fn(), post: jest.fn() } }));
const mocked = jest.mocked(api);

// 5 January 1990, midnight in India (a fixed instant, whatever the hour the tests run).
const DOB = Date.parse('1990-01-05T00:00:00+05:30');
const profile = (over: Partial<UserProfile> = {}): UserProfile => ({
  userId: 'u1',
  firstName: 'Anjali',
  lastName: 'Menon',
  mailId: null,
  mobileNumber: '9876543210',
  gender: 'female',
  dobInMillis: DOB,
  profilePhoto: null,
  ...over,
});

beforeEach(() => {
  jest.resetAllMocks();
  history.replaceState(null, '', '/app/profile');
  signIn();
});

const detail = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('ProfileScreen', () => {
  it('loading: a skeleton until the profile arrives', () => {
    mocked.get.mockReturnValue(new Promise(() => undefined));
    draw(<ProfileScreen />);
    expect(screen.getByRole('status').textContent).toContain(t('common.loading'));
    expect(mocked.get).toHaveBeenCalledWith('/profile');
  });
  it('loaded: name, phone, gender and date of birth; a missing email is said as not given', async () => {
    mocked.get.mockResolvedValue(profile());
    draw(<ProfileScreen />);
    await screen.findByText(t('profile.name'), { selector: 'dt' });
    expect(detail(t('profile.name'))).toBe('Anjali Menon');
    expect(detail(t('profile.phone'))).toBe('+91 98765 43210');
    expect(detail(t('profile.gender'))).toBe(t('profile.gender.female'));
    expect(detail(t('profile.dob'))).toBe(formatDob(DOB, 'en'));
    expect(detail(t('profile.dob'))).toBe('05 Jan 1990');
    expect(detail(t('profile.email'))).toBe(t('profile.notGiven'));
    expect(screen.getByText(t('profile.noPhoto'))).toBeTruthy();
    expect(screen.getByRole('link', { name: t('profile.editLink') }).getAttribute('href')).toBe('/app/profile/edit-profile');
  });
  it('no profile yet: sent to create it, replacing this entry', async () => {
    mocked.get.mockRejectedValue(new ApiRequestError(404, 'USER_DOES_NOT_EXIST', 'no profile'));
    draw(<ProfileScreen />);
    await waitFor(() => expect(location.pathname).toBe('/app/profile/edit-profile'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
  it('error: offline said as offline, and Try again loads again', async () => {
    mocked.get.mockRejectedValueOnce(new ApiRequestError(0, 'NETWORK_ERROR', 'Network Error')).mockResolvedValueOnce(profile());
    draw(<ProfileScreen />);
    expect((await screen.findByRole('alert')).getAttribute('data-error-kind')).toBe('offline');
    fireEvent.click(screen.getByRole('button', { name: t('common.retry') }));
    expect(await screen.findByText('Anjali Menon')).toBeTruthy();
  });
  it('sign out: tells the server, goes home and ends the session here', async () => {
    mocked.get.mockResolvedValue(profile());
    mocked.post.mockResolvedValue(undefined);
    draw(<ProfileScreen />);
    fireEvent.click(await screen.findByRole('button', { name: t('profile.signOut') }));
    await waitFor(() => expect(jest.mocked(navigateToUrl)).toHaveBeenCalledWith('/app/'));
    expect(mocked.post).toHaveBeenCalledWith('/auth/logout', { refreshToken: 'r' });
    await waitFor(() => expect(sawariStore.get(sessionAtom).accessToken).toBeFalsy());
  });
  it('signed out: sent to sign in, coming back to the profile', async () => {
    signOut();
    draw(<ProfileScreen />);
    await waitFor(() => expect(location.pathname).toBe(`/app/login/${encodeURIComponent('/profile')}`));
    expect(mocked.get).not.toHaveBeenCalled();
  });
  it('Hindi: the details and the date of birth in Hindi', async () => {
    mocked.get.mockResolvedValue(profile({ gender: null }));
    draw(<ProfileScreen />, 'hi');
    await screen.findByText(t('profile.name', {}, 'hi'), { selector: 'dt' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t('profile.heading', {}, 'hi'));
    expect(detail(t('profile.gender', {}, 'hi'))).toBe(t('profile.notGiven', {}, 'hi'));
    expect(detail(t('profile.dob', {}, 'hi'))).toBe(formatDob(DOB, 'hi'));
    expect(detail(t('profile.dob', {}, 'hi'))).not.toBe('05 Jan 1990');
  });
});
