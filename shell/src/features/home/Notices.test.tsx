/** @jest-environment jsdom */
// Home's notices card against a mocked network (the runtime's `api`): each notice until the rider marks it seen (POST
// …/seen, then gone), nothing when there are none, and a list that cannot be read says so with Try again.
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { api, ApiRequestError } from '@sawari/runtime';
import en from '../../i18n/en.json';
import { Notices } from './Notices';

configure({ asyncUtilTimeout: 5000 });
jest.mock('@sawari/runtime', () => ({ ...jest.requireActual('@sawari/runtime'), api: { get: jest.fn(), post: jest.fn() } }));
const mocked = jest.mocked(api);

const draw = () =>
  render(
    <IntlProvider locale="en-IN" messages={en as Record<string, string>} onError={() => undefined}>
      <Notices />
    </IntlProvider>,
  );

const notice = (id: number, body: string, createdAt = Date.parse('2026-11-23T10:00:00+05:30')) => ({ id, kind: 'tripCancelled', body, createdAt });

beforeEach(() => jest.resetAllMocks());

describe('Home notices', () => {
  it('shows each notice with its time until seen; Got it marks it seen and removes it', async () => {
    mocked.get.mockResolvedValue({ notices: [notice(7, 'Your 8 PM seat on P2 was cancelled.'), notice(3, 'Refund of ₹450 sent.')] });
    mocked.post.mockResolvedValue(undefined);
    draw();
    const card = await screen.findByRole('region', { name: 'Messages for you' });
    expect(card.textContent).toContain('Your 8 PM seat on P2 was cancelled.');
    expect(card.textContent).toContain('23 Nov, 10:00 AM');
    expect(mocked.get).toHaveBeenCalledWith('/notices');
    const buttons = screen.getAllByRole('button', { name: 'Got it' });
    expect(buttons).toHaveLength(2);
    // the button is described by its notice (a screen reader says which one it dismisses)
    expect(document.getElementById(buttons[0].getAttribute('aria-describedby') ?? '')?.textContent).toBe('Your 8 PM seat on P2 was cancelled.');
    fireEvent.click(buttons[0]);
    await waitFor(() => expect(screen.queryByText('Your 8 PM seat on P2 was cancelled.')).toBeNull());
    expect(mocked.post).toHaveBeenCalledWith('/notices/7/seen');
    expect(screen.getByText('Refund of ₹450 sent.')).toBeTruthy();
  });
  it('a pile of notices: the three newest first, the rest counted, and Dismiss all marks every one seen', async () => {
    const at = (h: number) => Date.parse(`2026-11-23T${String(h).padStart(2, '0')}:00:00+05:30`);
    mocked.get.mockResolvedValue({
      notices: [
        notice(1, 'Oldest.', at(8)),
        notice(5, 'Newest.', at(12)),
        notice(2, 'Second oldest.', at(9)),
        notice(4, 'Second newest.', at(11)),
        notice(3, 'Middle.', at(10)),
      ],
    });
    mocked.post.mockResolvedValue(undefined);
    draw();
    const card = await screen.findByRole('region', { name: 'Messages for you' });
    expect([...card.querySelectorAll('li p[id]')].map((p) => p.textContent)).toEqual(['Newest.', 'Second newest.', 'Middle.']);
    expect(card.textContent).toContain('2 older messages are not shown');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss all' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Messages for you' })).toBeNull());
    expect(mocked.post.mock.calls.map((c) => c[0]).sort()).toEqual([
      '/notices/1/seen',
      '/notices/2/seen',
      '/notices/3/seen',
      '/notices/4/seen',
      '/notices/5/seen',
    ]);
  });
  it('Dismiss all that fails for one: the others are gone, the one kept, and it says so', async () => {
    mocked.get.mockResolvedValue({ notices: [notice(7, 'Refund of ₹450 sent.'), notice(8, 'Booking confirmed.')] });
    mocked.post.mockImplementation(((path: string) =>
      path === '/notices/8/seen' ? Promise.reject(new ApiRequestError(0, 'NETWORK_ERROR', 'Network Error')) : Promise.resolve(undefined)) as typeof api.post);
    draw();
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss all' }));
    expect((await screen.findByRole('alert')).textContent).toContain('That did not work. Try again.');
    expect(screen.queryByText('Refund of ₹450 sent.')).toBeNull();
    expect(screen.getByText('Booking confirmed.')).toBeTruthy();
    // one notice left: its own Got it, no Dismiss all
    expect(screen.queryByRole('button', { name: 'Dismiss all' })).toBeNull();
  });
  it('keeps a notice whose seen could not be sent, and says so', async () => {
    mocked.get.mockResolvedValue({ notices: [notice(7, 'Refund of ₹450 sent.')] });
    mocked.post.mockRejectedValue(new ApiRequestError(0, 'NETWORK_ERROR', 'Network Error'));
    draw();
    fireEvent.click(await screen.findByRole('button', { name: 'Got it' }));
    expect((await screen.findByRole('alert')).textContent).toContain('That did not work. Try again.');
    expect(screen.getByText('Refund of ₹450 sent.')).toBeTruthy();
  });
  it('shows nothing when there is nothing to tell', async () => {
    mocked.get.mockResolvedValue({ notices: [] });
    const { container } = draw();
    await waitFor(() => expect(mocked.get).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 0));
    expect(container.innerHTML).toBe('');
  });
  it('a list that cannot be read: what happened (offline said as offline) and Try again, which loads again', async () => {
    mocked.get.mockRejectedValueOnce(new ApiRequestError(500, 'INTERNAL', 'boom')).mockResolvedValueOnce({ notices: [notice(1, 'Booking confirmed.')] });
    draw();
    expect((await screen.findByRole('alert')).textContent).toContain('Your messages could not be loaded.');
    expect(screen.queryByText('boom')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Booking confirmed.')).toBeTruthy();

    mocked.get.mockRejectedValueOnce(new ApiRequestError(0, 'NETWORK_ERROR', 'Network Error'));
    draw();
    await waitFor(() => expect(screen.getAllByRole('alert').some((a) => /You're offline/.test(a.textContent ?? ''))).toBe(true));
  });
});
