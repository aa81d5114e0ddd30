/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import type { BookingTracking } from '@sawari/contracts';
import { renderAt } from '../../test/render';
import * as api from '../common/api';
import LiveBus, { opensAtWords, showsPollNote } from './LiveBus';

jest.mock('../common/api');
jest.mock('./StopMap', () => ({ __esModule: true, default: () => null }));
const mocked = jest.mocked(api);

const NOW = Date.now();
const stop = (stopId: string, name: string) => ({ stopId, name, lat: 19.1, lon: 72.9 });
function tracking(over: Partial<BookingTracking>): BookingTracking {
  const slot = NOW + 3 * 24 * 3600_000;
  return {
    bookingId: 'RSV-1',
    lineId: 'PRM-2',
    lineCode: 'P2',
    lineName: 'Kharghar – Andheri',
    state: 'NOT_OPEN',
    opensAt: slot - 30 * 60_000,
    until: slot + 3600_000,
    pollAfterMs: 149_000_000,
    serverTime: NOW,
    vehicleNo: null,
    boarding: { ...stop('K', 'Kharghar'), scheduledAt: slot },
    drop: stop('A', 'Andheri'),
    path: [stop('K', 'Kharghar'), stop('A', 'Andheri')],
    vehicle: null,
    expectedAt: slot,
    etaSeconds: null,
    delaySeconds: null,
    timeliness: null,
    ...over,
  } as BookingTracking;
}
const draw = (lang: 'en' | 'hi' = 'en') => renderAt('/b/RSV-1', '/b/:id', <LiveBus bookingId="RSV-1" />, lang);

afterEach(() => jest.resetAllMocks());

test('a seat days ahead: tracking opens on its date, and no "updates every 2482 min"', async () => {
  const t = tracking({});
  mocked.loadTracking.mockResolvedValue(t);
  draw();
  const opens = await screen.findByText(/Live tracking of your bus opens/);
  const day = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(t.opensAt);
  expect(opens.textContent).toContain(day.replace(/\./g, ''));
  expect(screen.queryByText(/Updates by itself/)).toBeNull();
});

test('the same in Hindi: the date is there and no update note', async () => {
  mocked.loadTracking.mockResolvedValue(tracking({}));
  draw('hi');
  const opens = await screen.findByText(/लाइव ट्रैकिंग/);
  expect(opens.textContent).toMatch(/20\d\d/);
  expect(screen.queryByText(/अपने-आप अपडेट/)).toBeNull();
});

test('opensAtWords: the date only for a day that is not today', () => {
  const DAY = 86_400_000;
  const date = (ms: number) => `d${Math.floor(ms / DAY)}`;
  const time = (ms: number) => `t${ms % DAY}`;
  expect(opensAtWords(10 * DAY + 1000, 10 * DAY + 5, time, date)).toEqual({ time: 't1000', slot: `t${1000 + 30 * 60_000}` });
  expect(opensAtWords(12 * DAY + 1000, 10 * DAY, time, date)).toEqual({ time: 'd12, t1000', slot: `d12, t${1000 + 30 * 60_000}` });
  // tracking opens today, the bus leaves after midnight
  expect(opensAtWords(11 * DAY - 60_000, 10 * DAY, time, date)).toEqual({ time: `t${DAY - 60_000}`, slot: `d11, t${29 * 60_000}` });
});

test('while it follows the bus it says how often it updates', async () => {
  mocked.loadTracking.mockResolvedValue(tracking({ state: 'NO_DATA', opensAt: NOW - 60_000, expectedAt: NOW + 29 * 60_000, pollAfterMs: 120_000 }));
  draw();
  expect(await screen.findByText('Updates by itself every 2 min.')).toBeTruthy();
});

test.each([
  ['NOT_OPEN', false],
  ['NO_DATA', true],
  ['LIVE', true],
  ['PASSED', true],
  ['OVER', false],
] as const)('update note in state %s: %s', (state, shown) => {
  expect(showsPollNote(state)).toBe(shown);
});
