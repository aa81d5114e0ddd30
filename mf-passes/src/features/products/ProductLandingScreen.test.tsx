/** @jest-environment jsdom */
import { fireEvent, screen, within } from '@testing-library/react';
import { offline, product, refused } from '../../test/fixtures';
import { hiText, renderAt } from '../../test/render';
import * as api from '../common/api';
import { ProductLandingScreen } from './ProductLandingScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
const mocked = jest.mocked(api);
const ROUTE = '/products-landing/:configId';
const AT = '/products-landing/mum-general';
beforeEach(() => jest.resetAllMocks());

describe('ProductLandingScreen: one product from a link', () => {
  it('loading', () => {
    mocked.loadProduct.mockReturnValue(new Promise(() => undefined));
    renderAt(AT, ROUTE, <ProductLandingScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'About this pass' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });

  it('loaded: the product with its terms open, and every fare with its price or "Not on sale"', async () => {
    const p = product();
    p.fareMapping.adult[0] = { ...p.fareMapping.adult[0], isActive: false };
    mocked.loadProduct.mockResolvedValue(p);
    renderAt(AT, ROUTE, <ProductLandingScreen />);
    expect(await screen.findByRole('article', { name: 'General pass' })).toBeTruthy();
    expect(screen.getByText('Not transferable.')).toBeTruthy();
    const fares = within(screen.getAllByRole('list').at(-1)!).getAllByRole('listitem');
    expect(fares.map((f) => f.textContent)).toEqual([
      'Weekly · AdultNot on sale7 days',
      'Monthly · Adult₹1,10030 days',
      'Student monthly · Student₹55030 days',
    ]);
    expect(mocked.loadProduct).toHaveBeenCalledWith('mumbai', 'mum-general');
  });

  it('not found: the words and the way to other passes', async () => {
    mocked.loadProduct.mockRejectedValue(refused(404, 'PRODUCT_NOT_FOUND'));
    renderAt('/products-landing/nope', ROUTE, <ProductLandingScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('This pass is not sold in this city.');
    expect(screen.getByRole('link', { name: 'See other passes' })).toBeTruthy();
  });

  it('error: Retry loads again', async () => {
    mocked.loadProduct.mockRejectedValueOnce(offline()).mockResolvedValueOnce(product());
    renderAt(AT, ROUTE, <ProductLandingScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'General pass' })).toBeTruthy();
  });

  it('Hindi', async () => {
    mocked.loadProduct.mockResolvedValue(product());
    renderAt(AT, ROUTE, <ProductLandingScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('landing.heading'));
    expect(await screen.findByRole('heading', { level: 2, name: hiText('landing.fares') })).toBeTruthy();
  });
});
