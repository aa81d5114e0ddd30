import { derivePrefixes, overrideForDev, remoteVersion } from './remotes.js';

describe('derivePrefixes', () => {
  it('takes the first segment of every route, once, in table order', () => {
    expect(derivePrefixes([{ path: '/airport-static-screens/:board/:terminalId' }, { path: '/great-escape' }, { path: '/airport-static-screens/x' }])).toEqual([
      '/airport-static-screens',
      '/great-escape',
    ]);
  });
  it('refuses a route without a fixed first segment', () => {
    expect(() => derivePrefixes([{ path: '/:city' }])).toThrow(/fixed path segment/);
    expect(() => derivePrefixes([{ path: '/' }])).toThrow();
  });
});

describe('remoteVersion', () => {
  const a = { path: 'remoteEntry.js', content: Buffer.from('entry') };
  const b = { path: '1.abc.js', content: Buffer.from('chunk') };
  it('is 12 hex digits, independent of file order and of compressed siblings or the build stamp', () => {
    const v = remoteVersion([a, b]);
    expect(v).toMatch(/^[0-9a-f]{12}$/);
    expect(remoteVersion([b, a])).toBe(v);
    expect(remoteVersion([a, b, { path: '1.abc.js.gz', content: Buffer.from('zz') }, { path: '.build-stamp', content: Buffer.from('x') }])).toBe(v);
  });
  it('changes when any file changes', () => {
    expect(remoteVersion([a, { ...b, content: Buffer.from('chunk2') }])).not.toBe(remoteVersion([a, b]));
  });
});

describe('overrideForDev', () => {
  const built = {
    remotes: [
      { dir: 'mf-a', name: 'mf_a', version: '111111111111', entry: '/remotes/mf-a/111111111111/mf-manifest.json', prefixes: ['/a'] },
      { dir: 'mf-b', name: 'mf_b', version: '222222222222', entry: '/remotes/mf-b/222222222222/mf-manifest.json', prefixes: ['/b'] },
    ],
  };
  it('points only the remote under development at the dev server', () => {
    expect(overrideForDev(built, 'mf-b').remotes).toEqual([
      built.remotes[0],
      { ...built.remotes[1], version: 'dev', entry: '/remotes/mf-b/dev/mf-manifest.json' },
    ]);
  });
  it('refuses a remote the running app does not list', () => {
    expect(() => overrideForDev(built, 'mf-c')).toThrow(/does not list mf-c/);
    expect(() => overrideForDev({}, 'mf-a')).toThrow(/does not list mf-a/);
  });
});
