// THE webpack + Module Federation config factory every web app uses (docs/architecture.md). Each app's
// webpack.config.js is three lines calling createAppConfig; nothing federation-related is written per app.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const ROOT = path.resolve(__dirname, '..', '..');
const RUNTIME_PACKAGE = '@sawari/runtime';

/** Packages every app shares as singletons. `of` names the root package.json dependency whose version applies. */
const SHARED_SINGLETONS = [
  { key: 'react', of: 'react' },
  { key: 'react/jsx-runtime', of: 'react' },
  { key: 'react-dom', of: 'react-dom' },
  { key: 'react-dom/client', of: 'react-dom' },
  { key: 'react-router-dom', of: 'react-router-dom' },
  { key: 'single-spa', of: 'single-spa' },
  { key: 'jotai', of: 'jotai' },
  // jotai's own entry re-exports its subpaths BY PACKAGE NAME, so each subpath must be a singleton too or a remote
  // could end up with a second store implementation. Listed one by one: a "jotai/" prefix key makes the federation
  // manifest resolve "jotai/", which Node flags as a deprecated trailing-slash export (DEP0155).
  ...['jotai/vanilla', 'jotai/react', 'jotai/utils', 'jotai/vanilla/utils', 'jotai/react/utils'].map((key) => ({ key, of: 'jotai' })),
  { key: 'react-intl', of: 'react-intl' },
];

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * The `shared` block for an app, generated from the root package.json (never written by hand per app).
 * @param {'host'|'remote'} kind
 * @param {{ dependencies?: Record<string,string> }} [rootPkg]
 * @param {string} [runtimeVersion] version of the @sawari/runtime workspace package
 */
function createSharedConfig(
  kind,
  rootPkg = readJson(path.join(ROOT, 'package.json')),
  runtimeVersion = readJson(path.join(ROOT, 'shared/runtime/package.json')).version,
) {
  const deps = rootPkg.dependencies || {};
  /** @type {Record<string, object>} */
  const shared = {};
  for (const { key, of } of SHARED_SINGLETONS) {
    const version = deps[of];
    if (!version) throw new Error(`createSharedConfig: ${of} is not a dependency in the root package.json`);
    shared[key] = { singleton: true, requiredVersion: version, version: version.replace(/^[\^~]/, '') };
  }
  shared[RUNTIME_PACKAGE] = { singleton: true, requiredVersion: runtimeVersion, version: runtimeVersion };
  // Why import:false: a remote must never bring its own copy of the runtime (a second jotai store, clock or session
  // would silently split state). The shell always provides it; a remote without a shell has no runtime at all.
  if (kind === 'remote') shared[RUNTIME_PACKAGE].import = false;
  return shared;
}

/** Copies <appDir>/public/** into the output unchanged (icons, web app manifest). Tiny: no copy plugin needed. */
class CopyPublicPlugin {
  constructor(dir) {
    this.dir = dir;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CopyPublicPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CopyPublicPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        if (!fs.existsSync(this.dir)) return;
        for (const file of fs.readdirSync(this.dir, { recursive: true })) {
          const abs = path.join(this.dir, String(file));
          if (!fs.statSync(abs).isFile()) continue;
          compilation.fileDependencies.add(abs);
          compilation.emitAsset(String(file).split(path.sep).join('/'), new webpack.sources.RawSource(fs.readFileSync(abs)));
        }
      });
    });
  }
}

/**
 * Renames the host's runtime entry main.js to main.<content hash>.js once it is minified (before html-webpack-plugin
 * writes index.html, which therefore references the hashed name). Safe: a runtime chunk never refers to its own name.
 */
class HashEntryPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('HashEntryPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'HashEntryPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 50 }, () => {
        const asset = compilation.getAsset('main.js');
        if (!asset) return;
        const hash = require('node:crypto').createHash('sha256').update(asset.source.buffer()).digest('hex').slice(0, 10);
        compilation.renameAsset('main.js', `main.${hash}.js`);
        compilation.updateAsset(
          `main.${hash}.js`,
          (src) => src,
          (info) => ({ ...info, immutable: true, contenthash: hash }),
        );
      });
    });
  }
}

