/** @jest-environment jsdom */
// /profile/edit-profile against a mocked network: loading, editing a profile (filled in) or creating one (none yet),
// validation that keeps what was typed and focuses the first field to fix, a save the server refuses (said, and the
// form kept), a save that goes on to the profile, a profile that cannot be read with Try again, and Hindi.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { navigateToUrl } from 'single-spa';
import type { UserProfile } from '@sawari/contracts';
import { api, ApiRequestError } from '@sawari/runtime';
import { draw, signIn, t } from '../../test/render';
import EditProfileScreen from './EditProfileScreen';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));
jest.mock('@sawari/runtime', () => ({ ...jest.requireActual('@sawari/runtime'), api: { get: jest.fn(), post: jest.fn(), put: jest.fn() } }));
const mocked = jest.mocked(api);

// 5 January 1990, midnight in India (a fixed instant).
const DOB = Date.parse('1990-01-05T00:00:00+05:30');
const profile: UserProfile = {
  userId: 'u1',
  firstName: 'Anjali',
  lastName: 'Menon',
  mailId: 'anjali@example.com',
  mobileNumber: '9876543210',
  gender: 'female',
  dobInMillis: DOB,
  profilePhoto: null,
};

const field = (id: string, lang: 'en' | 'hi' = 'en') => screen.getByLabelText(t(id, {}, lang)) as HTMLInputElement;
// The heading reads "Edit profile" while loading too: the form is there once its first field is.
const formShown = (lang: 'en' | 'hi' = 'en') => screen.findByLabelText(t('profile.field.firstName', {}, lang));
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });

beforeEach(() => {
  jest.resetAllMocks();
  history.replaceState(null, '', '/app/profile/edit-profile');
  signIn();
});

describe('EditProfileScreen', () => {
  it('loading: a skeleton until the profile arrives', () => {
    mocked.get.mockReturnValue(new Promise(() => undefined));
    draw(<EditProfileScreen />);
    expect(screen.getByRole('status').textContent).toContain(t('common.loading'));
    expect(screen.queryByRole('textbox')).toBeNull();
  });
  it('loaded: the form holds the profile; Save sends the changes (PUT) and goes on to the profile', async () => {
    mocked.get.mockResolvedValue(profile);
    mocked.put.mockResolvedValue(profile);
    draw(<EditProfileScreen />);
    await formShown();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t('profile.edit.heading'));
    expect(field('profile.field.firstName').value).toBe('Anjali');
    expect(field('profile.field.mailId').value).toBe('anjali@example.com');
    expect(field('profile.field.dob').value).toBe('1990-01-05');
    type('profile.field.lastName', 'Nair');
    fireEvent.click(screen.getByRole('button', { name: t('profile.save') }));
    await waitFor(() => expect(jest.mocked(navigateToUrl)).toHaveBeenCalledWith('/app/profile'));
    expect(mocked.put).toHaveBeenCalledWith('/profile', expect.objectContaining({ firstName: 'Anjali', lastName: 'Nair', dobInMillis: DOB }));
    expect(mocked.post).not.toHaveBeenCalled();
  });
  it('no profile yet: the create form, empty; Save creates it (POST)', async () => {
    mocked.get.mockRejectedValue(new ApiRequestError(404, 'USER_DOES_NOT_EXIST', 'no profile'));
    mocked.post.mockResolvedValue(profile);
    draw(<EditProfileScreen />);
    expect(await screen.findByRole('heading', { level: 1, name: t('profile.create.heading') })).toBeTruthy();
    expect(field('profile.field.firstName').value).toBe('');
    type('profile.field.firstName', 'Anjali');
    fireEvent.click(screen.getByRole('button', { name: t('profile.save') }));
    await waitFor(() => expect(mocked.post).toHaveBeenCalledWith('/profile', expect.objectContaining({ firstName: 'Anjali' })));
    expect(mocked.put).not.toHaveBeenCalled();
  });
  it('validation: nothing is sent, each error is shown, the first field to fix has focus, and what was typed stays', async () => {
    mocked.get.mockResolvedValue(profile);
    draw(<EditProfileScreen />);
    await formShown();
    type('profile.field.firstName', '');
    type('profile.field.mailId', 'anjali@');
    type('profile.field.lastName', 'Nair');
    fireEvent.click(screen.getByRole('button', { name: t('profile.save') }));
    expect(screen.getByText(t('profile.error.firstNameRequired'))).toBeTruthy();
    expect(screen.getByText(t('profile.error.email'))).toBeTruthy();
    expect(document.activeElement).toBe(field('profile.field.firstName'));
    expect(field('profile.field.firstName').getAttribute('aria-invalid')).toBe('true');
    expect(field('profile.field.mailId').value).toBe('anjali@');
    expect(field('profile.field.lastName').value).toBe('Nair');
    expect(mocked.put).not.toHaveBeenCalled();
    // fixing a field clears its error
    type('profile.field.firstName', 'Anjali');
    expect(screen.queryByText(t('profile.error.firstNameRequired'))).toBeNull();
  });
  it('save error: the server refuses; said with its reason, the form kept, Save again works', async () => {
    mocked.get.mockResolvedValue(profile);
    mocked.put.mockRejectedValueOnce(new ApiRequestError(400, 'VALIDATION_FAILED', 'That email is used by another account.')).mockResolvedValueOnce(profile);
    draw(<EditProfileScreen />);
    await formShown();
    type('profile.field.mailId', 'other@example.com');
    fireEvent.click(screen.getByRole('button', { name: t('profile.save') }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(t('profile.error.save', { reason: 'That email is used by another account.' }));
    expect(field('profile.field.mailId').value).toBe('other@example.com');
    expect(jest.mocked(navigateToUrl)).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: t('profile.save') }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: t('profile.save') }));
    await waitFor(() => expect(jest.mocked(navigateToUrl)).toHaveBeenCalledWith('/app/profile'));
  });
  it('error: a profile that cannot be read; offline said as offline, Try again loads it', async () => {
    mocked.get.mockRejectedValueOnce(new ApiRequestError(0, 'NETWORK_ERROR', 'Network Error')).mockResolvedValueOnce(profile);
    draw(<EditProfileScreen />);
    expect((await screen.findByRole('alert')).getAttribute('data-error-kind')).toBe('offline');
    fireEvent.click(screen.getByRole('button', { name: t('common.retry') }));
    expect((await screen.findByDisplayValue('Anjali')).tagName).toBe('INPUT');
  });
  it('Hindi: the validation error in Hindi', async () => {
    mocked.get.mockResolvedValue(profile);
    draw(<EditProfileScreen />, 'hi');
    await formShown('hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t('profile.edit.heading', {}, 'hi'));
    fireEvent.change(field('profile.field.firstName', 'hi'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: t('profile.save', {}, 'hi') }));
    expect(screen.getByText(t('profile.error.firstNameRequired', {}, 'hi'))).toBeTruthy();
  });
});
