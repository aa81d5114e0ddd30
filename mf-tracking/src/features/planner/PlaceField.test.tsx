/** @jest-environment jsdom */
// Component test of the planner's from/to field with no network: it finds stops in the timetable kept on this phone
// (the offline planner plans between them) instead of saying that planning needs a connection (issue 35, item 8).
import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { ApiRequestError } from '@sawari/runtime';
import en from '../../i18n/en.json';
import hi from '../../i18n/hi.json';
import { gql } from '../common/transit';
import { searchWithoutNetwork } from './offline/offlinePlanner';
import { PlaceField } from './PlaceField';

jest.mock('../common/transit', () => ({ ...jest.requireActual('../common/transit'), gql: jest.fn() }));
jest.mock('./offline/offlinePlanner', () => ({ ...jest.requireActual('./offline/offlinePlanner'), searchWithoutNetwork: jest.fn() }));
const query = jest.mocked(gql);
const kept = jest.mocked(searchWithoutNetwork);
const offline = new ApiRequestError(0, 'NETWORK_ERROR', 'offline');
const stop = (stop_id: string, name: string) => ({
  result_type: 'STOP' as const,
  stop_id,
  name,
  lat: 9.99,
  lon: 76.29,
  stop_code: null,
  towards: [],
  routeNames: [],
  route: null,
});

function field(lang: 'en' | 'hi' = 'en') {
  const onChange = jest.fn();
  render(
    <IntlProvider locale={lang} messages={(lang === 'en' ? en : hi) as Record<string, string>} onError={() => undefined}>
      <PlaceField label="From" city="kochi" value={null} onChange={onChange} />
    </IntlProvider>,
  );
  return onChange;
}
const find = (text: string) => {
  fireEvent.change(screen.getByLabelText('From'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Find places for From' }));
};

beforeEach(() => jest.resetAllMocks());

describe('PlaceField offline', () => {
  it('finds the stop in the timetable kept on the phone, and choosing it sets the place', async () => {
    query.mockRejectedValue(offline);
    kept.mockResolvedValue([stop('KAL', 'Kaloor')]);
    const onChange = field();
    find('kaloor');
    fireEvent.click(await screen.findByRole('button', { name: /Kaloor/ }));
    expect(onChange).toHaveBeenCalledWith({ kind: 'stop', stopId: 'KAL', name: 'Kaloor' });
    expect(kept).toHaveBeenCalledWith('kochi', 'kaloor');
    expect(screen.queryByText(/need a connection/)).toBeNull();
  });
  it('says it is offline with the number of kept stops found, in the plural the language needs', async () => {
    query.mockRejectedValue(offline);
    kept.mockResolvedValue([stop('KAL', 'Kaloor')]);
    field();
    find('kaloor');
    expect(await screen.findByText(/You are offline: 1 stop from the timetable kept on this phone/)).toBeTruthy();
  });
  it('no timetable kept yet: says so and how to keep one, never that planning needs a connection', async () => {
    query.mockRejectedValue(offline);
    kept.mockRejectedValue(new ApiRequestError(0, 'NO_TIMETABLE', 'none'));
    field();
    find('kaloor');
    expect(await screen.findByText(/open the planner once while online/)).toBeTruthy();
    expect(screen.queryByText(/need a connection/)).toBeNull();
  });
  it('online: one match reads "1 match", not "1 matches"', async () => {
    query.mockResolvedValue({ search: [stop('KAL', 'Kaloor')] } as never);
    field();
    find('kaloor');
    expect(await screen.findByText('1 match: choose one below.')).toBeTruthy();
  });
  it('in Hindi', async () => {
    query.mockRejectedValue(offline);
    kept.mockResolvedValue([stop('KAL', 'Kaloor')]);
    field('hi');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: 'kaloor' } });
    fireEvent.click(screen.getByRole('button', { name: hi['planner.findFor'].replace('{field}', 'From') }));
    expect(await screen.findByText(hi['planner.offlineMatches'].replace('{n}', '1'))).toBeTruthy();
  });
});
