/** @jest-environment jsdom */
// /SOS/editSOSMessage against a mocked network: loading, the saved contacts and message in the form, none yet (one
// empty contact and the default message), validation that keeps what was typed and focuses the first field to fix, a
// save that fails (said, the form kept), a save that goes back to SOS, settings that cannot be read with Try again,
// signed out, and Hindi.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { navigateToUrl } from 'single-spa';
import type { SosSettings } from '@sawari/contracts';
import { api, ApiRequestError } from '@sawari/runtime';
import { draw, signIn, signOut, t } from '../../test/render';
import EditSosScreen from './EditSosScreen';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));
jest.mock('@sawari/runtime', () => ({ ...jest.requireActual('@sawari/runtime'), api: { get: jest.fn(), put: jest.fn() } }));
const mocked = jest.mocked(api);

const settings: SosSettings = { contacts: [{ name: 'Ravi', phoneNumber: '9876543210' }], message: 'Help, on bus 5C.' };
const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const formShown = (lang: 'en' | 'hi' = 'en') => screen.findByRole('button', { name: t('sos.edit.save', {}, lang) });

beforeEach(() => {
  jest.resetAllMocks();
  history.replaceState(null, '', '/app/SOS/editSOSMessage');
  signIn();
});

describe('EditSosScreen', () => {
  it('loading: a skeleton until the settings arrive', () => {
    mocked.get.mockReturnValue(new Promise(() => undefined));
    draw(<EditSosScreen />);
    expect(screen.getByRole('status').textContent).toContain(t('common.loading'));
    expect(screen.queryByRole('textbox')).toBeNull();
  });
  it('loaded: the saved contacts and message; Save sends them and goes back to SOS', async () => {
    mocked.get.mockResolvedValue(settings);
    mocked.put.mockResolvedValue(settings);
    draw(<EditSosScreen />);
    await formShown();
    expect(input('sos-name-0').value).toBe('Ravi');
    expect(input('sos-phone-0').value).toBe('9876543210');
    expect(input('sos-message').value).toBe('Help, on bus 5C.');
    fireEvent.click(screen.getByRole('button', { name: t('sos.edit.add') }));
    fireEvent.change(input('sos-name-1'), { target: { value: 'Meera' } });
    fireEvent.change(input('sos-phone-1'), { target: { value: '91234 56789' } });
    fireEvent.click(screen.getByRole('button', { name: t('sos.edit.save') }));
    await waitFor(() => expect(jest.mocked(navigateToUrl)).toHaveBeenCalledWith('/app/SOS'));
    expect(mocked.put).toHaveBeenCalledWith('/sos', {
      contacts: [
        { name: 'Ravi', phoneNumber: '9876543210' },
        { name: 'Meera', phoneNumber: '9123456789' },
      ],
      message: 'Help, on bus 5C.',
    });
  });
  it('none yet (404): one empty contact and the default message', async () => {
    mocked.get.mockRejectedValue(new ApiRequestError(404, 'NOT_FOUND', 'none'));
    draw(<EditSosScreen />);
    await formShown();
    expect(input('sos-name-0').value).toBe('');
    expect(input('sos-name-1')).toBeNull();
    expect(input('sos-message').value).toBe(t('sos.edit.defaultMessage'));
  });
  it('validation: nothing is sent, the first field to fix has focus, and what was typed stays', async () => {
    mocked.get.mockResolvedValue(settings);
    draw(<EditSosScreen />);
    await formShown();
    fireEvent.change(input('sos-phone-0'), { target: { value: '12345' } });
    fireEvent.change(input('sos-message'), { target: { value: 'See https://example.com' } });
    fireEvent.click(screen.getByRole('button', { name: t('sos.edit.save') }));
    expect(screen.getByText(t('sos.edit.errors'))).toBeTruthy();
    expect(screen.getByText(t('sos.edit.error.phone'))).toBeTruthy();
    expect(input('sos-message').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('sos-phone-0'));
    expect(input('sos-phone-0').value).toBe('12345');
    expect(input('sos-message').value).toBe('See https://example.com');
    expect(mocked.put).not.toHaveBeenCalled();
  });
  it('save error: said, the form kept, and Save again works', async () => {
    mocked.get.mockResolvedValue(settings);
    mocked.put.mockRejectedValueOnce(new ApiRequestError(500, 'INTERNAL', 'boom')).mockResolvedValueOnce(settings);
    draw(<EditSosScreen />);
    await formShown();
    fireEvent.change(input('sos-name-0'), { target: { value: 'Ravi Kumar' } });
    fireEvent.click(screen.getByRole('button', { name: t('sos.edit.save') }));
    expect(await screen.findByText(t('sos.edit.error.save'))).toBeTruthy();
    expect(input('sos-name-0').value).toBe('Ravi Kumar');
    expect(jest.mocked(navigateToUrl)).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: t('sos.edit.save') }));
    await waitFor(() => expect(jest.mocked(navigateToUrl)).toHaveBeenCalledWith('/app/SOS'));
  });
  it('error: settings that cannot be read (offline said as offline); Try again loads them', async () => {
    mocked.get.mockRejectedValueOnce(new ApiRequestError(0, 'NETWORK_ERROR', 'Network Error')).mockResolvedValueOnce(settings);
    draw(<EditSosScreen />);
    expect((await screen.findByRole('alert')).getAttribute('data-error-kind')).toBe('offline');
    fireEvent.click(screen.getByRole('button', { name: t('common.retry') }));
    await formShown();
    expect(input('sos-name-0').value).toBe('Ravi');
  });
  it('signed out: sent to sign in, coming back here', async () => {
    signOut();
    draw(<EditSosScreen />);
    await waitFor(() => expect(location.pathname).toBe(`/app/login/${encodeURIComponent('/SOS/editSOSMessage')}`));
    expect(mocked.get).not.toHaveBeenCalled();
  });
  it('Hindi: the default message and a field error in Hindi', async () => {
    mocked.get.mockRejectedValue(new ApiRequestError(404, 'NOT_FOUND', 'none'));
    draw(<EditSosScreen />, 'hi');
    await formShown('hi');
    expect(input('sos-message').value).toBe(t('sos.edit.defaultMessage', {}, 'hi'));
    fireEvent.change(input('sos-phone-0'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: t('sos.edit.save', {}, 'hi') }));
    expect(screen.getByText(t('sos.edit.error.phone', {}, 'hi'))).toBeTruthy();
  });
});
