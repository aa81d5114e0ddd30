#!/usr/bin/env node
// Compiles the API to CommonJS in api/dist with @swc/core (`npm run build:api`; `npm start` runs it first). One file in,
// one file out, the same folder layout as api/src, so every `__dirname` in the sources means the same thing compiled:
// migrations next to migrate.js, api/data at ../data from seed.js, the repository three levels above platform/, and
// the planner's worker-main.js beside pool.js. The shared packages the API imports (@sawari/domain, @sawari/contracts,
// TypeScript sources in the workspace) are compiled into api/dist/_shared and their require() calls rewritten to them.
// Incremental: a file is compiled again only when its source is newer; outputs without a source are removed. Type
// checking is not done here (`npm run test:types`). tsx stays for development (`npm run dev:api`) and tests.
import { transformFile } from '@swc/core';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const API_DIST = path.join(repo, 'api/dist');
/** The compiled server's entry point. */
export const API_ENTRY = path.join(API_DIST, 'app/main.js');

const ROOTS = [
  { src: 'api/src', out: '.' },
  { src: 'shared/domain/src', out: '_shared/domain', pkg: '@sawari/domain' },
  { src: 'shared/contracts/src', out: '_shared/contracts', pkg: '@sawari/contracts' },
];
/** Files copied as they are (read at run time next to the code: SQL migrations, JSON). */
const ASSET = /\.(sql|json)$/;
const SKIP = /(\.test\.tsx?|\.d\.ts)$/;
// The same settings the tests compile with (jest.config.js), as CommonJS like tsx runs the sources.
const SWC = { jsc: { parser: { syntax: 'typescript' }, target: 'es2022', keepClassNames: true }, module: { type: 'commonjs' }, sourceMaps: 'inline' };
const STAMP_FILE = path.join(API_DIST, '.build-stamp');

function walk(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p));
    else if (!SKIP.test(e.name) && (/\.ts$/.test(e.name) || ASSET.test(e.name))) out.push(p);
  }
  return out;
}

/** `require("@sawari/x")` → a relative path to its compiled copy; a relative require must land on a compiled file. */
function rewriteRequires(code, outFile, srcFile) {
  return code.replace(/require\("([^"]+)"\)/g, (whole, spec) => {
    const pkg = ROOTS.find((r) => r.pkg && (spec === r.pkg || spec.startsWith(`${r.pkg}/`)));
    if (pkg) {
      // `@sawari/domain/src/planner` names a folder of the package's sources: compiled, it sits under the package's out.
      const sub = spec.slice(pkg.pkg.length).replace(/^\/src(?=\/|$)/, '');
      const target = path.join(API_DIST, pkg.out, sub || 'index');
      let rel = path.relative(path.dirname(outFile), target).split(path.sep).join('/');
      if (!rel.startsWith('.')) rel = `./${rel}`;
      return `require(${JSON.stringify(rel)})`;
    }
    if (spec.startsWith('@sawari/'))
      throw new Error(
        `${path.relative(repo, srcFile)} imports ${spec}: the API build compiles only ${ROOTS.filter((r) => r.pkg)
          .map((r) => r.pkg)
          .join(', ')} (add it to ROOTS in api/build.mjs)`,
      );
    return whole;
  });
}

/** Every relative require of a compiled file must resolve from its place in dist (a path leaving the compiled roots would not). */
function checkRelativeRequires(outFile, code, srcFile) {
  for (const [, spec] of code.matchAll(/require\("(\.{1,2}\/[^"]*)"\)/g)) {
    const base = path.resolve(path.dirname(outFile), spec);
    const found = [base, `${base}.js`, path.join(base, 'index.js')].some((p) => fs.existsSync(p) && fs.statSync(p).isFile());
    if (!found) throw new Error(`${path.relative(repo, srcFile)}: require("${spec}") does not resolve in api/dist (${path.relative(repo, base)})`);
  }
}

function writeAtomic(file, content) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, content);
  fs.renameSync(tmp, file);
}

/** Builds api/dist; returns how many files were compiled or copied and how long it took. */
export async function buildApi({ quiet = false } = {}) {
  const started = performance.now();
  // A change of this script or of swc invalidates every output.
  const swcVersion = JSON.parse(fs.readFileSync(path.join(repo, 'node_modules/@swc/core/package.json'), 'utf8')).version;
  const stamp = createHash('sha256')
    .update(fs.readFileSync(fileURLToPath(import.meta.url)))
    .update(swcVersion)
    .digest('hex');
  const fresh = !fs.existsSync(STAMP_FILE) || fs.readFileSync(STAMP_FILE, 'utf8') !== stamp;

  const jobs = ROOTS.flatMap((r) =>
    walk(path.join(repo, r.src)).map((src) => {
      const rel = path.relative(path.join(repo, r.src), src);
      return { src, out: path.join(API_DIST, r.out, rel.replace(/\.ts$/, '.js')), asset: ASSET.test(src) };
    }),
  );
  const wanted = new Set(jobs.map((j) => j.out));
  const stale = jobs.filter((j) => fresh || !fs.existsSync(j.out) || fs.statSync(j.out).mtimeMs < fs.statSync(j.src).mtimeMs);

  const compiled = [];
  for (const j of stale.filter((s) => s.asset)) writeAtomic(j.out, fs.readFileSync(j.src));
  // swc compiles on its own threads: a few files at a time keep both cores busy without a burst of open files.
  for (let i = 0; i < stale.length; i += 32) {
    const batch = stale.slice(i, i + 32).filter((s) => !s.asset);
    const results = await Promise.all(
      batch.map((j) => transformFile(j.src, { ...SWC, filename: j.src, sourceFileName: path.relative(path.dirname(j.out), j.src) })),
    );
    batch.forEach((j, k) => compiled.push({ ...j, code: rewriteRequires(results[k].code, j.out, j.src) }));
  }
  for (const j of compiled) writeAtomic(j.out, j.code);
  // Only now (every output written) can relative requires be checked; checked for the files compiled this time.
  for (const j of compiled) checkRelativeRequires(j.out, j.code, j.src);

  // Outputs whose source is gone (a removed migration must not be applied from a stale copy).
  let removed = 0;
  const prune = (dir) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) prune(p);
      // Another build running at the same time (two test files build api/dist in parallel workers) may be between
      // writing a `.tmp` and renaming it, or may have removed a file itself: neither is an error.
      else if (p !== STAMP_FILE && !wanted.has(p) && !p.endsWith('.tmp')) {
        fs.rmSync(p, { force: true });
        removed++;
      }
    }
  };
  prune(API_DIST);
  writeAtomic(STAMP_FILE, stamp);
  const ms = Math.round(performance.now() - started);
  if (!quiet) console.log(`API compiled to api/dist: ${stale.length} of ${jobs.length} files built${removed ? `, ${removed} removed` : ''} (${ms} ms)`);
  return { built: stale.length, total: jobs.length, removed, ms };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildApi().catch((err) => {
    console.error(`API build failed: ${err.message}`);
    process.exit(1);
  });
}
