/** @jest-environment jsdom */
// Component tests of the ticket-buying screens: each screen's states with the API mocked (loading, loaded, empty,
// refused with Retry, a route that does not exist, a step opened before its turn, a changed fare, a refused order), read
// as a rider reads them (roles, headings, actions), in English and once in Hindi.
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { FareResponse, InstantFaresResponse, TicketOrder } from '@sawari/contracts';
import { flowAtom } from '../common/flow';
import { quoteKey, EMPTY_FLOW, type Flow } from '../common/model';
import * as transit from '../common/transit';
import { newOrderKey, ticketsApi } from '../common/api';
import { location, never, refused, renderAt } from '../../test/render';
import hi from '../../i18n/hi.json';
import { BuyLandingScreen, SelectRouteScreen, SelectStopScreen } from './route-screens';
import { InstantTicketScreen, PayForTicketScreen, SelectTicketScreen, UserDetailsScreen } from './fare-screens';

jest.mock('../common/api');
jest.mock('../common/transit');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
jest.mock('@sawari/runtime', () => ({ ...jest.requireActual('@sawari/runtime'), useCityConfig: () => ({ cityId: 'kochi', setCity: jest.fn() }) }));
const api = jest.mocked(ticketsApi);
const gql = jest.mocked(transit.gql);

const ROUTE = { routeId: 'R1', routeName: '1A', longName: 'Aluva – Vyttila', agency: 'KMRL' };
const chosen: Partial<Flow> = { city: 'kochi', route: ROUTE, fromStopId: 'A', toStopId: 'C' };
const quoted = (farePaise = 2500, over: Partial<Flow> = {}): Partial<Flow> => {
  const f = { ...EMPTY_FLOW, ...chosen, ...over };
  return { ...f, quote: { key: quoteKey(f), farePaise, agency: 'KMRL' } };
};
const fare = (payableAmount = 2500): FareResponse =>
  ({
    routeId: 'R1',
    routeName: '1A',
    fromStopId: 'A',
    fromStopName: 'Aluva',
    toStopId: 'C',
    toStopName: 'Edappally',
    distanceMeters: 12300,
    agency: 'KMRL',
    passengerDetails: [{ name: 'Adult', payableAmount, actualAmount: payableAmount }],
    payableAmount,
  }) as unknown as FareResponse;
const route = {
  route_id: 'R1',
  route_name: '1A',
  route_long_name: 'Aluva – Vyttila',
  agency_name: 'KMRL',
  color: null,
  text_color: null,
  directions: [
    { directionId: 0, headsign: 'Vyttila', stops: ['A', 'B', 'C'].map((id) => ({ stop_id: id, stop_name: `Stop ${id}` })) },
    { directionId: 1, headsign: 'Aluva', stops: ['C', 'B', 'A'].map((id) => ({ stop_id: id, stop_name: `Stop ${id}` })) },
  ],
};
const order = { transactionId: 'TKT-1', status: 'PENDING' } as unknown as TicketOrder;

beforeEach(() => {
  jest.resetAllMocks();
  sessionStorage.clear();
  jest.mocked(newOrderKey).mockReturnValue('order-key-1');
  api.fare.mockResolvedValue(fare());
  api.validateFare.mockResolvedValue({ valid: true } as never);
  api.orderSingle.mockResolvedValue(order);
  api.orderInstant.mockResolvedValue(order);
  api.profile.mockResolvedValue({ firstName: 'Asha', lastName: 'Nair', mobileNumber: '9876543210', mailId: null });
  api.instantFares.mockResolvedValue({
    maxPassengers: 4,
    fares: [
      { id: 'i10', farePaise: 1000, agency: 'KSRTC' },
      { id: 'i20', farePaise: 2000, agency: 'KSRTC' },
    ],
  } as unknown as InstantFaresResponse);
});

const h1 = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

