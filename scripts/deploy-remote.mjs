#!/usr/bin/env node
// A team deploys ONE remote alone (docs/adding-a-seller-and-a-remote.md "Deploying one remote"): build it (no other
// app is built), publish its versioned folder (remote-releases/<dir>/<version>/), switch its line in
// shell/dist/remotes.json, and roll back the same way. A running server picks the new remotes.json up on the next
// request (it re-reads the file when it changes); pages already open keep the version they loaded until reloaded.
//
//   npm run deploy-remote -- mf-passes                 build mf-passes and switch to the new version
//   npm run deploy-remote -- mf-passes --dist <folder> publish a build made elsewhere (CI) instead of building here
//   npm run deploy-remote -- mf-passes --rollback      switch back to the version deployed before the current one
//   npm run deploy-remote -- mf-passes --to <version>  switch to any published version
//   npm run deploy-remote -- mf-passes --list          the published versions, the deployed one marked
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import {
  buildApp,
  compressDist,
  describeRemote,
  discoverRemotes,
  publishRemote,
  readRelease,
  shellPrefixes,
  withBuildLock,
  writeRemotesJson,
  RELEASES_DIR,
} from './build.mjs';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { createRemotesDocument } = require('../shared/build/manifest.js');
const { remoteVersion } = require('../shared/build/remotes.js');

const HISTORY = 'deployments.json';

function usage(message) {
  if (message) console.error(message);
  console.error('usage: npm run deploy-remote -- <mf-name> [--dist <folder>] | --rollback | --to <version> | --list');
  process.exit(2);
}

