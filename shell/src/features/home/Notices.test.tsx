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

const notice = (id: number, body: string) => ({ id, kind: 'tripCancelled', body, createdAt: Date.parse('2026-11-23T10:00:00+05:30') });

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
