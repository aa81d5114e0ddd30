import path from 'node:path';
import { createAppConfig, createSharedConfig, RUNTIME_PACKAGE } from './index.js';
import rootPkg from '../../package.json';

const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  'single-spa',
  'jotai',
  'jotai/vanilla',
  'jotai/react',
  'jotai/utils',
  'jotai/vanilla/utils',
  'jotai/react/utils',
  'react-intl',
  RUNTIME_PACKAGE,
];

describe('createSharedConfig', () => {
  it('shares every required package as a singleton with the root package.json version', () => {
    const shared = createSharedConfig('host');
    expect(Object.keys(shared).sort()).toEqual([...SINGLETONS].sort());
    for (const key of SINGLETONS) expect(shared[key].singleton).toBe(true);
    expect(shared['react'].requiredVersion).toBe(rootPkg.dependencies.react);
    expect(shared['react/jsx-runtime'].requiredVersion).toBe(rootPkg.dependencies.react);
    expect(shared['react-dom/client'].requiredVersion).toBe(rootPkg.dependencies['react-dom']);
    expect(shared['jotai/react'].requiredVersion).toBe(rootPkg.dependencies.jotai);
    expect(shared['react-intl'].requiredVersion).toBe(rootPkg.dependencies['react-intl']);
  });

  it('makes remotes take the runtime from the shell only (import: false), while the host provides it', () => {
    expect(createSharedConfig('remote')[RUNTIME_PACKAGE].import).toBe(false);
    expect(createSharedConfig('host')[RUNTIME_PACKAGE].import).toBeUndefined();
    expect(createSharedConfig('remote')['react'].import).toBeUndefined();
  });

  it('reads versions from the given package.json and refuses a missing dependency', () => {
    const deps = { react: '1.0.0', 'react-dom': '1.0.0', 'react-router-dom': '2.0.0', 'single-spa': '3.0.0', jotai: '^4.0.0', 'react-intl': '5.0.0' };
    const shared = createSharedConfig('remote', { dependencies: deps }, '9.9.9');
    expect(shared['jotai'].requiredVersion).toBe('^4.0.0');
    expect(shared['jotai'].version).toBe('4.0.0');
    expect(shared[RUNTIME_PACKAGE]).toEqual({ singleton: true, requiredVersion: '9.9.9', version: '9.9.9', import: false });
    expect(() => createSharedConfig('host', { dependencies: { react: '1.0.0' } }, '1.0.0')).toThrow(/react-dom/);
  });
});

describe('createAppConfig', () => {
  const federationOptions = (config: { plugins?: unknown[] }) =>
    (config.plugins ?? []).map((p) => (p as { _options?: Record<string, unknown> })._options).find((o) => o && 'shareStrategy' in o) as Record<string, unknown>;

  it('builds a remote with publicPath auto, ./spa exposed and loaded-first sharing', () => {
    const appDir = path.join(__dirname, '../../mf-airport');
    const config = createAppConfig({ appDir, kind: 'remote', name: 'mf_test' });
    expect(config.mode).toBe('production');
    expect(config.output?.publicPath).toBe('auto');
    expect(config.output?.path).toBe(path.join(appDir, 'dist'));
    const mf = federationOptions(config);
    expect(mf.shareStrategy).toBe('loaded-first');
    expect(mf.manifest).toBe(true);
    expect(mf.exposes).toEqual({ './spa': './src/spa.tsx' });
    expect((mf.shared as Record<string, { import?: boolean }>)[RUNTIME_PACKAGE].import).toBe(false);
  });

  it('builds the host under /app/ with no exposes and no build-time remotes', () => {
    const config = createAppConfig({ appDir: path.join(__dirname, '../../shell'), kind: 'host', name: 'host_test' });
    expect(config.output?.publicPath).toBe('/app/');
    const mf = federationOptions(config);
    expect(mf.exposes).toBeUndefined();
    expect(mf.remotes).toBeUndefined();
    expect(config.devtool).toBe('hidden-source-map');
  });

  it('scopes CSS module class names with the app name', () => {
    const config = createAppConfig({ appDir: __dirname, kind: 'remote', name: 'mf_x' });
    const rule = (config.module?.rules ?? []).find((r) => r && typeof r === 'object' && String(r.test) === String(/\.module\.css$/)) as {
      use: Array<{ options?: { modules?: { localIdentName?: string } } }>;
    };
    expect(rule.use[1].options?.modules?.localIdentName).toMatch(/^mf_x__/);
  });
});

describe('minified names (reproducible builds)', () => {
  const mangle = () =>
    createAppConfig({ appDir: path.join(__dirname, '../../mf-airport'), kind: 'remote', name: 'mf_airport' }).optimization!.minimizeOptions!.javascript.mangle;

  it('names locals from a fixed alphabet: no character counting that text outside the output could sway', () => {
    const names = mangle().nth_identifier;
    // terser counts characters only when the generator has reset/consider/sort; without them the names depend on the code alone
    expect([names.reset, names.consider, names.sort]).toEqual([undefined, undefined, undefined]);
    expect([0, 1, 25, 26, 53, 54, 55].map((n) => names.get(n))).toEqual(['a', 'b', 'z', 'A', '_', 'aa', 'ba']);
  });

  it('gives every number its own valid identifier', () => {
    const { get } = mangle().nth_identifier;
    const seen = new Set<string>();
    for (let n = 0; n < 20_000; n++) {
      const name = get(n);
      expect(name).toMatch(/^[A-Za-z$_][A-Za-z0-9$_]*$/);
      seen.add(name);
    }
    expect(seen.size).toBe(20_000);
  });
});
