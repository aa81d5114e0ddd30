#!/usr/bin/env node
// Builds the web apps: every remote (mf-* folders with a webpack.config.js), then the shell; one at a time (2 cores)
// and only when their inputs changed. Then writes .gz/.br siblings, publishes each remote's build as a release
// (remote-releases/<dir>/<version>/, what the server serves and deploy-remote switches between) and writes
// shell/dist/remotes.json.
// Usage: node scripts/build.mjs [--web] [--force]      (--web builds the same thing; the API is compiled by `npm run build:api`, which `npm start` runs)
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = '.build-stamp';
const COMPRESSIBLE = /\.(js|css|html|json|webmanifest|svg)$/;
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const { derivePrefixes, remoteVersion, isDerivedFile } = require('../shared/build/remotes.js');
const { createRemoteEntry, createRemotesDocument, LANGUAGE_CODES } = require('../shared/build/manifest.js');

function listFiles(dir, base = dir) {
  if (!fs.existsSync(dir)) return [];
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') out.push(...listFiles(abs, base));
    } else out.push(path.relative(base, abs).split(path.sep).join('/'));
  }
  return out.sort();
}

/** Hash of everything a web app's build reads: its sources, config, the shared packages, the lockfile. */
function inputsHash(appDir) {
  const hash = crypto.createHash('sha256');
  const add = (abs) => {
    if (!fs.existsSync(abs)) return;
    hash.update(path.relative(ROOT, abs)).update('\0').update(fs.readFileSync(abs)).update('\0');
  };
  const addDir = (dir) => listFiles(dir).forEach((f) => add(path.join(dir, f)));
  addDir(path.join(appDir, 'src'));
  addDir(path.join(appDir, 'public'));
  add(path.join(appDir, 'webpack.config.js'));
  add(path.join(appDir, 'package.json'));
  for (const pkg of fs.readdirSync(path.join(ROOT, 'shared'))) {
    if (pkg === 'build') addDir(path.join(ROOT, 'shared/build'));
    else addDir(path.join(ROOT, 'shared', pkg, 'src'));
    add(path.join(ROOT, 'shared', pkg, 'package.json'));
  }
  add(path.join(ROOT, 'package.json'));
  add(path.join(ROOT, 'package-lock.json'));
  hash.update(`SAWARI_KIOSK_KEY=${process.env.SAWARI_KIOSK_KEY ?? ''}`);
  hash.update(`SAWARI_MAP_STYLE_URL=${process.env.SAWARI_MAP_STYLE_URL ?? ''}`);
  return hash.digest('hex');
}

function runWebpack(config) {
  const webpack = require('webpack');
  return new Promise((resolve, reject) => {
    const compiler = webpack(config);
    compiler.run((err, stats) => {
      compiler.close(() => {
        if (err) return reject(err);
        if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true, colors: false })));
        if (stats.hasWarnings()) console.warn(stats.toString({ all: false, warnings: true, colors: false }));
        resolve(stats);
      });
    });
  });
}

export async function buildApp(appDir, force) {
  const started = Date.now();
  const stampFile = path.join(appDir, 'dist', STAMP);
  const hash = inputsHash(appDir);
  const name = path.relative(ROOT, appDir);
  if (!force && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8').trim() === hash) {
    console.log(`${name.padEnd(12)} up to date (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return false;
  }
  const configPath = path.join(appDir, 'webpack.config.js');
  delete require.cache[configPath];
  await runWebpack(require(configPath));
  fs.writeFileSync(stampFile, hash + '\n');
  console.log(`${name.padEnd(12)} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

/** Writes .gz and .br beside every text asset over 1 KB (the server sends them to clients that accept them). */
export async function compressDist(distDir) {
  for (const rel of listFiles(distDir)) {
    if (!COMPRESSIBLE.test(rel) || isDerivedFile(rel) || rel === 'remotes.json') continue;
    const abs = path.join(distDir, rel);
    const { size, mtimeMs } = fs.statSync(abs);
    if (size <= 1024) continue;
    const fresh = (ext) => fs.existsSync(abs + ext) && fs.statSync(abs + ext).mtimeMs >= mtimeMs;
    if (fresh('.gz') && fresh('.br')) continue;
    const data = fs.readFileSync(abs);
    fs.writeFileSync(abs + '.gz', await gzip(data, { level: 9 }));
    fs.writeFileSync(abs + '.br', await brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } }));
  }
}

export function discoverRemotes(root = ROOT) {
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name.startsWith('mf-') && fs.existsSync(path.join(root, d.name, 'webpack.config.js')))
    .map((d) => d.name)
    .sort();
}

/** Reads a TypeScript module (a manifest, a route table) with tsx: type imports are erased, relative imports followed. */
async function importTs(file) {
  const { tsImport } = await import('tsx/esm/api');
  return tsImport(pathToFileURL(file).href, import.meta.url);
}

/** A remote's catalogs (src/i18n/<lang>.json), for the texts its manifest names. */
function readCatalogs(appDir) {
  const out = {};
  for (const lang of LANGUAGE_CODES) {
    const file = path.join(appDir, 'src/i18n', `${lang}.json`);
    if (fs.existsSync(file)) out[lang] = JSON.parse(fs.readFileSync(file, 'utf8'));
  }
  return out;
}

/**
 * The remotes.json entry of a built remote: its manifest (src/manifest.ts), catalogs, federation name and the version
 * of its built files (<dir>/dist, or `distDir`: a build made elsewhere).
 */
