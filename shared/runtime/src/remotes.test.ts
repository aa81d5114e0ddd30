import type { HomeTile, LocalisedText, RemoteEntry } from './manifest';
import { fillPathTemplate, templateFields } from './manifest';
import { deployedRemotes, homeTiles, isServed, setDeployedRemotes } from './remotes';

const text = (en: string): LocalisedText => ({ en, hi: en, mr: en, ml: en, ta: en, kn: en });
const tile = (path: string, order: number): HomeTile => ({ path, order, title: text(path), description: text('') });

describe('deployed remotes', () => {
  it('fills the manifest fields an older remotes.json lacks, and drops malformed entries', () => {
    setDeployedRemotes([{ name: 'mf_x', dir: 'mf-x', version: '1', entry: '/e', prefixes: ['/x'] }, { dir: 'no-name' } as Partial<RemoteEntry>]);
    expect(deployedRemotes()).toEqual([
      { name: 'mf_x', dir: 'mf-x', version: '1', entry: '/e', prefixes: ['/x'], checkout: {}, homeTiles: [], hooks: {}, offline: { databases: [] } },
    ]);
  });
  it('says whether a deployed remote serves a path', () => {
    setDeployedRemotes([{ name: 'mf_t', dir: 'mf-t', version: '1', entry: '', prefixes: ['/your-tickets-and-passes'] }]);
    expect(isServed('/your-tickets-and-passes')).toBe(true);
    expect(isServed('/your-tickets-and-passes/summary/1?x=1')).toBe(true);
    expect(isServed('/your-tickets-and-passes-old')).toBe(false);
    expect(isServed('/premium-buses')).toBe(false);
  });
  it('orders the tiles of every remote by their order, then by remote', () => {
    setDeployedRemotes([
      { name: 'mf_b', dir: 'mf-b', version: '1', entry: '', prefixes: ['/b'], homeTiles: [tile('/b', 20), tile('/b2', 100)] },
      { name: 'mf_a', dir: 'mf-a', version: '1', entry: '', prefixes: ['/a'], homeTiles: [tile('/a', 100), tile('/a0', 10)] },
    ]);
    expect(homeTiles().map((t) => t.path)).toEqual(['/a0', '/b', '/a', '/b2']);
  });
});

describe('fillPathTemplate', () => {
  it('replaces every :field, encoded', () => {
    expect(fillPathTemplate('/a/:orderId/:cardType', { orderId: 'x/y', cardType: 7 })).toBe('/a/x%2Fy/7');
    expect(templateFields('/a/:orderId/b/:cardType')).toEqual(['orderId', 'cardType']);
  });
  it('answers null for a missing, empty or non-scalar field', () => {
    expect(fillPathTemplate('/a/:cardType', { orderId: '1' })).toBeNull();
    expect(fillPathTemplate('/a/:cardType', { cardType: '' })).toBeNull();
    expect(fillPathTemplate('/a/:cardType', { cardType: { x: 1 } })).toBeNull();
  });
});
