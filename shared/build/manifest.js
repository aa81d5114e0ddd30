// Turns each remote's manifest (mf-<name>/src/manifest.ts, type RemoteManifest in shared/runtime/src/manifest.ts) into
// its remotes.json entry, checking everything the shell will rely on at build time: routes with a fixed first segment,
// tiles and checkout return paths that lead to a route the remote itself serves, texts present in all six catalogs, no
// prefix or order kind claimed by two remotes. Pure (the caller reads files); CommonJS so scripts and tests load it.
'use strict';

const { derivePrefixes } = require('./remotes.js');

/** The languages every catalog must have (shell/src/i18n/catalogs.ts LANGUAGES). */
const LANGUAGE_CODES = ['en', 'hi', 'mr', 'ml', 'ta', 'kn'];
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const ORDER_KIND = /^[a-z][A-Za-z0-9]*$/;
const DEFAULT_TILE_ORDER = 100;

class ManifestError extends Error {}

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a concrete path (or a template with :fields) is served by a route pattern with :params. */
function routeServes(routePath, path) {
  const r = routePath.split('/').filter(Boolean);
  const p = path.split('/').filter(Boolean);
  if (r.length !== p.length) return false;
  return r.every((seg, i) => seg.startsWith(':') || seg === p[i]);
}

/** The remotes.json entry of one remote, or a ManifestError naming the remote and what is wrong. */
function createRemoteEntry({ name, dir, version, manifest, catalogs = {} }) {
  const fail = (msg) => {
    throw new ManifestError(`${dir}/src/manifest.ts: ${msg}`);
  };
  if (!isObject(manifest)) fail('must export `manifest` (an object satisfying RemoteManifest)');
  const known = ['routes', 'checkout', 'homeTiles', 'hooks', 'offline'];
  for (const key of Object.keys(manifest)) if (!known.includes(key)) fail(`unknown field "${key}" (known: ${known.join(', ')})`);

  const routes = manifest.routes;
  if (!Array.isArray(routes) || routes.length === 0) fail('routes must be a non-empty array of { path, screen }');
  for (const r of routes) {
    if (!isObject(r) || typeof r.path !== 'string' || !r.path.startsWith('/') || typeof r.screen !== 'string' || !r.screen) {
      fail(`every route needs a path starting with "/" and a screen name: ${JSON.stringify(r)}`);
    }
  }
  let prefixes;
  try {
    prefixes = derivePrefixes(routes);
  } catch (err) {
    fail(err.message);
  }
  const served = (path) => routes.some((r) => routeServes(r.path, path));

  const text = (key, where) => {
    if (typeof key !== 'string' || !key) fail(`${where} must be a key of src/i18n/<lang>.json`);
    const out = {};
    for (const lang of LANGUAGE_CODES) {
      const value = catalogs[lang]?.[key];
      if (typeof value !== 'string' || !value.trim()) fail(`${where} "${key}" is missing from src/i18n/${lang}.json`);
      out[lang] = value;
    }
    return out;
  };

  const checkout = {};
  if (manifest.checkout !== undefined) {
    if (!isObject(manifest.checkout)) fail('checkout must map order kinds to { returnPath, heading, product }');
    for (const [kind, decl] of Object.entries(manifest.checkout)) {
      if (!ORDER_KIND.test(kind)) fail(`checkout kind "${kind}" must be a camelCase word (the payments order kind)`);
      if (!isObject(decl) || typeof decl.returnPath !== 'string') fail(`checkout.${kind} needs a returnPath`);
      if (!decl.returnPath.includes(':')) fail(`checkout.${kind}.returnPath must name at least one order field (e.g. :orderId)`);
      if (!served(decl.returnPath)) fail(`checkout.${kind}.returnPath "${decl.returnPath}" is not one of this remote's routes`);
      checkout[kind] = {
        returnPath: decl.returnPath,
        heading: text(decl.heading, `checkout.${kind}.heading`),
        product: text(decl.product, `checkout.${kind}.product`),
      };
    }
  }

  const homeTiles = [];
  if (manifest.homeTiles !== undefined) {
    if (!Array.isArray(manifest.homeTiles)) fail('homeTiles must be an array');
    manifest.homeTiles.forEach((tile, i) => {
      if (!isObject(tile) || typeof tile.path !== 'string') fail(`homeTiles[${i}] needs a path`);
      if (tile.path.includes(':') || !served(tile.path)) fail(`homeTiles[${i}].path "${tile.path}" must be a concrete path one of this remote's routes serves`);
      if (tile.feature !== undefined && (typeof tile.feature !== 'string' || !tile.feature)) fail(`homeTiles[${i}].feature must be a city feature name`);
      if (tile.order !== undefined && !Number.isFinite(tile.order)) fail(`homeTiles[${i}].order must be a number`);
      homeTiles.push({
        path: tile.path,
        ...(tile.feature ? { feature: tile.feature } : {}),
        order: tile.order ?? DEFAULT_TILE_ORDER,
        title: text(tile.title, `homeTiles[${i}].title`),
        description: text(tile.description, `homeTiles[${i}].description`),
      });
    });
  }

  const hooks = {};
  if (manifest.hooks !== undefined) {
    if (!isObject(manifest.hooks)) fail('hooks must be an object { logout?, online? }');
    for (const [hook, exported] of Object.entries(manifest.hooks)) {
      if (hook !== 'logout' && hook !== 'online') fail(`unknown hook "${hook}" (known: logout, online)`);
      if (typeof exported !== 'string' || !IDENTIFIER.test(exported)) fail(`hooks.${hook} must name an export of src/spa.tsx`);
      hooks[hook] = exported;
    }
  }

  const databases = [];
  if (manifest.offline !== undefined) {
    if (!isObject(manifest.offline)) fail('offline must be an object { databases? }');
    for (const key of Object.keys(manifest.offline)) if (key !== 'databases') fail(`unknown offline need "${key}" (known: databases)`);
    const dbs = manifest.offline.databases ?? [];
    if (!Array.isArray(dbs) || dbs.some((d) => typeof d !== 'string' || !d)) fail('offline.databases must be IndexedDB database names');
    databases.push(...dbs);
  }

  return { name, dir, version, entry: `/remotes/${dir}/${version}/mf-manifest.json`, prefixes, checkout, homeTiles, hooks, offline: { databases } };
}

/**
 * remotes.json, after checking that no two remotes claim one prefix or one order kind, and that no remote claims a
 * prefix of the shell's own screens (`shellPrefixes`, from shell/src/routes.ts).
 */
function createRemotesDocument(entries, shellPrefixes = []) {
  const prefixOwner = new Map(shellPrefixes.map((p) => [p, 'shell']));
  const kindOwner = new Map();
  for (const e of entries) {
    for (const p of e.prefixes) {
      if (prefixOwner.has(p)) throw new ManifestError(`route prefix ${p} is claimed by both ${prefixOwner.get(p)} and ${e.dir}`);
      prefixOwner.set(p, e.dir);
    }
    for (const k of Object.keys(e.checkout)) {
      if (kindOwner.has(k)) throw new ManifestError(`checkout order kind "${k}" is declared by both ${kindOwner.get(k)} and ${e.dir}`);
      kindOwner.set(k, e.dir);
    }
  }
  return { remotes: entries };
}

module.exports = { createRemoteEntry, createRemotesDocument, routeServes, ManifestError, LANGUAGE_CODES };
