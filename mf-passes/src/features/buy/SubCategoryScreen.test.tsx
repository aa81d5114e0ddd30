/** @jest-environment jsdom */
import { fireEvent, screen } from '@testing-library/react';
import { offline, product, refused } from '../../test/fixtures';
import { getFlow, hiText, location, renderAt, setFlow } from '../../test/render';
import * as api from '../common/api';
import { EMPTY_FLOW } from '../common/model';
import { SubCategoryScreen } from './SubCategoryScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
const mocked = jest.mocked(api);
const ROUTE = '/productHooks/bus-pass-purchase/sub-category-selection/:configId';
const AT = '/productHooks/bus-pass-purchase/sub-category-selection/mum-general';
beforeEach(() => {
  jest.resetAllMocks();
  setFlow(EMPTY_FLOW);
});

describe('SubCategoryScreen: which plan', () => {
  it('loading', () => {
    mocked.loadProduct.mockReturnValue(new Promise(() => undefined));
    renderAt(AT, ROUTE, <SubCategoryScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a plan' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });

  it('loaded: the plans, the first chosen, the route plan’s note; Continue keeps the plan and goes to the fares', async () => {
    mocked.loadProduct.mockResolvedValue(product());
    renderAt(AT, ROUTE, <SubCategoryScreen />);
    const citywide = (await screen.findByRole('radio', { name: /City-wide/ })) as HTMLInputElement;
    expect(citywide.checked).toBe(true);
    expect(screen.getByRole('radio', { name: /One route/ }).closest('label')?.textContent).toContain('Valid only on the route named on the pass.');
    fireEvent.click(screen.getByRole('radio', { name: /One route/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('elsewhere');
    expect(location.current).toBe('/productHooks/bus-pass-purchase/fares/mum-general');
    expect(getFlow()).toMatchObject({ city: 'mumbai', configId: 'mum-general', subCatId: 'route' });
    expect(mocked.loadProduct).toHaveBeenCalledWith('mumbai', 'mum-general');
  });

  it('a plan not on sale cannot be chosen; none on sale: the problem and no Continue', async () => {
    mocked.loadProduct.mockResolvedValue(product({ subCategory: [{ id: 'citywide', name: 'City-wide', infoNote: '', isActive: false }] }));
    renderAt(AT, ROUTE, <SubCategoryScreen />);
    expect(((await screen.findByRole('radio', { name: /City-wide/ })) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toContain('This plan is not on sale right now.');
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a product not on sale: why, and every plan off', async () => {
    mocked.loadProduct.mockResolvedValue(product({ isActive: false }));
    renderAt(AT, ROUTE, <SubCategoryScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('This pass is not on sale right now.');
    expect(screen.getAllByRole('radio').every((r) => (r as HTMLInputElement).disabled)).toBe(true);
  });

  it('not found: the words and the way to other passes', async () => {
    mocked.loadProduct.mockRejectedValue(refused(404, 'PRODUCT_NOT_FOUND'));
    renderAt(AT, ROUTE, <SubCategoryScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('This pass is not sold in this city.');
    expect(screen.getByRole('link', { name: 'See other passes' }).getAttribute('href')).toBe('/productHooks');
  });

  it('error: Retry loads again', async () => {
    mocked.loadProduct.mockRejectedValueOnce(offline()).mockResolvedValueOnce(product());
    renderAt(AT, ROUTE, <SubCategoryScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('radio', { name: /City-wide/ })).toBeTruthy();
  });

  it('Hindi', async () => {
    mocked.loadProduct.mockResolvedValue(product());
    renderAt(AT, ROUTE, <SubCategoryScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('sub.heading'));
    expect(await screen.findByRole('group', { name: hiText('sub.legend') })).toBeTruthy();
  });
});
