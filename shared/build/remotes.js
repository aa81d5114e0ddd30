// Pure helpers of scripts/build.mjs: a remote's route prefixes and its version (docs/architecture.md "remotes.json";
// the entry itself is made from the remote's manifest by manifest.js). CommonJS so the build script and the unit tests both load it directly.
'use strict';

const crypto = require('node:crypto');

/** Route prefixes a remote owns: the first path segment of every route, deduplicated, in table order. */
function derivePrefixes(routes) {
  const prefixes = [];
  for (const route of routes) {
    const first = String(route.path).split('/').filter(Boolean)[0];
    if (!first || first.startsWith(':') || first === '*') {
      throw new Error(`route "${route.path}" must start with a fixed path segment (the remote's prefix)`);
    }
    const prefix = `/${first}`;
    if (!prefixes.includes(prefix)) prefixes.push(prefix);
  }
  return prefixes;
}

/** Files that are not the build's output proper: compressed siblings and the incremental-build stamp. */
function isDerivedFile(relPath) {
  return /\.(gz|br)$/.test(relPath) || relPath.endsWith('.build-stamp');
}

/** Version of a remote build: first 12 hex digits of a hash over its files (relative path + content), order-free. */
function remoteVersion(files) {
  const hash = crypto.createHash('sha256');
  for (const f of [...files].filter((f) => !isDerivedFile(f.path)).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    hash.update(f.path).update('\0').update(f.content).update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * remotes.json of the built app with `dir`'s line pointing at a dev server (scripts/dev-remote.mjs): version "dev",
 * entry under /remotes/<dir>/dev/. Every other line is the built app's.
 */
function overrideForDev(document, dir) {
  const remotes = Array.isArray(document && document.remotes) ? document.remotes : [];
  if (!remotes.some((r) => r.dir === dir)) throw new Error(`the running app does not list ${dir} in remotes.json: run \`npm run build\` (and restart it) once`);
  return { remotes: remotes.map((r) => (r.dir === dir ? { ...r, version: 'dev', entry: `/remotes/${dir}/dev/mf-manifest.json` } : r)) };
}

module.exports = { derivePrefixes, remoteVersion, isDerivedFile, overrideForDev };
