/** @jest-environment jsdom */
// The search screen against a mocked transit API: results follow the box as the rider types (type-ahead, the box
// keeping its focus), and Kochi's five "Kaloor" platforms (no parent station) are one result, to the stops around it.
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import en from '../../i18n/en.json';
import { gql, SearchPageDocument, SearchRoutesPageDocument } from '../common/transit';
import ResultsScreen from './ResultsScreen';

configure({ asyncUtilTimeout: 5000 });
jest.mock('../common/transit', () => ({ ...jest.requireActual('../common/transit'), gql: jest.fn() }));
jest.mock('../common/city', () => ({ WithCity: ({ children }: { children: (c: string) => React.ReactNode }) => children('kochi'), Attribution: () => null }));
const query = jest.mocked(gql as unknown as (doc: unknown, vars: Record<string, unknown>) => Promise<unknown>);

const stop = (id: string, name: string, lat: number, lon: number, towards: string[] = []) => ({
  result_type: 'STOP',
  stop_id: id,
  name,
  lat,
  lon,
  stop_code: null,
  towards,
  routeNames: [],
  route: null,
});
const KALOOR = [
  stop('kal-1', 'Kaloor', 9.994, 76.291, ['Aluva']),
  stop('kal-stadium', 'Kaloor Stadium', 10.0, 76.299),
  stop('kal-2', 'Kaloor', 9.994, 76.291, ['Vyttila']),
  stop('kal-3', 'Kaloor', 9.996, 76.291),
  stop('kal-4', 'Kaloor', 9.993, 76.288),
  stop('kal-5', 'Kaloor', 9.994, 76.291),
];

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.search}</output>;
}
const open = (at: string) =>
  render(
    <IntlProvider locale="en-IN" messages={en as Record<string, string>} onError={() => undefined}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route
            path="/live-tracking/results"
            element={
              <>
                <ResultsScreen />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </IntlProvider>,
  );

beforeEach(() => {
  query.mockReset();
  query.mockImplementation((doc, vars) => {
    const q = String(vars.query).toLowerCase();
    if (doc === SearchRoutesPageDocument) return Promise.resolve({ searchRoutes: [] });
    if (doc === SearchPageDocument) return Promise.resolve({ search: KALOOR.filter((s) => s.name.toLowerCase().startsWith(q)) });
    return Promise.reject(new Error('unexpected'));
  });
  Object.defineProperty(navigator, 'permissions', { configurable: true, value: undefined });
});

describe('search results', () => {
  it('one result per station: five "Kaloor" platforms are one Kaloor, with every direction, to the stops around it', async () => {
    open('/live-tracking/results?q=Kaloor');
    const list = (await screen.findByRole('region', { name: 'Stops and places' })).querySelector('ul') as HTMLElement;
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('[class*="cardTitle"]')?.textContent)).toEqual(['Kaloor', 'Kaloor Stadium']);
    expect(items[0].textContent).toContain('5 stops here');
    expect(items[0].textContent).toContain('Aluva, Vyttila');
    expect(within(items[0]).getByRole('link').getAttribute('href')).toMatch(/^\/nearest-bus-stop\/near-bus-stops\?lat=9\.99\d+&lon=76\.29\d+&name=Kaloor$/);
    expect(within(items[1]).getByRole('link').getAttribute('href')).toBe('/nearest-bus-stop/all-buses/kal-stadium/Kaloor%20Stadium/-');
  });

  it('type-ahead: the results follow the box from two letters, without Search, and the box keeps its focus', async () => {
    open('/live-tracking/results');
    const box = screen.getByRole('searchbox', { name: 'Route number, stop or place' });
    box.focus();
    fireEvent.change(box, { target: { value: 'K' } });
    await new Promise((r) => setTimeout(r, 500));
    expect(query.mock.calls.some(([, v]) => v.query === 'K')).toBe(false);
    expect(screen.getByTestId('where').textContent).toBe('');
    fireEvent.change(box, { target: { value: 'Kaloor S' } });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?q=Kaloor+S'));
    await waitFor(() => expect(query).toHaveBeenCalledWith(SearchPageDocument, expect.objectContaining({ query: 'Kaloor S' })));
    const list = (await screen.findByRole('region', { name: 'Stops and places' })).querySelector('ul') as HTMLElement;
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('[class*="cardTitle"]')?.textContent),
    ).toEqual(['Kaloor Stadium']);
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Route number, stop or place' }));
    expect((screen.getByRole('searchbox', { name: 'Route number, stop or place' }) as HTMLInputElement).value).toBe('Kaloor S');
  });
});