const FEDERATION_ENTRY = /[\\/]\.federation[\\/]entry\.[0-9a-f]+\.js$/;
const PATCHED = Symbol.for('sawari.stableFederationEntry');

/**
 * Why: the federation plugin writes its runtime entry to <cwd>/node_modules/.federation/entry.<hash>.js, a file that
 * imports the bundler runtime and runtime plugins by ABSOLUTE path, named after a hash of that text. That name enters
 * (1) the module the host includes (the shell's main file) and (2) the identifier of every remote's container entry
 * module (ContainerEntryModule#identifier ends with it), from which the deterministic module id is hashed: so the
 * container's module id in remoteEntry.js changed with the folder the repository was checked out in, and the same
 * commit gave other remote versions elsewhere. This plugin points both at a copy whose imports are relative to the
 * copy itself and whose name hashes that relative text, in <repo>/node_modules/.federation: same bytes, same ids, in
 * any checkout. (2) needs the container entry module's path replaced before its identifier is first read; the
 * enhanced plugin offers no option for it, so its identifier() is wrapped once (module-federation/enhanced 2.9).
 */
class StableFederationEntryPlugin {
  constructor(root) {
    this.root = root;
    this.dir = path.join(root, 'node_modules', '.federation');
  }
  stableCopy(file) {
    const text = fs.readFileSync(file, 'utf8');
    // Every absolute import ('/…' on POSIX, 'C:/…' on Windows) becomes a path relative to the copy's folder.
    const relative = text.replace(/from '((?:[A-Za-z]:)?\/[^']+)'/g, (_, abs) => {
      let rel = path.relative(this.dir, abs).split(path.sep).join('/');
      if (!rel.startsWith('.')) rel = `./${rel}`;
      return `from '${rel}'`;
    });
    const hash = require('node:crypto').createHash('sha256').update(relative).digest('hex').slice(0, 16);
    const target = path.join(this.dir, `entry.stable-${hash}.js`);
    if (!fs.existsSync(target) || fs.readFileSync(target, 'utf8') !== relative) {
      fs.mkdirSync(this.dir, { recursive: true });
      const tmp = `${target}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, relative);
      fs.renameSync(tmp, target);
    }
    return target;
  }
  patchContainerEntryModule() {
    const enhancedDist = require.resolve('@module-federation/enhanced/webpack').split(`${path.sep}dist${path.sep}`)[0];
    const ContainerEntryModule = require(path.join(enhancedDist, 'dist/src/lib/container/ContainerEntryModule.js')).default;
    if (ContainerEntryModule.prototype[PATCHED]) return;
    const identifier = ContainerEntryModule.prototype.identifier;
    const stableCopy = (file) => this.stableCopy(file);
    const root = this.root;
    // The module builds from the stable copy (absolute path); its identifier names it relative to the repository,
    // because webpack relativizes only whole "|"/"!"-separated segments, and this identifier is one long segment.
    ContainerEntryModule.prototype.identifier = function stableIdentifier() {
      const entry = this._injectRuntimeEntry;
      if (typeof entry === 'string' && FEDERATION_ENTRY.test(entry)) this._injectRuntimeEntry = stableCopy(entry);
      const id = identifier.call(this);
      const abs = this._injectRuntimeEntry;
      return typeof abs === 'string' && path.isAbsolute(abs) ? id.split(abs).join(path.relative(root, abs).split(path.sep).join('/')) : id;
    };
    ContainerEntryModule.prototype[PATCHED] = true;
  }
  apply(compiler) {
    this.patchContainerEntryModule();
    compiler.hooks.normalModuleFactory.tap('StableFederationEntryPlugin', (factory) => {
      factory.hooks.beforeResolve.tap('StableFederationEntryPlugin', (data) => {
        if (FEDERATION_ENTRY.test(data.request)) data.request = this.stableCopy(data.request);
      });
    });
  }
}

/**
 * Why: RealContentHashPlugin renames assets to the hash of their final content but leaves source maps as they were
 * written before: their "file" names a file that does not exist, and the runtime's chunk-name table in "sourcesContent"
 * carries the first, provisional hashes. Those provisional hashes are computed over module hashes that include
 * absolute paths, so they differed between checkouts (the JavaScript itself did not). Once names are final, each map's
 * "file" is set to its asset and every provisional hash in the maps is replaced by the final one: true, and the same
 * in any checkout.
 */
class SourceMapFileNamePlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('SourceMapFileNamePlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'SourceMapFileNamePlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const maps = [];
        const finalHash = new Map();
        for (const asset of compilation.getAssets()) {
          const related = asset.info.related && asset.info.related.sourceMap;
          for (const name of Array.isArray(related) ? related : related ? [related] : []) {
            const map = compilation.getAsset(name);
            if (!map) continue;
            const json = JSON.parse(map.source.source().toString());
            // provisional "a.1111111111.js" vs final "a.2222222222.js": the differing dot-separated part is the hash
            const before = String(json.file || '').split('.');
            const after = asset.name.split('.');
            if (before.length === after.length) before.forEach((part, i) => part !== after[i] && /^[0-9a-f]{6,}$/.test(part) && finalHash.set(part, after[i]));
            json.file = asset.name;
            maps.push({ name, json });
          }
        }
        const provisional = finalHash.size ? new RegExp([...finalHash.keys()].join('|'), 'g') : null;
        for (const { name, json } of maps) {
          const text = JSON.stringify(json);
          compilation.updateAsset(name, new webpack.sources.RawSource(provisional ? text.replace(provisional, (h) => finalHash.get(h)) : text));
        }
      });
    });
  }
}

/**
 * Why: webpack's deterministic ids hash each module's name made relative to the context, but it relativizes only whole
 * "|"/"!"-separated segments; the federation plugin's shared modules are named like "provide module (default)
 * react@19.2.0 = /abs/node_modules/react/index.js", so their names (and, through hash collisions resolved in name
 * order, other modules' ids) changed with the checkout's path. These are webpack's DeterministicModuleIdsPlugin and
 * DeterministicChunkIdsPlugin (5.111) with one change: the repository's absolute path is removed from every name.
 */
class RepoRelativeIdsPlugin {
  constructor(root) {
    this.root = root;
  }
  apply(compiler) {
    const { assignDeterministicIds, getFullModuleName, getFullChunkName, getUsedModuleIdsAndModules, getUsedChunkIds } = require('webpack/lib/ids/IdHelpers');
    const { compareModulesByPreOrderIndexOrIdentifier, compareChunksNatural } = require('webpack/lib/util/comparators');
    const strip = (name) =>
      name
        .split(this.root + path.sep)
        .join('')
        .split(this.root)
        .join('');
    compiler.hooks.compilation.tap('RepoRelativeIdsPlugin', (compilation) => {
      compilation.hooks.moduleIds.tap('RepoRelativeIdsPlugin', () => {
        const chunkGraph = compilation.chunkGraph;
        const [usedIds, modules] = getUsedModuleIdsAndModules(compilation);
        assignDeterministicIds(
          modules,
          (module) => strip(getFullModuleName(module, compiler.context, compiler.root)),
          compareModulesByPreOrderIndexOrIdentifier(compilation.moduleGraph),
          (module, id) => {
            const size = usedIds.size;
            usedIds.add(`${id}`);
            if (size === usedIds.size) return false;
            chunkGraph.setModuleId(module, id);
            return true;
          },
          [10 ** 3],
          10,
          usedIds.size,
          0,
        );
      });
      compilation.hooks.chunkIds.tap('RepoRelativeIdsPlugin', (chunks) => {
        const chunkGraph = compilation.chunkGraph;
        const usedIds = getUsedChunkIds(compilation);
        assignDeterministicIds(
          [...chunks].filter((chunk) => chunk.id === null),
          (chunk) => strip(getFullChunkName(chunk, chunkGraph, compiler.context, compiler.root)),
          compareChunksNatural(chunkGraph),
          (chunk, id) => {
            const size = usedIds.size;
            usedIds.add(`${id}`);
            if (size === usedIds.size) return false;
            chunk.id = id;
            chunk.ids = [id];
            return true;
          },
          [10 ** 3],
          10,
          usedIds.size,
        );
      });
    });
  }
}

/**
 * Why: terser names local variables in the order of how often each character occurs in the WHOLE chunk as it stands
 * before mangling (its default `nth_identifier` counts characters), text that the output does not keep included. Two
 * checkouts gave remoteEntry.js files (mf-tickets, mf-tracking) that differed only in two swapped one-letter names
 * (`u`/`d`), so the same commit had two versions. A mangler that does not count (terser then skips the counting)
 * names variables from a fixed alphabet: the names depend only on the code. Kept self-contained: the minimizer sends
 * its options to worker processes as source text.
 */
const STABLE_MANGLED_NAMES = {
  get: function stableName(n) {
    const leading = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ$_';
    const all = `${leading}0123456789`;
    let name = leading[n % 54];
    n = Math.floor(n / 54);
    while (n > 0) {
      n -= 1;
      name += all[n % 64];
      n = Math.floor(n / 64);
    }
    return name;
  },
};

/**
 * The host's pages from src/index.html: index.html (what the service worker answers every navigation with), and
 * index.<lang>.html for each language of src/i18n, the template called with `firstPaint: { lang, t }` (t: a message of
 * that catalog) so it can carry the first screen's paint in that language (the server picks one by the rider's
 * language cookie; docs/architecture.md "First paint of /app"). Plain index.html gets `firstPaint: null`.
 */
function hostPages(appDir) {
  const HtmlWebpackPlugin = require('html-webpack-plugin');
  const { LANGUAGE_CODES } = require('./manifest.js');
  const page = (filename, firstPaint) =>
    new HtmlWebpackPlugin({
      template: path.join(appDir, 'src/index.html'),
      filename,
      chunks: ['main'],
      scriptLoading: 'defer',
      templateParameters: { firstPaint },
      minify: { collapseWhitespace: true, removeComments: true },
    });
  const catalog = (lang) => path.join(appDir, 'src/i18n', `${lang}.json`);
  const localised = LANGUAGE_CODES.filter((lang) => fs.existsSync(catalog(lang))).map((lang) => {
    const messages = readJson(catalog(lang));
    const t = (id) => {
      if (typeof messages[id] !== 'string') throw new Error(`${path.relative(ROOT, catalog(lang))} has no message ${id} (used by src/index.html)`);
      return messages[id];
    };
    return page(`index.${lang}.html`, { lang, t });
  });
  return [page('index.html', null), ...localised];
}

/** The host's service worker (src/sw.ts), when it has one: precache its own files, nothing of the remotes. */
function serviceWorkerPlugin(appDir) {
  const swSrc = path.join(appDir, 'src/sw.ts');
  if (!fs.existsSync(swSrc)) return [];
  const { InjectManifest } = require('workbox-webpack-plugin');
  return [
    new InjectManifest({
      swSrc,
      swDest: 'sw.js',
      // The host's own remoteEntry/mf-manifest are federation bookkeeping nobody loads; remotes.json must stay fresh.
      // index.<lang>.html: first HTML from the server only (the worker answers navigations with index.html).
      exclude: [/\.map$/, /LICENSE\.txt$/, /^remoteEntry\.js$/, /^mf-(manifest|stats)\.json$/, /^remotes\.json$/, /\.(gz|br)$/, /^index\.[a-z]{2}\.html$/],
      maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
    }),
  ];
}

/** The loaders every build uses: TypeScript/TSX by swc, CSS modules named per app, plain CSS, assets. */
function moduleRules(appPrefix) {
  const cssLoader = (modules) => ({
    loader: require.resolve('css-loader'),
    options: {
      importLoaders: 0,
      modules: modules ? { localIdentName: `${appPrefix}__[local]__[hash:base64:5]`, namedExport: false, exportLocalsConvention: 'as-is' } : false,
    },
  });
  return [
    {
      test: /\.[cm]?tsx?$/,
      exclude: /node_modules/,
      use: {
        loader: require.resolve('swc-loader'),
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2020',
          },
        },
      },
    },
    { test: /\.module\.css$/, use: [MiniCssExtractPlugin.loader, cssLoader(true)] },
    { test: /\.css$/, exclude: /\.module\.css$/, use: [MiniCssExtractPlugin.loader, cssLoader(false)] },
    { test: /\.(png|svg|woff2?)$/, type: 'asset/resource' },
  ];
}

/** Deterministic ids, with names relative to the repository (RepoRelativeIdsPlugin); webpack's own terser settings
 * (compress twice) with names that do not depend on the checkout. */
const OPTIMIZATION = {
  moduleIds: false,
  chunkIds: false,
  minimizeOptions: { javascript: { compress: { passes: 2 }, mangle: { nth_identifier: STABLE_MANGLED_NAMES } } },
};

const definePlugin = (define) => new webpack.DefinePlugin(Object.fromEntries(Object.entries(define).map(([k, v]) => [k, JSON.stringify(v)])));

/**
 * A plain entry (no Module Federation, no shared scope) built into a remote's dist beside it, so the same version,
 * release folder and deploy carry it: mf-airport's kiosk page (docs/airport-timings.md "A board without the shell").
 * Writes `<entryName>.json` = `{ script, style? }`, the small manifest the server reads.
 */
function standaloneEntryConfig({ appDir, name, entryName, entryImport, define, outputPath }) {
  const appPrefix = `${name}_${entryName}`.replace(/[^A-Za-z0-9_]/g, '_');
  return {
    mode: 'production',
    context: appDir,
    target: 'web',
    entry: { [entryName]: entryImport },
    devtool: 'hidden-source-map',
    output: {
      path: outputPath,
      // Its lazy chunks load beside the script, wherever the release is served (/remotes/<dir>/<version>/).
      publicPath: 'auto',
      filename: '[name].[contenthash:10].js',
      chunkFilename: `${entryName}-[name].[contenthash:10].js`,
      assetModuleFilename: `assets/${entryName}-[name].[contenthash:10][ext]`,
      uniqueName: appPrefix,
      clean: false,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    module: { rules: moduleRules(appPrefix) },
    optimization: OPTIMIZATION,
    performance: { hints: false },
    plugins: [
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css', chunkFilename: `${entryName}-[name].[contenthash:10].css` }),
      definePlugin(define),
      new RepoRelativeIdsPlugin(ROOT),
      new SourceMapFileNamePlugin(),
      new StandaloneManifestPlugin(entryName),
    ],
    stats: 'errors-warnings',
  };
}

/** Writes `<entryName>.json`: the entry's one script and its styles (the server inlines the styles, loads the script). */
class StandaloneManifestPlugin {
  constructor(entryName) {
    this.entryName = entryName;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StandaloneManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'StandaloneManifestPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT + 1 }, () => {
        const files = [...(compilation.entrypoints.get(this.entryName)?.getFiles() ?? [])];
        const script = files.filter((f) => f.endsWith('.js'));
        const style = files.filter((f) => f.endsWith('.css'));
        if (script.length !== 1 || style.length > 1)
          throw new Error(`${this.entryName} entry: expected one script and at most one style, got ${files.join(', ')}`);
        const manifest = { script: script[0], ...(style.length ? { style: style[0] } : {}) };
        compilation.emitAsset(`${this.entryName}.json`, new webpack.sources.RawSource(`${JSON.stringify(manifest)}\n`));
      });
    });
  }
}

/** Builds a standalone entry once the remote has written its files (after its output folder was cleaned). */
class StandaloneEntryPlugin {
  constructor(options) {
    this.options = options;
  }
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('StandaloneEntryPlugin', async () => {
      // The dev server (scripts/dev-remote.mjs) serves the remote from memory under /remotes/<dir>/dev/: no standalone page.
      if (String(compiler.options.output.publicPath).includes('/dev/')) return;
      const child = webpack(standaloneEntryConfig({ ...this.options, outputPath: compiler.outputPath }));
      await new Promise((resolve, reject) =>
        child.run((err, stats) =>
          child.close(() => {
            if (err) return reject(err);
            if (stats.hasErrors()) return reject(new Error(`${this.options.entryName} entry: ${stats.toString({ all: false, errors: true, colors: false })}`));
            resolve();
          }),
        ),
      );
    });
  }
}

/**
 * @param {{ appDir: string, kind: 'host'|'remote', name: string, exposes?: Record<string,string>,
 *           publicPath?: string, define?: Record<string,string>, standaloneEntries?: Record<string,string>,
 *           plugins?: any[] }} options  standaloneEntries: name -> source of plain entries built beside a remote
 *           (standaloneEntryConfig)
 * @returns {import('webpack').Configuration}
 */
function createAppConfig({ appDir, kind, name, exposes, publicPath, define = {}, standaloneEntries = {}, plugins = [] }) {
  if (kind !== 'host' && kind !== 'remote') throw new Error(`createAppConfig: kind must be host or remote, got ${kind}`);
  if (kind === 'host' && Object.keys(standaloneEntries).length) throw new Error('createAppConfig: standalone entries are for remotes');
  const isHost = kind === 'host';
  const appPrefix = name.replace(/[^A-Za-z0-9_]/g, '_');

  const federation = new ModuleFederationPlugin({
    name,
    filename: 'remoteEntry.js',
    // Why loaded-first: with the default version-first the host initialises EVERY registered remote's entry at
    // start to compare versions; loaded-first lets a kiosk board fetch only mf-airport's entry.
    shareStrategy: 'loaded-first',
    manifest: true,
    // Why dts:false: type hints travel through the workspace's TypeScript sources, and the DTS plugin would spawn a
    // TypeScript compile (and a dev server) inside every production build on a 2-core machine.
    dts: false,
    // Why an external runtime: without it every remote's remoteEntry.js embeds its own copy of the federation runtime
    // core (~27 KB gzip), downloaded on top of the shell's. The shell provides its copy on a global and remotes use it.
    experiments: isHost ? { provideExternalRuntime: true } : { externalRuntime: true },
    exposes: isHost ? undefined : { './spa': './src/spa.tsx', ...(exposes || {}) },
    // No remotes here: the shell learns them at run time from remotes.json (registerRemotes), never at build time.
    shared: createSharedConfig(kind),
  });

  return {
    mode: 'production',
    context: appDir,
    target: 'web',
    // A remote's only entry is the container (remoteEntry.js) the federation plugin adds.
    // Why the host's entry is named without [contenthash] here: with webpack 5.111 the federation runtime module
    // resolves its own chunk's filename while chunk hashes are still being computed, and a [contenthash] in it fails
    // the build (module-federation/core#5077, webpack/webpack#22199). HashEntryPlugin adds the content hash afterwards.
    entry: isHost ? { main: { import: './src/index.ts', filename: '[name].js' } } : {},
    // Source maps are written as separate files and never referenced from the served bundle.
    devtool: 'hidden-source-map',
    output: {
      path: path.join(appDir, 'dist'),
      publicPath: publicPath || (isHost ? '/app/' : 'auto'),
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      // Why a unique name per app: two webpack runtimes on one page (shell + remotes) must not share the same
      // global chunk-loading array, or one build would try to run the other's chunks.
      uniqueName: name,
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      alias: {
        // Why: the bundler runtime require()s the CommonJS builds of the federation runtime while the external-runtime
        // plugin imports the ES builds, which bundled BOTH (~24 KB gzip twice). One build for everyone.
        '@module-federation/runtime-core$': require.resolve('@module-federation/runtime-core').replace(/\.cjs$/, '.js'),
        '@module-federation/sdk$': require.resolve('@module-federation/sdk').replace(/\.cjs$/, '.js'),
      },
    },
    module: { rules: moduleRules(appPrefix) },
    // Deterministic ids, with names relative to the repository (RepoRelativeIdsPlugin below).
    optimization: OPTIMIZATION,
    performance: { hints: false },
    plugins: [
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css', chunkFilename: '[name].[contenthash:10].css' }),
      definePlugin(define),
      federation,
      new StableFederationEntryPlugin(ROOT),
      new RepoRelativeIdsPlugin(ROOT),
      new SourceMapFileNamePlugin(),
      ...(isHost ? [...hostPages(appDir), new HashEntryPlugin(), new CopyPublicPlugin(path.join(appDir, 'public')), ...serviceWorkerPlugin(appDir)] : []),
      ...Object.entries(standaloneEntries).map(([entryName, entryImport]) => new StandaloneEntryPlugin({ appDir, name, entryName, entryImport, define })),
      ...plugins,
    ],
    stats: 'errors-warnings',
  };
}

module.exports = {
  createAppConfig,
  createSharedConfig,
  standaloneEntryConfig,
  StableFederationEntryPlugin,
  SHARED_SINGLETONS,
  RUNTIME_PACKAGE,
};