describe('BuyLandingScreen (/buy-bus-ticket)', () => {
  it('the three ways on: single-journey, instant, the wallet', async () => {
    renderAt('/buy-bus-ticket', '/buy-bus-ticket', <BuyLandingScreen />);
    expect(await h1('Buy a bus ticket')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Single-journey ticket/ }).getAttribute('href')).toBe('/select-trip/select-route');
    expect(screen.getByRole('link', { name: /Instant ticket/ }).getAttribute('href')).toBe('/instant-ticket');
    expect(screen.getByRole('link', { name: /Your tickets and passes/ }).getAttribute('href')).toBe('/your-tickets-and-passes');
  });
  it('in Hindi', async () => {
    renderAt('/buy-bus-ticket', '/buy-bus-ticket', <BuyLandingScreen />, { lang: 'hi' });
    expect(await h1(hi['buy.heading'])).toBeTruthy();
  });
});

describe('SelectRouteScreen (/select-trip/select-route)', () => {
  const P = '/select-trip/select-route';
  const search = (q: string) => {
    fireEvent.change(screen.getByLabelText('Route number or name'), { target: { value: q } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  };
  it('a search with results: the count, and choosing a route goes to its stops with the route kept', async () => {
    gql.mockResolvedValue({
      searchRoutes: [{ route_id: 'R1', route_name: '1A', route_long_name: 'Aluva – Vyttila', agency_name: 'KMRL', color: null, text_color: null }],
    });
    const { store } = renderAt(P, P, <SelectRouteScreen />);
    search('1A');
    expect((await screen.findByText('1 route found')).getAttribute('role')).toBe('status');
    fireEvent.click(screen.getByRole('button', { name: /Aluva – Vyttila/ }));
    expect(location.current).toBe('/select-trip/select-stop');
    expect(store.get(flowAtom).route).toEqual({ routeId: 'R1', routeName: '1A', longName: 'Aluva – Vyttila', agency: 'KMRL' });
  });
  it('nothing typed: says what to type, no search', async () => {
    renderAt(P, P, <SelectRouteScreen />);
    search('  ');
    expect((await screen.findByRole('alert')).textContent).toBe('Type a route number or name.');
    expect(gql).not.toHaveBeenCalledWith(transit.SearchRoutesDocument, expect.anything());
  });
  it('the hint’s example is the city’s own: a route and a stop near its centre, never "AE1 or Thane" in Kochi', async () => {
    gql.mockResolvedValue({
      nearbyStops: [{ stop: { stop_name: 'Ernakulam South', routes: [] } }, { stop: { stop_name: 'Kaloor', routes: [{ route_name: '7B' }] } }],
    });
    renderAt(P, P, <SelectRouteScreen />);
    expect(await screen.findByText('For example 7B or Kaloor')).toBeTruthy();
    expect(gql).toHaveBeenCalledWith(transit.CityExampleDocument, { city: 'kochi', lat: 9.98, lon: 76.28 });
    expect(screen.queryByText(/AE1|Thane/)).toBeNull();
  });
  it('a city with no stop near its centre: a hint without an example', async () => {
    gql.mockResolvedValue({ nearbyStops: [] });
    renderAt(P, P, <SelectRouteScreen />);
    expect(await screen.findByText('A route number, or the name of a place it goes to')).toBeTruthy();
  });
  it('loading, then no match: the empty state', async () => {
    let answer: (v: unknown) => void = () => undefined;
    gql.mockReturnValue(new Promise((r) => (answer = r)) as never);
    renderAt(P, P, <SelectRouteScreen />);
    search('zz');
    expect(await screen.findByRole('status')).toBeTruthy();
    await act(async () => answer({ searchRoutes: [] }));
    expect((await screen.findByText('No routes found')).getAttribute('role')).toBe('status');
    expect(screen.getByText(/No route matches “zz”/)).toBeTruthy();
  });
  it('refused: the problem with Retry, which searches again', async () => {
    let searches = 0;
    gql.mockImplementation((async (doc: unknown) => {
      if (doc !== transit.SearchRoutesDocument) return { nearbyStops: [] };
      if (searches++ === 0) throw refused('NETWORK_ERROR');
      return { searchRoutes: [] };
    }) as never);
    renderAt(P, P, <SelectRouteScreen />);
    search('1A');
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect((await screen.findByText('No routes found')).getAttribute('role')).toBe('status');
    expect(searches).toBe(2);
  });
  it('a hand-over with stops the route serves in that order: straight to the ticket, a new single journey', async () => {
    gql.mockResolvedValue({ route });
    const { store } = renderAt(`${P}?city=kochi&routeId=R1&from=C&to=A`, P, <SelectRouteScreen />, {
      flow: { legs: [{ routeId: 'X', routeName: 'X', fromStopId: 'P', toStopId: 'Q' }] },
    });
    await screen.findByText('elsewhere');
    expect(location.current).toBe('/select-trip/select-ticket');
    expect(store.get(flowAtom)).toMatchObject({ legs: [], directionId: 1, fromStopId: 'C', toStopId: 'A' });
  });
  it('a connecting route: only the routes from the stop where the last route ends, filtered by what is typed', async () => {
    const at = (route_id: string, route_name: string, route_long_name: string) => ({
      route_id,
      route_name,
      route_long_name,
      agency_name: 'KSRTC',
      color: null,
      text_color: null,
    });
    gql.mockResolvedValue({ stop: { stop_id: 'KALOOR', stop_name: 'Kaloor', routes: [at('R2', '2B', 'Kaloor – Aluva'), at('R3', '3C', 'Kaloor – Vyttila')] } });
    const first = { routeId: 'R1', routeName: '1A', fromStopId: 'FORT', toStopId: 'KALOOR' };
    const { store } = renderAt(P, P, <SelectRouteScreen />, { flow: { city: 'kochi', legs: [first] } });
    expect(await screen.findByText('2 routes found')).toBeTruthy();
    expect(screen.getByText(/Only routes from Kaloor are offered/)).toBeTruthy();
    expect(gql).toHaveBeenCalledWith(transit.StopRoutesDocument, { city: 'kochi', stopId: 'KALOOR' });
    // A route that does not serve Kaloor is never offered, whatever is typed.
    search('Fort Kochi');
    expect(await screen.findByText('No routes found')).toBeTruthy();
    expect(screen.getByText(/No route from Kaloor matches “Fort Kochi”/)).toBeTruthy();
    search('vyttila');
    expect(await screen.findByText('1 route found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Kaloor – Vyttila/ }));
    expect(location.current).toBe('/select-trip/select-stop');
    expect(store.get(flowAtom)).toMatchObject({ route: { routeId: 'R3' }, fromStopId: 'KALOOR' });
    expect(gql).not.toHaveBeenCalledWith(transit.SearchRoutesDocument, expect.anything());
  });
  it('a hand-over of a route that does not exist: says so', async () => {
    gql.mockResolvedValue({ route: null });
    renderAt(`${P}?routeId=NOPE`, P, <SelectRouteScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe('There is no route NOPE in this city.');
  });
});

describe('SelectStopScreen (/select-trip/select-stop)', () => {
  const P = '/select-trip/select-stop';
  const flow = { city: 'kochi', route: ROUTE };
  it('loaded: both directions, boarding stops in order, drop stops only after the boarding one; on to the passengers', async () => {
    gql.mockResolvedValue({ route });
    const { store } = renderAt(P, P, <SelectStopScreen />, { flow });
    expect(await screen.findByRole('group', { name: 'Direction' })).toBeTruthy();
    const from = screen.getByLabelText('From stop');
    expect(
      within(from)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a stop', 'Stop A', 'Stop B']);
    expect((screen.getByLabelText('To stop') as HTMLSelectElement).disabled).toBe(true);
    fireEvent.change(from, { target: { value: 'B' } });
    expect(
      within(screen.getByLabelText('To stop'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a stop', 'Stop C']);
    fireEvent.change(screen.getByLabelText('To stop'), { target: { value: 'C' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(location.current).toBe('/select-trip/select-ticket');
    expect(store.get(flowAtom)).toMatchObject({ directionId: 0, fromStopId: 'B', toStopId: 'C' });
  });
  it('continue without stops: says which is missing and stays', async () => {
    gql.mockResolvedValue({ route });
    renderAt(P, P, <SelectStopScreen />, { flow });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Choose where you get on.')).toBeTruthy();
    expect(screen.getByText('Choose where you get off.')).toBeTruthy();
    expect(location.current).toBe(P);
  });
  it('loading: a busy list', async () => {
    gql.mockImplementation(never);
    renderAt(P, P, <SelectStopScreen />, { flow });
    expect(await screen.findByRole('status')).toBeTruthy();
  });
  it('refused: the problem with Retry', async () => {
    gql.mockRejectedValueOnce(refused('NETWORK_ERROR')).mockResolvedValue({ route });
    renderAt(P, P, <SelectStopScreen />, { flow });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('From stop')).toBeTruthy();
  });
  it('a route that is not there: says so; a route without stops: says that', async () => {
    gql.mockResolvedValue({ route: null });
    const { unmount } = renderAt(P, P, <SelectStopScreen />, { flow });
    expect((await screen.findByRole('alert')).textContent).toBe('There is no route R1 in this city.');
    unmount();
    gql.mockResolvedValue({ route: { ...route, directions: [{ directionId: 0, headsign: '', stops: [{ stop_id: 'A', stop_name: 'A' }] }] } });
    renderAt(P, P, <SelectStopScreen />, { flow });
    expect(await screen.findByText('This route has no stops to choose from.')).toBeTruthy();
  });
  it('a connecting route: it gets on where the last route ends, only in a direction that leaves from there', async () => {
    gql.mockResolvedValue({ route });
    const first = { routeId: 'R0', routeName: '0', fromStopId: 'Z', toStopId: 'C' };
    const { store } = renderAt(P, P, <SelectStopScreen />, { flow: { ...flow, legs: [first], fromStopId: 'C' } });
    const from = await screen.findByLabelText('From stop');
    // Stop C is the last stop towards Vyttila: only the direction towards Aluva leaves from it, and no other stop is offered.
    expect(screen.queryByRole('group', { name: 'Direction' })).toBeNull();
    expect(
      within(from)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Stop C']);
    fireEvent.change(screen.getByLabelText('To stop'), { target: { value: 'A' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(store.get(flowAtom)).toMatchObject({ directionId: 1, fromStopId: 'C', toStopId: 'A' });
  });
  it('a connecting route that does not go on from that stop: says so and leads back to the routes', async () => {
    gql.mockResolvedValue({ route });
    const first = { routeId: 'R0', routeName: '0', fromStopId: 'Z', toStopId: 'ELSEWHERE' };
    renderAt(P, P, <SelectStopScreen />, { flow: { ...flow, legs: [first], fromStopId: 'ELSEWHERE' } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/Route 1A does not leave from the stop where your last route ends/);
    expect(screen.queryByLabelText('From stop')).toBeNull();
    expect(screen.getByRole('link', { name: 'Choose another route' }).getAttribute('href')).toBe('/select-trip/select-route');
  });
  it('opened before a route is chosen: back to the route search', async () => {
    renderAt(P, P, <SelectStopScreen />);
    await screen.findByText('elsewhere');
    expect(location.current).toBe('/select-trip/select-route');
  });
});

describe('SelectTicketScreen (/select-trip/select-ticket)', () => {
  const P = '/select-trip/select-ticket';
  it('loaded: the trip, the fare lines and Continue, which keeps the quote seen', async () => {
    const { store } = renderAt(P, P, <SelectTicketScreen />, { flow: chosen });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Adult₹25', 'To pay₹25']);
    expect(screen.getByText('Edappally')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(location.current).toBe('/pay-for-ticket/user-details');
    expect(store.get(flowAtom).quote).toMatchObject({ farePaise: 2500, agency: 'KMRL' });
  });
  it('adding a passenger asks the fare again', async () => {
    renderAt(P, P, <SelectTicketScreen />, { flow: chosen });
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Add one Child' }));
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(api.fare).toHaveBeenLastCalledWith('kochi', { routeId: 'R1', fromStopId: 'A', toStopId: 'C' }, { adult: 1, child: 1, senior: 0 }, expect.anything());
  });
  it('loading: the fare is busy and Continue waits', async () => {
    api.fare.mockImplementation(never);
    renderAt(P, P, <SelectTicketScreen />, { flow: chosen });
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Loading…')).toBe(true);
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
  });
  it('refused: the problem with Retry, which asks again', async () => {
    api.fare.mockRejectedValueOnce(refused('FARE_NOT_AVAILABLE'));
    renderAt(P, P, <SelectTicketScreen />, { flow: chosen });
    expect((await screen.findByRole('alert')).textContent).toContain('There is no fare for this route yet');
    fireEvent.click(screen.getByRole('button', { name: /Retry|Try again/ }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });
  it('no passengers: says to choose one, asks no fare and does not go on', async () => {
    renderAt(P, P, <SelectTicketScreen />, { flow: { ...chosen, passengers: { adult: 0, child: 0, senior: 0 } } });
    expect(await screen.findByText('Choose at least one passenger.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one passenger.');
    expect(api.fare).not.toHaveBeenCalled();
    expect(location.current).toBe(P);
  });
  it('opened before the stops are chosen: back to the stops', async () => {
    renderAt(P, P, <SelectTicketScreen />, { flow: { city: 'kochi', route: ROUTE } });
    await screen.findByText('elsewhere');
    expect(location.current).toBe('/select-trip/select-stop');
  });
  it('in Hindi: the heading and the passenger actions', async () => {
    renderAt(P, P, <SelectTicketScreen />, { flow: chosen, lang: 'hi' });
    expect(await h1(hi['selectTicket.heading'])).toBeTruthy();
    expect(screen.getByRole('button', { name: hi['common.continue'] })).toBeTruthy();
  });
});

describe('UserDetailsScreen (/pay-for-ticket/user-details)', () => {
  const P = '/pay-for-ticket/user-details';
  it('loaded: the rider’s name and number; confirming goes on to pay', async () => {
    const { store } = renderAt(P, P, <UserDetailsScreen />, { flow: quoted() });
    expect(await screen.findByText('Asha Nair')).toBeTruthy();
    expect(screen.getByText('+91 9876543210')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and continue' }));
    expect(location.current).toBe('/pay-for-ticket');
    expect(store.get(flowAtom).detailsConfirmed).toBe(true);
  });
  it('no profile yet: "Not given" and a way to edit it', async () => {
    api.profile.mockRejectedValue(refused('USER_DOES_NOT_EXIST', 404));
    renderAt(P, P, <UserDetailsScreen />, { flow: quoted() });
    expect(await screen.findByText('Not given')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit your profile' }).getAttribute('href')).toBe('/app/profile/edit-profile');
  });
  it('loading, then refused: the problem with Retry', async () => {
    api.profile.mockRejectedValueOnce(refused('NETWORK_ERROR'));
    renderAt(P, P, <UserDetailsScreen />, { flow: quoted() });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Asha Nair')).toBeTruthy();
  });
  it('opened without a fare seen: back to the passengers and fare', async () => {
    renderAt(P, P, <UserDetailsScreen />, { flow: chosen });
    await screen.findByText('elsewhere');
    expect(location.current).toBe('/select-trip/select-ticket');
    expect(api.profile).not.toHaveBeenCalled();
  });
});

describe('PayForTicketScreen (/pay-for-ticket)', () => {
  const P = '/pay-for-ticket';
  const ready = (farePaise = 2500) => ({ ...quoted(farePaise), detailsConfirmed: true });
  it('loaded: the trip and fare; paying checks the fare, orders once and goes to the checkout', async () => {
    const { store } = renderAt(P, P, <PayForTicketScreen />, { flow: ready() });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ₹25' }));
    await screen.findByText('elsewhere');
    expect(location.current).toBe('/select-payment/KMRL/ticket/TKT-1');
    expect(api.validateFare).toHaveBeenCalledWith('kochi', { routeId: 'R1', fromStopId: 'A', toStopId: 'C' }, { adult: 1, child: 0, senior: 0 }, 2500);
    expect(api.orderSingle).toHaveBeenCalledTimes(1);
    expect(api.orderSingle.mock.calls[0][4]).toBe('order-key-1');
    expect(store.get(flowAtom).lastTransactionId).toBe('TKT-1');
  });
  it('a fare that changed: says so, Pay waits until the new fare is accepted', async () => {
    renderAt(P, P, <PayForTicketScreen />, { flow: ready(2000) });
    expect((await screen.findByRole('alert')).textContent).toContain('The fare has changed');
    expect((screen.getByRole('button', { name: 'Pay ₹20' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Continue with the new fare ₹25' }));
    expect(((await screen.findByRole('button', { name: 'Pay ₹25' })) as HTMLButtonElement).disabled).toBe(false);
  });
  it('an order refused: the problem, and the rider stays', async () => {
    api.validateFare.mockRejectedValue(refused('FARE_CHANGED', 409));
    renderAt(P, P, <PayForTicketScreen />, { flow: ready() });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ₹25' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The fare has changed');
    expect(api.orderSingle).not.toHaveBeenCalled();
    expect(location.current).toBe(P);
  });
  it('loading, then the fare refused: the problem with Retry', async () => {
    api.fare.mockRejectedValueOnce(refused('NETWORK_ERROR'));
    renderAt(P, P, <PayForTicketScreen />, { flow: ready() });
    fireEvent.click(await screen.findByRole('button', { name: /Retry|Try again/ }));
    expect(await screen.findByRole('button', { name: 'Pay ₹25' })).toBeTruthy();
  });
  it('opened before the details are confirmed: back to them', async () => {
    renderAt(P, P, <PayForTicketScreen />, { flow: quoted() });
    await screen.findByText('elsewhere');
    expect(location.current).toBe('/pay-for-ticket/user-details');
  });
});

describe('InstantTicketScreen (/instant-ticket)', () => {
  const P = '/instant-ticket';
  it('loaded: the fares, how long the ticket is valid before paying; a fare and a count order and go to the checkout', async () => {
    renderAt(P, P, <InstantTicketScreen />);
    const fares = await screen.findByRole('group', { name: 'Fare' });
    expect(within(fares).getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByTestId('instant-valid-for').textContent).toContain('15 minutes');
    fireEvent.click(within(fares).getAllByRole('radio')[1]);
    fireEvent.click(screen.getByRole('button', { name: 'Add a passenger' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay ₹40' }));
    await screen.findByText('elsewhere');
    expect(api.orderInstant).toHaveBeenCalledWith('kochi', 'i20', 2, 4000, 'order-key-1');
    expect(location.current).toBe('/select-payment/KSRTC/ticket/TKT-1');
  });
  it('no fare chosen: says to choose one', async () => {
    renderAt(P, P, <InstantTicketScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a fare.');
    expect(api.orderInstant).not.toHaveBeenCalled();
  });
  it('empty: no instant tickets in this city', async () => {
    api.instantFares.mockResolvedValue({ maxPassengers: 4, fares: [] } as unknown as InstantFaresResponse);
    renderAt(P, P, <InstantTicketScreen />);
    expect(await screen.findByText('No instant tickets are sold in this city.')).toBeTruthy();
  });
  it('loading, then refused: the problem with Retry', async () => {
    let fail: (e: unknown) => void = () => undefined;
    api.instantFares.mockReturnValueOnce(new Promise((_, r) => (fail = r)));
    renderAt(P, P, <InstantTicketScreen />);
    expect(await screen.findByRole('status')).toBeTruthy();
    await act(async () => fail(refused('NETWORK_ERROR')));
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: 'Fare' })).toBeTruthy();
  });
  it('an order refused: the problem, and the rider stays', async () => {
    api.orderInstant.mockRejectedValue(refused('TICKETS_NOT_ENABLED', 403));
    renderAt(P, P, <InstantTicketScreen />, { flow: { instant: { fareId: 'i10', count: 1 } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ₹10' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Tickets are not sold in this city.');
    expect(location.current).toBe(P);
  });
});
