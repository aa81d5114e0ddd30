/** @jest-environment jsdom */
// Component tests of the airport rider screens: each screen's states with the API mocked (loading, loaded, empty,
// refused with Retry, no airport here, an unknown list, signed out), read as a rider reads them (roles, headings,
// actions), in English and once in Hindi.
import { act, fireEvent, screen } from '@testing-library/react';
import { navigateToUrl } from 'single-spa';
import type { ReservationLine, StopPair, TripSlotsResponse } from '@sawari/contracts';
import { renderAt, resetWorld } from '../test/render';
import * as api from './api';
import { EtaScreen, ExperienceNotFound, ExperienceScreen, SelectSlotsScreen } from './index';

jest.mock('./api');
jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));
jest.mock('@sawari/runtime', () => jest.requireActual('../test/render').runtimeMock());
const mocked = jest.mocked(api);

const stop = (stopId: string, name: string, offsetMin: number) => ({ stopId, name, lat: 19, lon: 72.8, offsetMin });
const T1 = stop('T1-BAY', 'Terminal 1', 0);
const VASHI = stop('VASHI', 'Vashi', 40);
const KHARGHAR = stop('KHR', 'Kharghar', 70);
const AE1 = { id: 'AE1', code: 'AE1', name: 'Terminal 1 – Kharghar', color: null, textColor: null, stops: [T1, VASHI, KHARGHAR] } as unknown as ReservationLine;
const pairs = [
  { line: AE1, from: T1, to: VASHI, fares: { adult: 20000 } },
  { line: AE1, from: T1, to: KHARGHAR, fares: { adult: 30000 } },
] as unknown as StopPair[];
const SLOT = Date.parse('2026-11-28T20:00:00+05:30');
const slots = (over: Record<string, unknown>[] = [{}]) =>
  ({
    line: AE1,
    slots: over.map((o, i) => ({
      tripId: `AE1.${i}`,
      startTime: SLOT + i * 3_600_000,
      boardingTime: SLOT + i * 3_600_000,
      seatsLeft: 12,
      availability: null,
      status: 'PLANNED',
      bookable: true,
      ...o,
    })),
  }) as unknown as TripSlotsResponse;
const refused = (code: string) => Object.assign(new Error(code), { code, message: code });
const never = () => new Promise<never>(() => undefined);

beforeEach(() => {
  jest.resetAllMocks();
  resetWorld();
  mocked.loadAirportPairs.mockResolvedValue(pairs);
  mocked.loadAirportDays.mockResolvedValue(['20261128', '20261129']);
  mocked.loadAirportSlots.mockResolvedValue(slots([{}, { seatsLeft: 1 }, { availability: 'SOLD_OUT', seatsLeft: 0, bookable: false }]));
});

