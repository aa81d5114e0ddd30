/** @jest-environment jsdom */
// Component test of the recharge success screens (Testing Library): opened without an order, or with one the rider
// does not have, they say so in the rider's words with the way to their cards, never a list loading for ever.
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiRequestError } from '@sawari/runtime';
import en from '../../i18n/en.json';
import { cardsApi } from '../common/api';
import { NcmcSuccessScreen, SuccessScreen } from './RechargeScreens';

jest.mock('../common/api', () => ({ cardsApi: { order: jest.fn() } }));
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), RequireSignIn: ({ children }: { children: unknown }) => children }));
const order = jest.mocked(cardsApi.order);

function renderAt(path: string, route: string, element: React.ReactElement) {
  return render(
    <IntlProvider locale="en-IN" messages={en as Record<string, string>} onError={() => undefined}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={element} />
        </Routes>
      </MemoryRouter>
    </IntlProvider>,
  );
}

beforeEach(() => order.mockReset());

describe('recharge success screens', () => {
  it('NCMC, opened without its order: "not found" and the way to the rider’s cards, without asking the server', async () => {
    renderAt('/ncmc-card-recharge/successful/NCMC', '/ncmc-card-recharge/successful/:cardType', <NcmcSuccessScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('This recharge was not found.');
    expect(screen.getByRole('link', { name: 'Your transit cards' }).getAttribute('href')).toBe('/card-payments');
    expect(screen.queryByRole('status')).toBeNull();
    expect(order).not.toHaveBeenCalled();
  });
  it('an order the server does not know: the same words and way on', async () => {
    order.mockRejectedValue(new ApiRequestError(404, 'ORDER_NOT_FOUND', 'Order not found'));
    renderAt('/select-card/card-recharge-successful/TXN0', '/select-card/card-recharge-successful/:transectionId', <SuccessScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('This recharge was not found.');
    expect(screen.getByRole('link', { name: 'Your transit cards' })).toBeTruthy();
    expect(order).toHaveBeenCalledWith('TXN0');
  });
});
