#!/usr/bin/env node
// A team works on ONE remote alone: `npm run dev -w mf-<name>` (each remote's package.json runs this file). It starts
// webpack-dev-server for that remote (rebuilt on every save, the page reloads itself) in front of the built app, which
// must be running (`npm start`, or --app <url>): every request goes to the built app except
//   /app/remotes.json           the built one, with THIS remote's line pointing at the dev server (a local override)
//   /remotes/<dir>/dev/*        this remote, built in memory by the dev server
// so the shell and every other remote come from the built app, exactly as deployed.
//
//   npm run dev -w mf-passes                          http://localhost:8090/app/ with mf-passes live
//   npm run dev -w mf-passes -- --port 8091 --app http://127.0.0.1:8080
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { overrideForDev } = require('../shared/build/remotes.js');

/** The dev server's webpack config: the factory's production config for the remote, made quick to rebuild. */
export function devConfig(appDir) {
  const configPath = path.join(appDir, 'webpack.config.js');
  delete require.cache[configPath];
  const config = { ...require(configPath) };
  const dir = path.basename(appDir);
  // Production mode stays: the shell shares production React, and a development build's JSX (jsxDEV) cannot run on
  // it. Quick rebuilds come from not minifying. No eval-based source maps: the app's CSP has no 'unsafe-eval'.
  config.devtool = 'cheap-module-source-map';
  config.output = { ...config.output, publicPath: `/remotes/${dir}/dev/`, clean: false };
  config.optimization = { ...config.optimization, minimize: false };
  config.stats = 'errors-warnings';
  return config;
}

export async function startDevServer({ appDir, port = 8090, app = 'http://127.0.0.1:8080', host = '127.0.0.1' }) {
  const webpack = require('webpack');
  const WebpackDevServer = require('webpack-dev-server');
  const dir = path.basename(appDir);
  const compiler = webpack(devConfig(appDir));
  const server = new WebpackDevServer(
    {
      host,
      port,
      hot: false,
      liveReload: true,
      static: false,
      allowedHosts: 'all',
      client: { overlay: { errors: true, warnings: false }, logging: 'warn' },
      devMiddleware: { publicPath: `/remotes/${dir}/dev/` },
      setupMiddlewares: (middlewares, devServer) => {
        // Before the proxy: the local remotes.json override.
        devServer.app.get('/app/remotes.json', async (_req, res) => {
          try {
            const upstream = await fetch(new URL('/app/remotes.json', app), { cache: 'no-store' });
            if (!upstream.ok) throw new Error(`the app at ${app} answered ${upstream.status} for /app/remotes.json`);
            res.set('cache-control', 'no-store').json(overrideForDev(await upstream.json(), dir));
          } catch (err) {
            res.status(502).json({ code: 'APP_UNREACHABLE', message: `${err instanceof Error ? err.message : err}. Start the built app first (npm start).` });
          }
        });
        return middlewares;
      },
      // Everything that is not this remote goes to the built app (the API, the shell, the other remotes).
      proxy: [{ context: (p) => !p.startsWith(`/remotes/${dir}/dev/`) && !p.startsWith('/ws'), target: app, changeOrigin: false, ws: false }],
    },
    compiler,
  );
  await server.start();
  return { server, url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/app/`, stop: () => server.stop() };
}

async function main() {
  const args = process.argv.slice(2);
  const value = (flag, fallback) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : fallback);
  const appDir = path.resolve(value('--remote', process.cwd()));
  const dir = path.basename(appDir);
  if (!dir.startsWith('mf-') || path.dirname(appDir) !== ROOT) {
    console.error('run it for one remote: npm run dev -w mf-<name> (or node scripts/dev-remote.mjs --remote mf-<name>)');
    process.exit(2);
  }
  const { url } = await startDevServer({
    appDir,
    port: Number(value('--port', 8090)),
    app: value('--app', 'http://127.0.0.1:8080'),
    host: value('--host', '127.0.0.1'),
  });
  console.log(`${dir} live at ${url} (the rest of the app from ${value('--app', 'http://127.0.0.1:8080')}); saving a file of ${dir} reloads the page`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