export async function describeRemote(dir, root = ROOT, distDir = path.join(root, dir, 'dist')) {
  const appDir = path.join(root, dir);
  const manifestFile = path.join(appDir, 'src/manifest.ts');
  if (!fs.existsSync(manifestFile)) throw new Error(`${dir}/src/manifest.ts is missing: every remote declares what it contributes there`);
  const mod = await importTs(manifestFile);
  const manifest = mod.manifest ?? mod.default?.manifest;
  const configPath = path.join(appDir, 'webpack.config.js');
  delete require.cache[configPath];
  const name = require(configPath).output.uniqueName;
  const files = listFiles(distDir).map((rel) => ({ path: rel, content: fs.readFileSync(path.join(distDir, rel)) }));
  return createRemoteEntry({ name, dir, version: remoteVersion(files), manifest, catalogs: readCatalogs(appDir) });
}

/** Prefixes of the shell's own screens (shell/src/routes.ts): no remote may claim them. */
export async function shellPrefixes(root = ROOT) {
  const { routes } = await importTs(path.join(root, 'shell/src/routes.ts'));
  return derivePrefixes(routes.filter((r) => r.path !== '/'));
}

/** remotes.json for these built remotes. */
export async function remotesDocument(dirs, root = ROOT) {
  const entries = [];
  for (const dir of dirs) entries.push(await describeRemote(dir, root));
  return createRemotesDocument(entries, await shellPrefixes(root));
}

/** Published remote builds: remote-releases/<dir>/<version>/ (the files) and <version>.json (its remotes.json entry). */
export const RELEASES_DIR = 'remote-releases';
/** Releases kept per remote (the listed one is never removed): enough to roll back a few deploys. */
export const RELEASES_KEPT = 8;

/**
 * Publishes a built remote: copies <dir>/dist (with its .gz/.br) to remote-releases/<dir>/<version>/ once, and its
 * remotes.json entry beside it. A version is content-addressed, so an existing release is never rewritten. Older
 * releases beyond RELEASES_KEPT are removed, except `keep` (the version remotes.json lists).
 */
export function publishRemote(entry, { root = ROOT, keep = [], from = path.join(root, entry.dir, 'dist') } = {}) {
  const base = path.join(root, RELEASES_DIR, entry.dir);
  const target = path.join(base, entry.version);
  if (!fs.existsSync(target)) {
    const tmp = `${target}.tmp-${process.pid}`;
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.cpSync(from, tmp, { recursive: true, filter: (src) => !src.endsWith(STAMP) });
    fs.renameSync(tmp, target);
  }
  fs.writeFileSync(`${target}.json`, JSON.stringify(entry, null, 2) + '\n');
  fs.utimesSync(`${target}.json`, new Date(), new Date());
  const releases = fs
    .readdirSync(base)
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ version: f.slice(0, -5), at: fs.statSync(path.join(base, f)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const old of releases.slice(RELEASES_KEPT)) {
    if (old.version === entry.version || keep.includes(old.version)) continue;
    fs.rmSync(path.join(base, old.version), { recursive: true, force: true });
    fs.rmSync(path.join(base, `${old.version}.json`), { force: true });
  }
  return target;
}

/** A published release's remotes.json entry, or null. */
export function readRelease(dir, version, root = ROOT) {
  const file = path.join(root, RELEASES_DIR, dir, `${version}.json`);
  return fs.existsSync(file) && fs.existsSync(path.join(root, RELEASES_DIR, dir, version)) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
}

/**
 * Writes shell/dist/remotes.json atomically (the server re-reads it when it changes; a reader never sees half). It has
 * no .gz/.br siblings: the server would send a stale compressed copy after a deploy switched the file.
 */
export function writeRemotesJson(document, root = ROOT) {
  const file = path.join(root, 'shell/dist/remotes.json');
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, JSON.stringify(document, null, 2) + '\n');
  for (const ext of ['.gz', '.br']) fs.rmSync(file + ext, { force: true });
  fs.renameSync(tmp, file);
}

/**
 * One build at a time per checkout: a second `npm run build` (another terminal, a test run) waits for the first instead
 * of writing into the same dist folders. The lock is a directory (mkdir is atomic); a lock left by a dead process is
 * taken over.
 */
export async function withBuildLock(fn) {
  const lockDir = path.join(ROOT, '.build-lock');
  const ownerFile = path.join(lockDir, 'pid');
  for (let waited = 0; ; waited += 500) {
    try {
      fs.mkdirSync(lockDir);
      fs.writeFileSync(ownerFile, String(process.pid));
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const owner = Number(fs.existsSync(ownerFile) ? fs.readFileSync(ownerFile, 'utf8') : 0);
      let alive = false;
      if (owner) {
        try {
          process.kill(owner, 0);
          alive = true;
        } catch {
          alive = false;
        }
      } else alive = waited < 5_000; // created a moment ago, pid not yet written
      if (!alive) {
        fs.rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      if (waited % 10_000 === 0) console.log(`build: waiting for another build (pid ${owner || '?'}) to finish`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

/** Builds every web app (incrementally unless force) and writes shell/dist/remotes.json. */
export function buildWeb(options = {}) {
  return withBuildLock(() => buildWebUnlocked(options));
}

async function buildWebUnlocked({ force = false } = {}) {
  const remotes = discoverRemotes();
  for (const dir of remotes) await buildApp(path.join(ROOT, dir), force);
  await buildApp(path.join(ROOT, 'shell'), force);

  const document = await remotesDocument(remotes);
  const described = document.remotes;
  for (const dir of [...remotes, 'shell']) await compressDist(path.join(ROOT, dir, 'dist'));
  for (const entry of described) publishRemote(entry);
  writeRemotesJson(document);
  for (const r of described) console.log(`${r.dir.padEnd(12)} version ${r.version} prefixes ${r.prefixes.join(' ')}`);
  return described;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const force = process.argv.includes('--force');
  buildWeb({ force }).catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
