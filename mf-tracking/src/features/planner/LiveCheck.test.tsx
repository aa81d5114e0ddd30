/** @jest-environment jsdom */
// Component test of the live parts of a plan: each ride says Live (with the timetable's time when it differs) or
// Scheduled in words; the plan on screen is checked again every minute and a missed change is said in an alert.
import { act, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import en from '../../i18n/en.json';
import hi from '../../i18n/hi.json';
import { gql, type Itinerary, type Leg } from '../common/transit';
import { LiveMarker } from './Itinerary';
import { checkLegs, LiveCheck, RECHECK_MS } from './LiveCheck';

jest.mock('../common/transit', () => ({ ...jest.requireActual('../common/transit'), gql: jest.fn() }));
const query = jest.mocked(gql);

const ist = (hhmm: string) => Date.parse(`2026-01-15T${hhmm}:00+05:30`);
const stop = (id: string) => ({ stop_id: id, stop_name: id, stop_lat: 19, stop_lon: 72.8, result_type: 'STOP' as const });
const leg = (tripId: string, from: string, to: string, dep: string, arr: string, live: boolean, schedDep = dep, schedArr = arr): Leg =>
  ({
    mode: 'BUS',
    tripId,
    from: stop(from),
    to: stop(to),
    departure: ist(dep),
    arrival: ist(arr),
    live,
    scheduledDeparture: ist(schedDep),
    scheduledArrival: ist(schedArr),
    headsign: null,
    stopCount: 1,
    distanceMeters: 1000,
    route: null,
  }) as unknown as Leg;
const it2 = { legs: [leg('T1', 'A', 'B', '08:02', '08:12', true, '08:00', '08:10'), leg('T2a', 'B', 'C', '08:15', '08:25', false)] } as unknown as Itinerary;

const wrap = (node: React.ReactNode, lang: 'en' | 'hi' = 'en') =>
  render(
    <IntlProvider locale={lang === 'en' ? 'en-IN' : 'hi-IN'} messages={(lang === 'en' ? en : hi) as Record<string, string>} onError={() => undefined}>
      {node}
    </IntlProvider>,
  );

beforeEach(() => query.mockReset());
afterEach(() => jest.useRealTimers());

describe('live plans in the app', () => {
  it('marks a predicted ride Live with its timetable time, and a timetable ride Scheduled, in words', () => {
    wrap(
      <>
        <LiveMarker leg={it2.legs[0]} />
        <LiveMarker leg={it2.legs[1]} />
      </>,
    );
    const [live, scheduled] = screen.getAllByTestId('leg-live');
    expect(live.textContent).toBe('Live timetable 8:00 AM');
    expect(scheduled.textContent).toBe('Scheduled');
  });

  it('in Hindi too', () => {
    wrap(<LiveMarker leg={it2.legs[1]} />, 'hi');
    expect(screen.getByTestId('leg-live').textContent).toBe('समय-सारणी');
  });

  it('sends the legs as the plan gave them, and says nothing for a trip saved before live data', () => {
    expect(checkLegs(it2)).toEqual([
      { mode: 'BUS', tripId: 'T1', fromStopId: 'A', toStopId: 'B', scheduledDeparture: ist('08:00'), scheduledArrival: ist('08:10') },
      { mode: 'BUS', tripId: 'T2a', fromStopId: 'B', toStopId: 'C', scheduledDeparture: ist('08:15'), scheduledArrival: ist('08:25') },
    ]);
    const old = { legs: [{ ...it2.legs[0], scheduledDeparture: undefined }] } as unknown as Itinerary;
    expect(checkLegs(old)).toBeNull();
  });

  it('checks the plan at once and every minute; a missed change is an alert', async () => {
    jest.useFakeTimers();
    query.mockResolvedValueOnce({ checkItinerary: { checkedAt: ist('07:58'), status: 'OK', legs: [] } });
    wrap(<LiveCheck city="kochi" it={it2} />);
    await act(async () => undefined);
    expect(screen.getByRole('status').textContent).toBe('Checked at 7:58 AM: your changes still work');
    expect(query.mock.calls[0][1]).toEqual({ city: 'kochi', legs: checkLegs(it2) });
    query.mockResolvedValueOnce({ checkItinerary: { checkedAt: ist('07:59'), status: 'MISSED', legs: [] } });
    await act(async () => {
      jest.advanceTimersByTime(RECHECK_MS);
    });
    expect(query).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('alert').textContent).toBe('A bus is running late: you will probably miss your change. Plan again.');
  });
});
