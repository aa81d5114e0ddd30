/** @jest-environment jsdom */
// A stop's next buses offline come from the timetable kept on this phone (issue 35, item 8: a saved stop showed no
// timetable offline); any other failure keeps the screen's problem panel.
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { ApiRequestError } from '@sawari/runtime';
import en from '../../i18n/en.json';
import hi from '../../i18n/hi.json';
import { departuresWithoutNetwork } from '../planner/offline/offlinePlanner';
import { KeptDepartures } from './KeptDepartures';

jest.mock('../planner/offline/offlinePlanner', () => ({ ...jest.requireActual('../planner/offline/offlinePlanner'), departuresWithoutNetwork: jest.fn() }));
const kept = jest.mocked(departuresWithoutNetwork);
const offline = new ApiRequestError(0, 'NETWORK_ERROR', 'offline');
const at = Date.parse('2026-01-15T08:41:00+05:30');
const draw = (error: ApiRequestError | null, lang: 'en' | 'hi' = 'en') =>
  render(
    <IntlProvider locale={lang} messages={(lang === 'en' ? en : hi) as Record<string, string>} onError={() => undefined}>
      <KeptDepartures city="kochi" stopId="KAL" error={error} fallback={<p>the problem panel</p>} />
    </IntlProvider>,
  );

beforeEach(() => jest.resetAllMocks());

describe('KeptDepartures', () => {
  it('offline with a kept timetable: its next buses, said to be the timetable kept on this phone', async () => {
    kept.mockResolvedValue({
      departures: [{ routeId: 'R7', routeName: '7B', color: 'F57C00', textColor: null, headsign: 'Fort Kochi', at }],
      kept: { savedAt: at - 3_600_000 },
    } as never);
    draw(offline);
    expect(await screen.findByText(/You are offline: the timetable kept on this phone/)).toBeTruthy();
    expect(screen.getByRole('listitem').textContent).toMatch(/7B.*to Fort Kochi · at 0?8:41/i);
    expect(kept).toHaveBeenCalledWith('kochi', 'KAL', expect.any(Number));
  });
  it('offline with nothing kept, or another failure: the screen’s own problem panel', async () => {
    kept.mockRejectedValue(new ApiRequestError(0, 'NO_TIMETABLE', 'none'));
    const { unmount } = draw(offline);
    expect(await screen.findByText('the problem panel')).toBeTruthy();
    unmount();
    draw(new ApiRequestError(500, 'INTERNAL', 'x'));
    expect(screen.getByText('the problem panel')).toBeTruthy();
    expect(kept).toHaveBeenCalledTimes(1);
  });
  it('in Hindi', async () => {
    kept.mockResolvedValue({ departures: [], kept: { savedAt: at } } as never);
    draw(offline, 'hi');
    expect(await screen.findByText(/आप ऑफ़लाइन हैं: इस फ़ोन पर रखी समय-सारणी/)).toBeTruthy();
    expect(screen.getByText(hi['eta.none'])).toBeTruthy();
  });
});