describe('ExperienceScreen (/airport-experience)', () => {
  const open = (params: Record<string, string> = {}) =>
    renderAt('/airport-experience', <ExperienceScreen params={params} pathname="/app/airport-experience" />);

  it('loading: the heading and a busy list', async () => {
    mocked.loadAirportPairs.mockImplementation(never);
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Airport express' })).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
  });
  it('loaded: each line once, with its fare to the last stop and a way to its times', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 3, name: /AE1 · Terminal 1 – Kharghar/ })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(1);
    expect(screen.getByText('₹300')).toBeTruthy();
    const choose = screen.getByRole('link', { name: 'Choose a time for AE1 to Kharghar' });
    fireEvent.click(choose);
    expect(navigateToUrl).toHaveBeenCalledWith('/app/airport-experience/select-slots?lineId=AE1&fromStopId=T1-BAY&toStopId=KHR');
    expect(screen.getByRole('link', { name: 'Next buses from the airport' })).toBeTruthy();
  });
  it('empty: says nothing is on sale', async () => {
    mocked.loadAirportPairs.mockResolvedValue([]);
    open();
    expect(await screen.findByText('No airport express trips are on sale right now.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Choose a time/ })).toBeNull();
  });
  it('refused: the problem with Retry, which asks again', async () => {
    mocked.loadAirportPairs.mockRejectedValueOnce(refused('NETWORK_ERROR'));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 3, name: /AE1/ })).toBeTruthy();
    expect(mocked.loadAirportPairs).toHaveBeenCalledTimes(2);
  });
  it('a city without the airport express: a way to Mumbai’s and to change city, no request', async () => {
    resetWorld({ city: { id: 'kochi', name: 'Kochi', features: { airport: false, premium: false } } });
    open();
    expect(await screen.findByRole('link', { name: 'Mumbai airport express' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change city' }).getAttribute('href')).toBe('/app/change-city');
    expect(mocked.loadAirportPairs).not.toHaveBeenCalled();
  });
  it('the city named in the route wins over the rider’s', async () => {
    resetWorld({ city: { id: 'kochi', name: 'Kochi', features: {} } });
    open({ city: 'mumbai' });
    expect(await screen.findByRole('heading', { level: 3, name: /AE1/ })).toBeTruthy();
    expect(mocked.loadAirportPairs).toHaveBeenCalledWith('mumbai');
  });
  it('signed out: sent to sign in, keeping where the rider was going; nothing asked', async () => {
    resetWorld({ signedIn: false });
    open();
    expect(await screen.findByText('Taking you to sign in…')).toBeTruthy();
    expect(navigateToUrl).toHaveBeenCalledWith('/app/login/%2Fairport-experience');
    expect(mocked.loadAirportPairs).not.toHaveBeenCalled();
  });
  it('in Hindi: the heading and the action in the catalogue’s Hindi', async () => {
    resetWorld({ lang: 'hi' });
    const hi = jest.requireActual('./i18n/hi.json') as Record<string, string>;
    open();
    expect(await screen.findByRole('heading', { level: 1, name: hi['experience.heading'] })).toBeTruthy();
    expect(await screen.findByRole('link', { name: hi['experience.chooseTo'].replace('{code}', 'AE1').replace('{to}', 'Kharghar') })).toBeTruthy();
  });
});

describe('EtaScreen (/airport-experience/eta/:type)', () => {
  const open = (type: string) => renderAt(`/airport-experience/eta/${type}`, <EtaScreen params={{ type }} pathname="" />);

  it('from the airport: each line’s next planned bus with its seats, and a way back', async () => {
    mocked.loadAirportSlots.mockResolvedValue(slots([{ status: 'DEPARTED' }, { seatsLeft: 5 }]));
    open('from-airport');
    expect(await screen.findByRole('heading', { level: 1, name: 'Next buses from the airport' })).toBeTruthy();
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1].textContent).toContain('→ Kharghar');
    expect(rows[1].textContent).toContain('5 seats left');
    expect(mocked.loadAirportSlots).toHaveBeenCalledWith('mumbai', { lineId: 'AE1', fromStopId: 'T1-BAY', toStopId: 'KHR' });
    expect(screen.getByRole('link', { name: /Airport express/ })).toBeTruthy();
  });
  it('to the airport, no line ending there: says no more buses today', async () => {
    open('to-airport');
    expect(await screen.findByRole('heading', { level: 1, name: 'Next buses to the airport' })).toBeTruthy();
    expect(await screen.findByText(/No more buses leave for the airport today/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
  it('no bus left from the airport: the empty state', async () => {
    mocked.loadAirportSlots.mockResolvedValue(slots([{ status: 'DEPARTED' }]));
    open('from-airport');
    expect(await screen.findByText('No more buses leave the airport today.')).toBeTruthy();
  });
  it('loading, then refused: the problem with Retry', async () => {
    mocked.loadAirportPairs.mockRejectedValueOnce(refused('NETWORK_ERROR'));
    open('from-airport');
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });
  it('an unknown list: says so with the way to a real one, no request', async () => {
    open('sideways');
    expect(await screen.findByText(/There is no such list/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Next buses from the airport' })).toBeTruthy();
    expect(mocked.loadAirportPairs).not.toHaveBeenCalled();
  });
});

describe('SelectSlotsScreen (/airport-experience/select-slots)', () => {
  const path = '/airport-experience/select-slots?lineId=AE1&fromStopId=T1-BAY&toStopId=KHR';
  const open = (p = path) => renderAt(p, <SelectSlotsScreen />);

  it('loading: the heading and a busy list', async () => {
    mocked.loadAirportDays.mockImplementation(never);
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a time' })).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
  });
  it('loaded: the days, passengers and the buses (sold out not choosable); choosing goes to the fare step', async () => {
    open();
    const choose = await screen.findAllByRole('button', { name: /^Choose the .* bus$/ });
    expect(choose).toHaveLength(2);
    expect(screen.getByText('Sold out')).toBeTruthy();
    // the app's one date format ("28 Nov 2026", the city's day), not "28-11-2026"
    expect(screen.getAllByRole('option', { name: /2026/ }).map((o) => o.textContent)).toEqual(['28 Nov 2026', '29 Nov 2026']);
    fireEvent.click(choose[0]);
    expect(navigateToUrl).toHaveBeenCalledWith('/app/premium-buses/fare-details?tripId=AE1.0&fromStopId=T1-BAY&toStopId=KHR&adult=1&child=0&senior=0');
  });
  it('more passengers than a bus has seats: that bus cannot be chosen', async () => {
    open();
    await screen.findAllByRole('button', { name: /^Choose the .* bus$/ });
    fireEvent.change(screen.getByLabelText('Passengers'), { target: { value: '2' } });
    expect(screen.getAllByRole('button', { name: /^Choose the .* bus$/ })).toHaveLength(1);
  });
  it('another day asks for that day’s buses', async () => {
    open();
    await screen.findAllByRole('button', { name: /^Choose the .* bus$/ });
    await act(async () => fireEvent.change(screen.getByLabelText('Day'), { target: { value: '20261129' } }));
    expect(mocked.loadAirportSlots).toHaveBeenLastCalledWith('mumbai', { lineId: 'AE1', fromStopId: 'T1-BAY', toStopId: 'KHR', date: '20261129' });
  });
  it('empty: no buses left that day', async () => {
    mocked.loadAirportSlots.mockResolvedValue(slots([]));
    open();
    expect(await screen.findByText('No buses left on this day. Choose another day.')).toBeTruthy();
  });
  it('days refused: the problem with Retry, no slots asked', async () => {
    mocked.loadAirportDays.mockRejectedValueOnce(refused('LINE_NOT_FOUND'));
    open();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(mocked.loadAirportSlots).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('button', { name: /^Choose the .* bus$/ })).toHaveLength(2);
  });
  it('slots refused: the problem with Retry', async () => {
    mocked.loadAirportSlots.mockRejectedValueOnce(refused('TRIP_NOT_FOUND'));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('button', { name: /^Choose the .* bus$/ })).toHaveLength(2);
  });
  it.each([
    ['no query at all', '/airport-experience/select-slots'],
    ['its stops but no line', '/airport-experience/select-slots?fromStopId=T1-BAY&toStopId=KHR'],
    ['its line but no stop pair', '/airport-experience/select-slots?lineId=AE1'],
  ])('opened with %s: says to choose a route first, with the way there; nothing asked of the API', async (_what, p) => {
    open(p);
    expect(await screen.findByText('First choose where you are going: the times of that route show here.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a route' }).getAttribute('href')).toBe('/app/airport-experience');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(mocked.loadAirportDays).not.toHaveBeenCalled();
    expect(mocked.loadAirportSlots).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: 'Choose a route' }));
    expect(navigateToUrl).toHaveBeenCalledWith('/app/airport-experience');
  });
  it('in Hindi: the days in Hindi, and without a line the catalogue’s Hindi way to choose a route', async () => {
    resetWorld({ lang: 'hi' });
    const hi = jest.requireActual('./i18n/hi.json') as Record<string, string>;
    const { unmount } = open();
    expect(await screen.findByRole('heading', { level: 1, name: hi['slots.heading'] })).toBeTruthy();
    await screen.findAllByRole('button');
    const days = screen.getAllByRole('option', { name: /2026/ }).map((o) => o.textContent);
    expect(days).toHaveLength(2);
    for (const d of days) expect(d).toMatch(/^2[89] \S+ 2026$/);
    expect(days.join()).not.toMatch(/Nov|-11-/);
    unmount();
    open('/airport-experience/select-slots');
    expect(await screen.findByText(hi['slots.noRoute'])).toBeTruthy();
    expect(screen.getByRole('link', { name: hi['slots.chooseRoute'] })).toBeTruthy();
  });
});

describe('ExperienceNotFound', () => {
  it('a heading and the home page as the way on', async () => {
    renderAt('/airport-experience/x/y', <ExperienceNotFound />);
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByRole('link').getAttribute('href')).toBe('/app/');
  });
});
