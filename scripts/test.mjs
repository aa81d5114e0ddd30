#!/usr/bin/env node
// `npm test`: the whole suite, in the order that fails fastest.
//   1. type-check every package (tsc --noEmit), then the lint guard (ESLint: import boundaries and circles)
//   2. unit tests and API tests on embedded PGlite (one jest run, two projects)
//   3. API tests again on a real PostgreSQL server, when one is reachable
//   4. production build of the web apps (incremental) and Playwright e2e in Debian's Chromium against the real server
// Ends with one line "tests: N passed, N failed[, N skipped]" and a non-zero exit code when anything failed.
// Flags: --skip-e2e, --only=types|codegen|lint|format|unit|pg|e2e (repeatable). `format` (Prettier --check) runs with the lint
// (FORMAT_CHECKED below: the tree was formatted once; see docs/architecture.md "Import boundaries").
import { spawnSync } from 'node:child_process';
import { readFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const only = args.filter((a) => a.startsWith('--only=')).map((a) => a.slice(7));
/** Flip to true once `npx prettier --write .` has been run on the whole tree: then npm test checks the format too. */
const FORMAT_CHECKED = true;
const want = (step) => (only.length ? only.includes(step) : !(step === 'e2e' && args.includes('--skip-e2e')) && (step !== 'format' || FORMAT_CHECKED));
const resultsDir = path.join(root, 'test-results', 'summary');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function run(step, cmd, cmdArgs, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${step}: ${[path.basename(cmd), ...cmdArgs].join(' ')}`);
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  const ok = r.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${step} (${secs} s)`);
  if (!ok) failures.push(step);
  return ok;
}

function addJest(file) {
  if (!existsSync(file)) return;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += j.numPassedTests;
  totals.failed += j.numFailedTests;
  totals.skipped += j.numPendingTests + (j.numTodoTests ?? 0);
}

function addPlaywright(file) {
  if (!existsSync(file)) return;
  const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  totals.flaky = (totals.flaky ?? 0) + (s.flaky ?? 0);
  totals.failed += s.unexpected ?? 0;
  totals.skipped += s.skipped ?? 0;
}

async function reachablePostgres() {
  const url = process.env.TEST_PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const { Client } = require('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const name = `sawari_test_${process.pid}_${Date.now()}`;
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    return {
      url: u.toString(),
      async drop() {
        const c = new Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  } catch (e) {
    console.log(`PostgreSQL not reachable at ${url} (${e.message}): API tests run on PGlite only.`);
    try {
      await client.end();
    } catch {
      /* already closed */
    }
    return null;
  }
}

const started = Date.now();
if (want('types')) run('type-check', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
if (want('codegen')) run('codegen up to date (else: npm run codegen)', process.execPath, [path.join(root, 'scripts/codegen-check.mjs')]);
if (want('lint')) run('lint (import boundaries, no circles)', bin('eslint'), ['.']);
if (want('format')) run('format (Prettier)', bin('prettier'), ['--check', '.']);

// The operations tools the API tests drive (Debian's haproxy, prometheus with promtool, pgbackrest): installed when
// missing and root, else the tests that need them say so and skip.
if (want('unit') || want('pg')) spawnSync(process.execPath, [path.join(root, 'scripts/prod-shape.mjs'), 'install'], { cwd: root, stdio: 'inherit' });

if (want('unit')) {
  const out = path.join(resultsDir, 'jest.json');
  run('unit + API tests (PGlite)', bin('jest'), ['--selectProjects', 'unit', 'api', '--maxWorkers=2', '--json', `--outputFile=${out}`]);
  addJest(out);
}

if (want('pg')) {
  const pg = await reachablePostgres();
  if (pg) {
    const out = path.join(resultsDir, 'jest-pg.json');
    try {
      run('API tests (PostgreSQL server)', bin('jest'), ['--selectProjects', 'api', '--maxWorkers=2', '--json', `--outputFile=${out}`], {
        TEST_DATABASE_URL: pg.url,
      });
    } finally {
      await pg.drop().catch((e) => console.log(`could not drop the test database: ${e.message}`));
    }
    addJest(out);
  }
}

if (want('e2e')) {
  ensureChromium();
  if (run('build web apps', process.execPath, [path.join(root, 'scripts/build.mjs'), '--web'])) {
    const out = path.join(resultsDir, 'playwright.json');
    run('e2e (Playwright, Chromium)', bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
    addPlaywright(out);
  }
}

const mins = ((Date.now() - started) / 60000).toFixed(1);
console.log(`\nnpm test finished in ${mins} min${failures.length ? `; failed steps: ${failures.join(', ')}` : ''}`);
if (failures.length && totals.failed === 0) totals.failed = failures.length; // a step that failed without counting tests (tsc, build)
console.log(
  `tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped${totals.flaky ? ` (${totals.flaky} of the passed only on their retry: flaky)` : ''}`,
);
process.exit(failures.length ? 1 : 0);
