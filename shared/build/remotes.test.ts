import { derivePrefixes, remoteVersion } from './remotes.js';

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