function readRemotesJson(root) {
  const file = path.join(root, 'shell/dist/remotes.json');
  if (!fs.existsSync(file)) throw new Error('shell/dist/remotes.json is missing: run `npm run build` once first (the shell and every remote)');
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** remote-releases/<dir>/deployments.json: the versions this remote was switched to, oldest first. */
function history(root, dir) {
  const file = path.join(root, RELEASES_DIR, dir, HISTORY);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : [];
}
function recordDeployment(root, dir, version, how) {
  const list = history(root, dir);
  list.push({ version, how, at: new Date().toISOString() });
  fs.mkdirSync(path.join(root, RELEASES_DIR, dir), { recursive: true });
  fs.writeFileSync(path.join(root, RELEASES_DIR, dir, HISTORY), JSON.stringify(list.slice(-50), null, 2) + '\n');
}

/**
 * Replaces the remote's line in remotes.json with `entry`, after the same checks as the full build (no prefix or order
 * kind claimed twice, none of the shell's prefixes). Answers false when that version is already deployed.
 */
async function commitSwitch(root, entry, how) {
  const current = readRemotesJson(root);
  const before = current.remotes.find((r) => r.dir === entry.dir);
  if (before?.version === entry.version) {
    console.log(`${entry.dir} ${entry.version} is already the deployed version`);
    return false;
  }
  const order = current.remotes.map((r) => r.dir);
  if (!order.includes(entry.dir)) order.push(entry.dir);
  const next = order.map((d) => (d === entry.dir ? entry : current.remotes.find((r) => r.dir === d)));
  const document = createRemotesDocument(next, await shellPrefixes(root));
  // The version being replaced enters the history when it got there without this script (a full build), so a
  // rollback always returns to what was deployed just before.
  const last = history(root, entry.dir).at(-1);
  if (before && last?.version !== before.version) recordDeployment(root, entry.dir, before.version, 'build');
  writeRemotesJson(document, root);
  recordDeployment(root, entry.dir, entry.version, how);
  console.log(`${entry.dir} ${before ? before.version : '(none)'} -> ${entry.version} (${how}); remotes.json switched`);
  return true;
}

/** Builds the remote (only it) and publishes its dist; or publishes a dist built elsewhere. Answers its entry. */
async function buildAndPublish(root, dir, distFrom) {
  const appDir = path.join(root, dir);
  const listed = readRemotesJson(root).remotes.find((r) => r.dir === dir);
  // The deployed version must stay reachable for a rollback: publish it first if an older build left it unpublished.
  if (listed && !readRelease(dir, listed.version, root) && fs.existsSync(path.join(appDir, 'dist'))) {
    const deployed = await describeRemote(dir, root);
    if (deployed.version === listed.version) publishRemote({ ...listed, ...deployed }, { root });
  }
  // A build made elsewhere (a CI artefact) is published as it is (its version is still the hash of its files);
  // otherwise this remote, and only it, is built here.
  const distDir = distFrom ? path.resolve(distFrom) : path.join(appDir, 'dist');
  if (distFrom && !fs.existsSync(path.join(distDir, 'remoteEntry.js'))) throw new Error(`${distDir} has no remoteEntry.js: not a remote's dist folder`);
  if (!distFrom) await buildApp(appDir, false);
  await compressDist(distDir);
  const entry = await describeRemote(dir, root, distDir);
  publishRemote(entry, { root, keep: listed ? [listed.version] : [], from: distDir });
  return entry;
}

export async function deployRemote(dir, { distFrom = null, root = ROOT } = {}) {
  return withBuildLock(async () => {
    const entry = await buildAndPublish(root, dir, distFrom);
    await commitSwitch(root, entry, distFrom ? `published ${path.resolve(distFrom)}` : 'built');
    return entry;
  });
}

export async function switchRemote(dir, version, { root = ROOT, how = `switched to ${version}` } = {}) {
  return withBuildLock(async () => {
    const entry = readRelease(dir, version, root);
    if (!entry) throw new Error(`${dir} has no published version ${version} (see --list)`);
    // A release is content-addressed: refuse one whose files no longer hash to its version.
    const relDir = path.join(root, RELEASES_DIR, dir, version);
    const files = fs
      .readdirSync(relDir, { recursive: true })
      .map(String)
      .filter((f) => fs.statSync(path.join(relDir, f)).isFile());
    const actual = remoteVersion(files.map((f) => ({ path: f.split(path.sep).join('/'), content: fs.readFileSync(path.join(relDir, f)) })));
    if (actual !== version) throw new Error(`${RELEASES_DIR}/${dir}/${version} was changed after it was published (its files hash to ${actual})`);
    await commitSwitch(root, entry, how);
    return entry;
  });
}

/** The version deployed before the current one (from the deployments history), for --rollback. */
export function previousVersion(dir, root = ROOT) {
  const current = readRemotesJson(root).remotes.find((r) => r.dir === dir)?.version;
  const list = history(root, dir).map((h) => h.version);
  // walk back from the last time the current version was switched to
  const at = list.lastIndexOf(current);
  for (let i = (at === -1 ? list.length : at) - 1; i >= 0; i--) if (list[i] !== current && readRelease(dir, list[i], root)) return list[i];
  return null;
}

async function main() {
  const args = process.argv.slice(2);
  const dir = args.find((a) => !a.startsWith('--') && !['--dist', '--to'].includes(args[args.indexOf(a) - 1]));
  if (!dir) usage('which remote? (an mf-* folder)');
  if (!discoverRemotes(ROOT).includes(dir)) usage(`${dir} is not a remote of this repository (${discoverRemotes(ROOT).join(', ')})`);
  const value = (flag) => (args.includes(flag) ? (args[args.indexOf(flag) + 1] ?? usage(`${flag} needs a value`)) : null);
  if (args.includes('--list')) {
    const current = readRemotesJson(ROOT).remotes.find((r) => r.dir === dir)?.version;
    const base = path.join(ROOT, RELEASES_DIR, dir);
    const versions = fs.existsSync(base)
      ? fs
          .readdirSync(base)
          .filter((f) => f.endsWith('.json') && f !== HISTORY)
          .map((f) => f.slice(0, -5))
      : [];
    for (const v of versions) console.log(`${v === current ? '*' : ' '} ${v}`);
    return;
  }
  if (args.includes('--rollback')) {
    const prev = previousVersion(dir);
    if (!prev) throw new Error(`${dir}: no earlier deployed version to roll back to (see --list; --to <version> switches to any)`);
    await switchRemote(dir, prev, { how: 'rollback' });
    return;
  }
  const to = value('--to');
  if (to) {
    await switchRemote(dir, to);
    return;
  }
  await deployRemote(dir, { distFrom: value('--dist') });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
