import { createRemoteEntry, createRemotesDocument, routeServes, LANGUAGE_CODES } from './manifest.js';

const catalog = (extra: Record<string, string> = {}) => ({
  'tile.title': 'Cards',
  'tile.desc': 'Recharge',
  'pay.heading': 'Pay for your card',
  'pay.product': 'card recharge',
  ...extra,
});
const allCatalogs = Object.fromEntries(LANGUAGE_CODES.map((l: string) => [l, catalog({ 'tile.title': `Cards ${l}` })]));

const manifest = {
  routes: [
    { path: '/select-card', screen: 'select' },
    { path: '/ncmc-card-recharge/successful/:cardType', screen: 'done' },
  ],
  checkout: { ncmcCardRecharge: { returnPath: '/ncmc-card-recharge/successful/:cardType', heading: 'pay.heading', product: 'pay.product' } },
  homeTiles: [{ path: '/select-card', feature: 'cards', title: 'tile.title', description: 'tile.desc' }],
  hooks: { logout: 'clearRiderData', online: 'syncPending' },
  offline: { databases: ['sawari-cards'] },
};
const entry = (m: unknown, catalogs: Record<string, Record<string, string>> = allCatalogs) =>
  createRemoteEntry({ name: 'mf_cards', dir: 'mf-cards', version: 'abcdef012345', manifest: m, catalogs });

describe('createRemoteEntry', () => {
  it('publishes routes as prefixes, texts in all six languages, hooks and offline needs', () => {
    const e = entry(manifest);
    expect(e).toMatchObject({
      name: 'mf_cards',
      dir: 'mf-cards',
      version: 'abcdef012345',
      entry: '/remotes/mf-cards/abcdef012345/mf-manifest.json',
      prefixes: ['/select-card', '/ncmc-card-recharge'],
      hooks: { logout: 'clearRiderData', online: 'syncPending' },
      offline: { databases: ['sawari-cards'] },
    });
    expect(e.checkout.ncmcCardRecharge.returnPath).toBe('/ncmc-card-recharge/successful/:cardType');
    expect(e.checkout.ncmcCardRecharge.heading.en).toBe('Pay for your card');
    expect(Object.keys(e.homeTiles[0].title)).toEqual(LANGUAGE_CODES);
    expect(e.homeTiles[0]).toMatchObject({ path: '/select-card', feature: 'cards', order: 100, title: { hi: 'Cards hi' } });
  });

  it('needs only routes', () => {
    const e = entry({ routes: [{ path: '/x', screen: 's' }] }, {});
    expect(e).toMatchObject({ prefixes: ['/x'], checkout: {}, homeTiles: [], hooks: {}, offline: { databases: [] } });
  });

  it('refuses a tile or a return path that leads to no route of the remote', () => {
    expect(() => entry({ ...manifest, homeTiles: [{ path: '/premium-buses', title: 'tile.title', description: 'tile.desc' }] })).toThrow(
      /mf-cards.*homeTiles\[0\]\.path "\/premium-buses"/,
    );
    expect(() =>
      entry({ ...manifest, homeTiles: [{ path: '/ncmc-card-recharge/successful/:cardType', title: 'tile.title', description: 'tile.desc' }] }),
    ).toThrow(/concrete path/);
    expect(() => entry({ ...manifest, checkout: { x: { returnPath: '/select-card/:orderId', heading: 'pay.heading', product: 'pay.product' } } })).toThrow(
      /not one of this remote's routes/,
    );
    expect(() => entry({ ...manifest, checkout: { x: { returnPath: '/select-card', heading: 'pay.heading', product: 'pay.product' } } })).toThrow(
      /at least one order field/,
    );
  });

  it('refuses a text missing from any one of the six catalogs', () => {
    const { ml: _ml, ...others } = allCatalogs;
    expect(() => entry(manifest, { ...others, ml: { ...catalog(), 'tile.desc': '' } })).toThrow(
      /homeTiles\[0\]\.description "tile\.desc" is missing from src\/i18n\/ml\.json/,
    );
    expect(() => entry(manifest, others)).toThrow(/ml\.json/);
  });

  it('refuses unknown fields, hooks and malformed order kinds (a typo fails the build, not the rider)', () => {
    expect(() => entry({ ...manifest, homeTile: [] })).toThrow(/unknown field "homeTile"/);
    expect(() => entry({ ...manifest, hooks: { signOut: 'x' } })).toThrow(/unknown hook "signOut"/);
    expect(() => entry({ ...manifest, hooks: { logout: 'not an export' } })).toThrow(/export of src\/spa\.tsx/);
    expect(() => entry({ ...manifest, checkout: { 'card-recharge': manifest.checkout.ncmcCardRecharge } })).toThrow(/camelCase/);
    expect(() => entry({ ...manifest, offline: { precache: true } })).toThrow(/unknown offline need/);
    expect(() => entry({ routes: [] })).toThrow(/non-empty/);
    expect(() => entry({ routes: [{ path: '/:city', screen: 'x' }] })).toThrow(/fixed path segment/);
    expect(() => entry(null)).toThrow(/must export `manifest`/);
  });
});

describe('createRemotesDocument', () => {
  const a = entry(manifest);
  const other = (m: object) => createRemoteEntry({ name: 'mf_other', dir: 'mf-other', version: '0', manifest: m, catalogs: allCatalogs });
  it('refuses a prefix claimed twice, or a prefix of the shell', () => {
    expect(() => createRemotesDocument([a, other({ routes: [{ path: '/select-card/other', screen: 'x' }] })])).toThrow(
      /\/select-card is claimed by both mf-cards and mf-other/,
    );
    expect(() => createRemotesDocument([a], ['/select-card'])).toThrow(/claimed by both shell and mf-cards/);
  });
  it('refuses an order kind declared twice', () => {
    const b = other({
      routes: [{ path: '/other/:orderId', screen: 'x' }],
      checkout: { ncmcCardRecharge: { returnPath: '/other/:orderId', heading: 'pay.heading', product: 'pay.product' } },
    });
    expect(() => createRemotesDocument([a, b])).toThrow(/"ncmcCardRecharge" is declared by both mf-cards and mf-other/);
  });
  it('keeps the entries in order', () => {
    const b = other({ routes: [{ path: '/other', screen: 'x' }] });
    expect(createRemotesDocument([a, b], ['/login']).remotes.map((r: { dir: string }) => r.dir)).toEqual(['mf-cards', 'mf-other']);
  });
});

describe('routeServes', () => {
  it('matches fixed segments exactly and any value for a parameter', () => {
    expect(routeServes('/a/:id', '/a/:orderId')).toBe(true);
    expect(routeServes('/a/:id', '/a/42')).toBe(true);
    expect(routeServes('/a/:id', '/a')).toBe(false);
    expect(routeServes('/a/b', '/a/c')).toBe(false);
  });
});
