const path = require('node:path');
const webpack = require('webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { createAppConfig, RepoRelativeIdsPlugin, SourceMapFileNamePlugin, STABLE_MANGLED_NAMES, ROOT } = require('@sawari/build');

// The boards' fixed kiosk key is a build-time constant (docs/architecture.md "Airport boards").
const define = { 'process.env.SAWARI_KIOSK_KEY': JSON.stringify(process.env.SAWARI_KIOSK_KEY || 'sawari-dev-kiosk') };

/**
 * The kiosk page's one script (docs/airport-timings.md "A board without the shell"): a plain webpack entry, no Module
 * Federation, no shared scope, no React, written into the same dist as the remote (so the same version, release folder
 * and deploy carry it) with `kiosk.json`, the small manifest the server reads: `{ script, style }`. Reproducible like
 * the remote (ids and mangled names that do not depend on the checkout).
 */
function kioskConfig(outputPath) {
  return {
    mode: 'production',
    context: __dirname,
    target: 'web',
    entry: { kiosk: './src/kiosk/index.ts' },
    devtool: 'hidden-source-map',
    output: {
      path: outputPath,
      // The lazy API chunk is loaded beside the script, wherever the release is served (/remotes/<dir>/<version>/).
      publicPath: 'auto',
      filename: '[name].[contenthash:10].js',
      chunkFilename: 'kiosk-[name].[contenthash:10].js',
      uniqueName: 'mf_airport_kiosk',
      clean: false,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          use: { loader: require.resolve('swc-loader'), options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2020' } } },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, { loader: require.resolve('css-loader'), options: { importLoaders: 0, modules: false } }] },
      ],
    },
    optimization: {
      moduleIds: false,
      chunkIds: false,
      minimizeOptions: { javascript: { compress: { passes: 2 }, mangle: { nth_identifier: STABLE_MANGLED_NAMES } } },
    },
    performance: { hints: false },
    plugins: [
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css', chunkFilename: 'kiosk-[name].[contenthash:10].css' }),
      new webpack.DefinePlugin(define),
      new RepoRelativeIdsPlugin(ROOT),
      new SourceMapFileNamePlugin(),
      new KioskManifestPlugin(),
    ],
    stats: 'errors-warnings',
  };
}

/** Writes kiosk.json: the entry's script and its styles (the server inlines the styles and loads the script). */
class KioskManifestPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('KioskManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'KioskManifestPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT + 1 }, () => {
        const files = [...(compilation.entrypoints.get('kiosk')?.getFiles() ?? [])];
        const script = files.filter((f) => f.endsWith('.js'));
        const style = files.filter((f) => f.endsWith('.css'));
        if (script.length !== 1 || style.length > 1) throw new Error(`kiosk entry: expected one script and at most one style, got ${files.join(', ')}`);
        const manifest = { script: script[0], ...(style.length ? { style: style[0] } : {}) };
        compilation.emitAsset('kiosk.json', new webpack.sources.RawSource(`${JSON.stringify(manifest)}\n`));
      });
    });
  }
}

/** Builds the kiosk entry once the remote has written its files (after its output folder was cleaned). */
class KioskEntryPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('KioskEntryPlugin', async () => {
      // The dev server (scripts/dev-remote.mjs) serves the remote from memory under /remotes/<dir>/dev/: no kiosk page.
      if (String(compiler.options.output.publicPath).includes('/dev/')) return;
      const kiosk = webpack(kioskConfig(compiler.outputPath));
      await new Promise((resolve, reject) =>
        kiosk.run((err, stats) =>
          kiosk.close(() => {
            if (err) return reject(err);
            if (stats.hasErrors()) return reject(new Error(`kiosk entry: ${stats.toString({ all: false, errors: true, colors: false })}`));
            resolve();
          }),
        ),
      );
    });
  }
}

module.exports = createAppConfig({
  appDir: __dirname,
  kind: 'remote',
  name: 'mf_airport',
  define: { 'process.env.SAWARI_KIOSK_KEY': process.env.SAWARI_KIOSK_KEY || 'sawari-dev-kiosk' },
  plugins: [new KioskEntryPlugin()],
});
