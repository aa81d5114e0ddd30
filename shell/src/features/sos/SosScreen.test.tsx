/** @jest-environment jsdom */
// /SOS against a mocked network: loading, the contacts and message with the alert sent after a confirm step (then the
// cooldown), no contacts yet (nothing to send to), the daily limit (call 112), a refusal while cooling down, settings
// that cannot be read with Try again, signed out, and Hindi. The support offices' open/closed line depends on the hour
// and is not asserted here (officeStatus has its own tests).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SosSettings } from '@sawari/contracts';
import { SOS_DAILY_CAP } from '@sawari/domain';
import { api, ApiRequestError, cityAtom, sawariStore, serverNow } from '@sawari/runtime';
import { draw, signIn, signOut, t } from '../../test/render';
import SosScreen from './SosScreen';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));
jest.mock('@sawari/runtime', () => ({ ...jest.requireActual('@sawari/runtime'), api: { get: jest.fn(), post: jest.fn() } }));
const mocked = jest.mocked(api);

const settings: SosSettings = {
  contacts: [
    { name: 'Ravi', phoneNumber: '9876543210' },
    { name: 'Meera', phoneNumber: '9123456789' },
  ],
  message: 'Help, on bus 5C.',
};
const offices = {
  phone: '1800 123 4567',
  email: 'help@sawari.in',
  timeZone: 'Asia/Kolkata',
  hours: { weekday: { opens: 9, closes: 18 }, weekend: { opens: 10, closes: 14 } },
};

function answer(sos: SosSettings | Error | null | (() => SosSettings | Error)) {
  mocked.get.mockImplementation(async (path: string) => {
    if (path === '/support/offices') return offices as never;
    if (path !== '/sos') throw new Error(`unexpected GET ${path}`);
    const v = typeof sos === 'function' ? sos() : sos;
    if (v instanceof Error) throw v;
    return v as never;
  });
}
const sendButton = () => screen.getByRole('button', { name: t('sos.send') }) as HTMLButtonElement;
const contactsShown = () => screen.findByRole('heading', { name: t('sos.contacts.heading') });

beforeEach(() => {
  jest.resetAllMocks();
  localStorage.clear();
  history.replaceState(null, '', '/app/SOS');
  signIn();
});

