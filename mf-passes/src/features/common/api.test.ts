// The passes API as the screens get it: the rider's passes come in the rider's language (their category names and
// features from the catalogue's translations), loaded with one catalogue request per city.
import { api, languageAtom, sawariStore } from '@sawari/runtime';
import { catalogue, pass, product } from '../../test/fixtures';
import type { Product } from './model';
import { forgetCatalogue, loadMyPasses } from './api';

jest.mock('@sawari/runtime', () => ({ ...jest.requireActual('@sawari/runtime'), api: { get: jest.fn() } }));
const get = jest.mocked(api.get);

const kochi = { ...product({ id: 'koc-general' }), translations: { hi: { Adult: 'वयस्क', Student: 'छात्र' } } } as Product;

beforeEach(() => {
  get.mockReset();
  forgetCatalogue('kochi');
  get.mockImplementation(((path: string) => {
    if (path === '/passes/mine')
      return Promise.resolve({
        passes: [
          pass({ passId: 'P-1', city: 'kochi', configurationId: 'koc-general', categoryId: 'adult', categoryName: 'Adult' }),
          pass({ passId: 'P-2', city: 'kochi', configurationId: 'koc-general', categoryId: 'student', categoryName: 'Student' }),
        ],
      });
    if (path === '/passes/v3/cities/kochi/products') return Promise.resolve({ ...catalogue([kochi]), city: 'kochi' });
    return Promise.reject(new Error(`unexpected ${path}`));
  }) as never);
});
afterEach(() => sawariStore.set(languageAtom, 'en'));

describe('loadMyPasses', () => {
  it('in Hindi: each pass names its category in Hindi, from one catalogue request per city', async () => {
    sawariStore.set(languageAtom, 'hi');
    const passes = await loadMyPasses();
    expect(passes.map((p) => p.categoryName)).toEqual(['वयस्क', 'छात्र']);
    expect(get.mock.calls.filter(([path]) => path === '/passes/v3/cities/kochi/products')).toHaveLength(1);
  });
  it('the catalogue cannot be read: the passes still come, in the words the server sent', async () => {
    sawariStore.set(languageAtom, 'hi');
    get.mockImplementation(((path: string) =>
      path === '/passes/mine' ? Promise.resolve({ passes: [pass({ city: 'kochi', categoryName: 'Adult' })] }) : Promise.reject(new Error('offline'))) as never);
    expect((await loadMyPasses()).map((p) => p.categoryName)).toEqual(['Adult']);
  });
});
