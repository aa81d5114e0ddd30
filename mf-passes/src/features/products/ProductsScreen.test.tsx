/** @jest-environment jsdom */
import { fireEvent, screen, within } from '@testing-library/react';
import { catalogue, offline, order, pass, product, refused } from '../../test/fixtures';
import { getFlow, hiText, location, renderAt, setFlow } from '../../test/render';
import * as api from '../common/api';
import { EMPTY_FLOW } from '../common/model';
import ProductsScreen from './ProductsScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
const mocked = jest.mocked(api);
const ROUTE = '/productHooks';
beforeEach(() => {
  jest.resetAllMocks();
  setFlow(EMPTY_FLOW);
  mocked.loadMyPasses.mockResolvedValue([]);
  mocked.loadOpenOrders.mockResolvedValue([]);
});

describe('ProductsScreen: the city’s passes and the rider’s own', () => {
  it('loading', () => {
    mocked.loadCatalogue.mockReturnValue(new Promise(() => undefined));
    renderAt(ROUTE, ROUTE, <ProductsScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Bus passes' })).toBeTruthy();
    expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
  });

  it('loaded: one card per product, from the lowest price; Buy starts the purchase', async () => {
    mocked.loadCatalogue.mockResolvedValue(catalogue([product(), product({ id: 'off', name: 'Old pass', isActive: false })]));
    renderAt(ROUTE, ROUTE, <ProductsScreen />);
    const general = await screen.findByRole('article', { name: 'General pass' });
    expect(within(general).getByText('from ₹350')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Old pass' })).getByText('Not on sale')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Old pass' })).queryByRole('button', { name: 'Buy' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Passes in Mumbai' })).toBeTruthy();
    fireEvent.click(within(general).getByRole('button', { name: 'Buy' }));
    await screen.findByText('elsewhere');
    expect(location.current).toBe('/productHooks/bus-pass-purchase/sub-category-selection/mum-general');
    expect(getFlow()).toMatchObject({ city: 'mumbai', configId: 'mum-general' });
  });

  it('empty: no passes on sale', async () => {
    mocked.loadCatalogue.mockResolvedValue(catalogue([]));
    renderAt(ROUTE, ROUTE, <ProductsScreen />);
    expect(await screen.findByText('There are no passes on sale in this city right now.')).toBeTruthy();
  });

  it('passes not sold in the city: said, no Retry', async () => {
    mocked.loadCatalogue.mockRejectedValue(refused(403, 'PASSES_NOT_ENABLED'));
    renderAt(ROUTE, ROUTE, <ProductsScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('Bus passes are not sold in this city.');
  });

  it('error: Retry loads the catalogue again', async () => {
    // the catalogue is asked twice per visit (the rider's passes name their product from it), one answer shared in the app
    mocked.loadCatalogue.mockRejectedValueOnce(offline()).mockRejectedValueOnce(offline()).mockResolvedValue(catalogue());
    renderAt(ROUTE, ROUTE, <ProductsScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'General pass' })).toBeTruthy();
  });

  it('the rider’s pass with its validity and Renew; an order rejected in verification with its reason and Resubmit', async () => {
    mocked.loadCatalogue.mockResolvedValue(catalogue());
    mocked.loadMyPasses.mockResolvedValue([pass()]);
    mocked.loadOpenOrders.mockResolvedValue([order({ transactionId: 'PASS-R', status: 'REJECTED', rejectionReason: 'Photo is blurred' })]);
    renderAt(ROUTE, ROUTE, <ProductsScreen />);
    const mine = await screen.findByRole('article', { name: /General pass: Adult pass, 30 days/ });
    expect(mine.textContent).toMatch(/Valid until/);
    expect(within(mine).getByRole('button', { name: 'Renew Adult pass, 30 days' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Waiting for verification' })).toBeTruthy();
    expect(screen.getByText('Reason: Photo is blurred')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Resubmit documents' }).getAttribute('href')).toBe(
      '/productHooks/bus-pass-purchase/resubmit-for-verification/PASS-R',
    );
  });

  it('an expired pass: "Expired on", no longer valid', async () => {
    mocked.loadCatalogue.mockResolvedValue(catalogue());
    mocked.loadMyPasses.mockResolvedValue([pass({ status: 'EXPIRED', isRenewable: false })]);
    renderAt(ROUTE, ROUTE, <ProductsScreen />);
    const mine = await screen.findByRole('article', { name: /Adult pass, 30 days/ });
    expect(mine.textContent).toMatch(/Expired on/);
    expect(within(mine).queryByRole('button', { name: /Renew/ })).toBeNull();
  });

  it('Renew refused: the reason, the rider stays', async () => {
    mocked.loadCatalogue.mockResolvedValue(catalogue());
    mocked.loadMyPasses.mockResolvedValue([pass()]);
    mocked.renewPass.mockRejectedValue(refused(409, 'NOT_RENEWABLE'));
    renderAt(ROUTE, ROUTE, <ProductsScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Renew Adult pass, 30 days' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This pass cannot be renewed.');
    expect(location.current).toBe(ROUTE);
  });

  it('Hindi', async () => {
    mocked.loadCatalogue.mockResolvedValue(catalogue([]));
    renderAt(ROUTE, ROUTE, <ProductsScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('products.heading'));
    expect(await screen.findByText(hiText('products.none'))).toBeTruthy();
  });
});