describe('SosScreen', () => {
  it('loading: a skeleton until the settings arrive', () => {
    mocked.get.mockReturnValue(new Promise(() => undefined));
    draw(<SosScreen />);
    expect(screen.getAllByRole('status')[0].textContent).toContain(t('common.loading'));
    expect(screen.queryByRole('button', { name: t('sos.send') })).toBeNull();
  });
  it('loaded: contacts and message; the alert goes only after the confirm step, then the cooldown counts down', async () => {
    answer(settings);
    mocked.post.mockResolvedValue({ sentTo: 2, nextAllowedAt: serverNow() + 10 * 60_000 });
    draw(<SosScreen />);
    const list = within((await contactsShown()).parentElement!).getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Help, on bus 5C.')).toBeTruthy();
    fireEvent.click(sendButton());
    const confirm = screen.getByRole('group', { name: t('sos.confirm.heading') });
    expect(document.activeElement?.id).toBe('sos-confirm');
    expect(mocked.post).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: t('sos.confirm.send') }));
    await waitFor(() => expect(mocked.post).toHaveBeenCalledWith('/sos/alert', { lat: null, lon: null }));
    // jsdom has no geolocation: sent without the position, and said so
    expect((await screen.findByText(new RegExp(t('sos.noLocation')))).textContent).toContain('2');
    expect(await screen.findByRole('timer')).toBeTruthy(); // drawn once the answer is in: waited for, not assumed (it raced under load)
    expect(sendButton().disabled).toBe(true);
  });
  it('cancel: nothing sent, the focus back on the button', async () => {
    answer(settings);
    draw(<SosScreen />);
    await contactsShown();
    fireEvent.click(sendButton());
    fireEvent.click(screen.getByRole('button', { name: t('common.cancel') }));
    expect(screen.queryByRole('group', { name: t('sos.confirm.heading') })).toBeNull();
    expect(document.activeElement).toBe(sendButton());
    expect(mocked.post).not.toHaveBeenCalled();
  });
  it('emergency numbers first: 112 (and the other national numbers) as tel: links above the alert, loaded or not', async () => {
    mocked.get.mockReturnValue(new Promise(() => undefined));
    const { unmount } = draw(<SosScreen />);
    const numbers = screen.getByRole('region', { name: t('sos.numbers.heading') });
    const call112 = within(numbers).getByRole('link', { name: new RegExp(t('sos.call112')) });
    expect(call112.getAttribute('href')).toBe('tel:112');
    for (const link of within(numbers).getAllByRole('link')) expect(link.getAttribute('href')).toMatch(/^tel:\d{3,4}$/);
    unmount();
    answer(settings);
    draw(<SosScreen />);
    await contactsShown();
    const first = screen.getAllByRole('link')[0];
    expect(first.getAttribute('href')).toBe('tel:112');
    // before the alert button in reading order
    expect(first.compareDocumentPosition(sendButton()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
  it('no settings yet (404): no disabled button as the only way: add a contact, or call 112; and the default message', async () => {
    answer(new ApiRequestError(404, 'NOT_FOUND', 'none'));
    draw(<SosScreen />);
    await contactsShown();
    expect(screen.getByText(t('sos.contacts.empty'))).toBeTruthy();
    expect(screen.getByText(t('sos.noContacts'))).toBeTruthy();
    expect(screen.getByText(t('sos.edit.defaultMessage'))).toBeTruthy();
    // nothing to send to: no alert button that cannot be pressed, but the two ways forward
    expect(screen.queryByRole('button', { name: t('sos.send') })).toBeNull();
    const ways = screen.getByRole('group', { name: t('sos.noContacts') });
    expect(
      within(ways)
        .getByRole('link', { name: t('sos.addContact') })
        .getAttribute('href'),
    ).toBe('/app/SOS/editSOSMessage');
    expect(
      within(ways)
        .getByRole('link', { name: t('sos.call112') })
        .getAttribute('href'),
    ).toBe('tel:112');
  });
  it('the server says there are no contacts (removed in another tab): the same two ways forward', async () => {
    answer(settings);
    mocked.post.mockRejectedValue(new ApiRequestError(400, 'SOS_NO_CONTACTS', 'none'));
    draw(<SosScreen />);
    await contactsShown();
    fireEvent.click(sendButton());
    fireEvent.click(screen.getByRole('button', { name: t('sos.confirm.send') }));
    const ways = await screen.findByRole('group', { name: t('sos.noContacts') });
    expect(within(ways).getByRole('link', { name: t('sos.addContact') })).toBeTruthy();
    expect(
      within(ways)
        .getByRole('link', { name: t('sos.call112') })
        .getAttribute('href'),
    ).toBe('tel:112');
  });
  it('the daily limit: says so and to call 112', async () => {
    answer(settings);
    mocked.post.mockRejectedValue(new ApiRequestError(429, 'SOS_DAILY_LIMIT', 'limit'));
    draw(<SosScreen />);
    await contactsShown();
    fireEvent.click(sendButton());
    fireEvent.click(screen.getByRole('button', { name: t('sos.confirm.send') }));
    const said = await screen.findByText(t('sos.dailyLimit', { max: SOS_DAILY_CAP }));
    expect(said.textContent).toContain('112');
    expect(screen.queryByRole('timer')).toBeNull();
  });
  it('refused while cooling down: the cooldown is shown and the button waits', async () => {
    answer(settings);
    mocked.post.mockRejectedValue(new ApiRequestError(429, 'SOS_COOLDOWN', 'wait'));
    draw(<SosScreen />);
    await contactsShown();
    fireEvent.click(sendButton());
    fireEvent.click(screen.getByRole('button', { name: t('sos.confirm.send') }));
    expect(await screen.findByRole('timer')).toBeTruthy();
    expect(sendButton().disabled).toBe(true);
  });
  it('an alert that could not be sent offline: said as offline, and the button stays usable', async () => {
    answer(settings);
    mocked.post.mockRejectedValue(new ApiRequestError(0, 'NETWORK_ERROR', 'Network Error'));
    draw(<SosScreen />);
    await contactsShown();
    fireEvent.click(sendButton());
    fireEvent.click(screen.getByRole('button', { name: t('sos.confirm.send') }));
    expect(await screen.findByText(t('common.error.network'))).toBeTruthy();
    expect(sendButton().disabled).toBe(false);
  });
  it('error: settings that cannot be read; Try again loads them', async () => {
    let calls = 0;
    answer(() => (++calls === 1 ? new ApiRequestError(500, 'INTERNAL', 'boom') : settings));
    draw(<SosScreen />);
    expect((await screen.findByRole('alert')).getAttribute('data-error-kind')).toBe('generic');
    fireEvent.click(screen.getByRole('button', { name: t('common.retry') }));
    await contactsShown();
    expect(calls).toBe(2);
  });
  it('signed out: sent to sign in, coming back to SOS', async () => {
    signOut();
    answer(settings);
    draw(<SosScreen />);
    await waitFor(() => expect(location.pathname).toBe(`/app/login/${encodeURIComponent('/SOS')}`));
    expect(mocked.get).not.toHaveBeenCalledWith('/sos');
  });
  it("the support contacts are the rider's city's (Kochi's number in Kochi, never Mumbai's +91 22), en and hi", async () => {
    const kochi = { ...offices, phone: '+91 484 400 1234', email: 'kochi@sawari.example' };
    const mumbai = { ...offices, phone: '+91 22 4000 1234', email: 'support@sawari.example' };
    mocked.get.mockImplementation(async (path: string, o?: { params?: Record<string, unknown> }) => {
      // the server's own (Mumbai's development default) without a city, the city's with it
      if (path === '/support/offices') return (o?.params?.city === 'kochi' ? kochi : mumbai) as never;
      if (path === '/sos') return settings as never;
      throw new Error(`unexpected GET ${path}`);
    });
    act(() => sawariStore.set(cityAtom, 'kochi'));
    try {
      for (const lang of ['en', 'hi'] as const) {
        const { unmount } = draw(<SosScreen />, lang);
        const offices = screen.getByRole('region', { name: t('sos.offices.heading', {}, lang) });
        const call = await within(offices).findByRole('link', { name: t('sos.offices.call', { phone: kochi.phone }, lang) });
        expect(call.getAttribute('href')).toBe('tel:+914844001234');
        expect(
          within(offices)
            .getByRole('link', { name: t('sos.offices.mail', { email: kochi.email }, lang) })
            .getAttribute('href'),
        ).toBe('mailto:kochi@sawari.example');
        expect(offices.textContent).not.toContain('+91 22');
        unmount();
      }
    } finally {
      act(() => sawariStore.set(cityAtom, null));
    }
  });
  it('Hindi: the daily limit in Hindi, still with 112', async () => {
    answer(settings);
    mocked.post.mockRejectedValue(new ApiRequestError(429, 'SOS_DAILY_LIMIT', 'limit'));
    draw(<SosScreen />, 'hi');
    await screen.findByRole('heading', { name: t('sos.contacts.heading', {}, 'hi') });
    fireEvent.click(screen.getByRole('button', { name: t('sos.send', {}, 'hi') }));
    fireEvent.click(screen.getByRole('button', { name: t('sos.confirm.send', {}, 'hi') }));
    const said = await screen.findByText(t('sos.dailyLimit', { max: SOS_DAILY_CAP }, 'hi'));
    expect(said.textContent).toContain('112');
    expect(screen.getByRole('region', { name: t('sos.numbers.heading', {}, 'hi') })).toBeTruthy();
  });
});
