#!/usr/bin/env node
// `npm test`: the whole suite, in the order that fails fastest, both cores busy (docs/testing.md "The suite").
//   1. static checks, two at a time: lint (ESLint: import boundaries and circles), type-check (tsc --noEmit), format
//      (Prettier), codegen up to date; beside them the machine's installs (operations tools, then Chromium and fonts)
//   2. the API compiled (api/dist, incremental), then ONE jest run of three projects: unit tests, API tests on embedded
//      PGlite, and the same API tests on a real PostgreSQL server when one is reachable (api-pg)
//   3. production build of the web apps (incremental) and Playwright e2e in Debian's Chromium against the real server
// Ends with one line "tests: N passed, N failed[, N skipped]" and a non-zero exit code when anything failed.
// It prints each phase's time and the 15 slowest test files (jest and Playwright) with their share of the run, and
// keeps that report in test-results/summary/ (report.json, report.md) next to the previous run's (previous.json), so
// a run is compared with the last one.
// Flags:
//   --skip-e2e
//   --only=types|codegen|lint|format|unit|pg|e2e (repeatable)
//   --changed[=REF]  the developer's fast loop: only what a change can affect (against REF, default HEAD: the
//                    uncommitted change): tsc, ESLint and Prettier on the changed files, jest's related tests
//                    (--changedSince), the PostgreSQL pass of the related API tests, and Playwright's --only-changed.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const only = args.filter((a) => a.startsWith('--only=')).map((a) => a.slice(7));
const changedArg = args.find((a) => a === '--changed' || a.startsWith('--changed='));
const changedRef = changedArg ? (changedArg.includes('=') ? changedArg.slice(changedArg.indexOf('=') + 1) : 'HEAD') : null;
const want = (step) => (only.length ? only.includes(step) : !(step === 'e2e' && args.includes('--skip-e2e')));
const resultsDir = path.join(root, 'test-results', 'summary');

// The last run's report stays beside this one's; everything else in the folder is this run's.
mkdirSync(resultsDir, { recursive: true });
const previousReport = (() => {
  const last = path.join(resultsDir, 'report.json');
  if (!existsSync(last)) return existsSync(path.join(resultsDir, 'previous.json')) ? readJson(path.join(resultsDir, 'previous.json')) : null;
  renameSync(last, path.join(resultsDir, 'previous.json'));
  return readJson(path.join(resultsDir, 'previous.json'));
})();
for (const name of readdirSync(resultsDir)) if (name !== 'previous.json') rmSync(path.join(resultsDir, name), { recursive: true, force: true });

const totals = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
const failures = [];
/** {name, seconds, ok} per phase, in the order they finished. */
const phases = [];
/** {file, seconds, runner} per test file (jest: per project, key 'project:path'; Playwright: the sum of its tests' attempts). */
const files = [];
/** Tests that passed only on their retry: what the one CI retry caught. */
const flaky = [];
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
/** jest workers: one per core (measured, docs/testing.md "The suite"). */
const JEST_WORKERS = Math.max(1, os.cpus().length);

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function phaseDone(step, started, ok) {
  const seconds = (Date.now() - started) / 1000;
  phases.push({ name: step, seconds: Math.round(seconds * 10) / 10, ok });
  console.log(`${ok ? '✔' : '✘'} ${step} (${seconds.toFixed(1)} s)`);
  if (!ok) failures.push(step);
  return ok;
}

/** Runs one step in the foreground, its output streamed. */
function run(step, cmd, cmdArgs, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${step}: ${[path.basename(cmd), ...cmdArgs].join(' ')}`);
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return phaseDone(step, started, r.status === 0);
}

/** Runs steps side by side, `width` at a time; each step's output is printed whole when it ends (never interleaved). */
async function runSideBySide(steps, width = 2) {
  const queue = [...steps];
  const worker = async () => {
    for (let s = queue.shift(); s; s = queue.shift()) {
      const { step, cmd, cmdArgs, env = {} } = s;
      const started = Date.now();
      const out = [];
      const code = await new Promise((resolve) => {
        const child = spawn(cmd, cmdArgs, { cwd: root, env: { ...process.env, FORCE_COLOR: '0', ...env } });
        child.stdout.on('data', (d) => out.push(d));
        child.stderr.on('data', (d) => out.push(d));
        child.on('close', resolve);
        child.on('error', (e) => {
          out.push(Buffer.from(String(e)));
          resolve(1);
        });
      });
      console.log(`\n▶ ${step}: ${[path.basename(cmd), ...cmdArgs].join(' ')}`);
      const text = Buffer.concat(out).toString().trimEnd();
      if (text) console.log(text);
      phaseDone(step, started, code === 0);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, steps.length) }, worker));
}

/**
 * Starts a command in the background, its output kept; `wait()` answers { code, seconds, text } once it ended. The
 * machine's installs (apt: the operations tools, Chromium and its fonts) run so, one after the other (dpkg's lock),
 * beside the static checks, and each is waited for only where it is needed.
 */
function inBackground(cmd, cmdArgs, after = Promise.resolve()) {
  const done = after.then(
    () =>
      new Promise((resolve) => {
        const started = Date.now();
        const out = [];
        const child = spawn(cmd, cmdArgs, { cwd: root, env: { ...process.env, FORCE_COLOR: '0' } });
        child.stdout.on('data', (d) => out.push(d));
        child.stderr.on('data', (d) => out.push(d));
        const end = (code) => resolve({ code, seconds: (Date.now() - started) / 1000, text: Buffer.concat(out).toString().trimEnd() });
        child.on('close', end);
        child.on('error', (e) => {
          out.push(Buffer.from(String(e)));
          end(1);
        });
      }),
  );
  return { done, wait: () => done };
}

/**
 * Waits for a background install and records the wait as the phase (what the suite spent on it past the checks). One
 * that is not `required` never fails the suite: the tests that need its tools say so and skip.
 */
async function awaitInstall(step, install, { required }) {
  const t = Date.now();
  const r = await install.wait();
  console.log(`\n▶ ${step} (in the background, ${r.seconds.toFixed(1)} s)`);
  if (r.text) console.log(r.text);
  phaseDone(step, t, required ? r.code === 0 : true);
  return r.code === 0;
}

function addJest(file, filesFile) {
  const j = readJson(file);
  if (!j) return;
  totals.passed += j.numPassedTests;
  totals.failed += j.numFailedTests;
  totals.skipped += j.numPendingTests + (j.numTodoTests ?? 0);
  for (const f of readJson(filesFile) ?? []) files.push({ file: f.key, key: f.key, seconds: f.seconds, runner: 'jest' });
}

function addPlaywright(file) {
  const j = readJson(file);
  if (!j) return;
  const s = j.stats ?? {};
  totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  totals.flaky += s.flaky ?? 0;
  totals.failed += s.unexpected ?? 0;
  totals.skipped += s.skipped ?? 0;
  const perFile = new Map();
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) {
        const ms = (t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
        const f = `e2e/tests/${spec.file ?? suite.file}`;
        perFile.set(f, (perFile.get(f) ?? 0) + ms);
        if (t.status === 'flaky') {
          // eslint-disable-next-line no-control-regex
          const firstError = (t.results?.find((r) => r.status !== 'passed')?.error?.message ?? '').replace(/\u001b\[[0-9;]*m/g, '');
          flaky.push(`${f}: ${[...titles, spec.title].join(' › ')} — first try: ${firstError.split('\n')[0].slice(0, 200)}`);
        }
      }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of j.suites ?? []) walk(suite, []);
  for (const [f, ms] of perFile) files.push({ file: f, seconds: ms / 1000, runner: 'playwright' });
}

/**
 * A PostgreSQL database for the API tests: migrated once here; each test file then starts from a copy of it
 * (CREATE DATABASE … TEMPLATE, api/src/testing/test-db.ts) instead of migrating a schema of its own.
 */
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
        // The run's database, its templates and any test file's database a crash left (all named after it).
        const { rows } = await c.query(`SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`, [name, `${name}\\_%`]);
        for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
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

/** Files changed against `ref` (committed since, staged, unstaged and untracked), for --changed. */
function changedFiles(ref) {
  const git = (a) => spawnSync('git', a, { cwd: root, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  return [...new Set([...git(['diff', '--name-only', ref]), ...git(['ls-files', '--others', '--exclude-standard'])])].filter((f) =>
    existsSync(path.join(root, f)),
  );
}

const started = Date.now();
const changed = changedRef ? changedFiles(changedRef) : null;
if (changed) console.log(`--changed against ${changedRef}: ${changed.length} changed file(s)`);
const lintable = changed?.filter((f) => /\.(m?[jt]sx?|cjs)$/.test(f));
const formattable = changed?.filter((f) => /\.(m?[jt]sx?|cjs|css|ya?ml)$/.test(f));

// Longest first, so the two lanes end together: ESLint (~45 s quiet), then the type check (~25 s) beside Prettier (~40 s),
// then the codegen check (~3 s).
const staticSteps = [];
if (want('lint') && (!changed || lintable.length))
  staticSteps.push({ step: 'lint (import boundaries, no circles)', cmd: bin('eslint'), cmdArgs: changed ? lintable : ['.'] });
if (want('types')) staticSteps.push({ step: 'type-check', cmd: bin('tsc'), cmdArgs: ['-p', 'tsconfig.json', '--noEmit'] });
if (want('format') && (!changed || formattable.length))
  staticSteps.push({ step: 'format (Prettier)', cmd: bin('prettier'), cmdArgs: ['--check', ...(changed ? ['--ignore-unknown', ...formattable] : ['.'])] });
if (want('codegen') && (!changed || changed.some((f) => /\.graphql$|schema|codegen|generated/.test(f))))
  staticSteps.push({ step: 'codegen up to date (else: npm run codegen)', cmd: process.execPath, cmdArgs: [path.join(root, 'scripts/codegen-check.mjs')] });
const opsInstall = want('unit') || want('pg') ? inBackground(process.execPath, [path.join(root, 'scripts/prod-shape.mjs'), 'install']) : null;
const chromiumInstall = want('e2e') ? inBackground(process.execPath, [path.join(root, 'scripts/ensure-chromium.mjs')], opsInstall?.done) : null;
await runSideBySide(staticSteps, 2);

// The operations tools the API tests drive (Debian's haproxy, prometheus with promtool, pgbackrest): installed when
// missing and root, else the tests that need them say so and skip.
if (opsInstall) await awaitInstall('operations tools present (haproxy, prometheus, pgbackrest)', opsInstall, { required: false });

// Unit tests, the API tests on PGlite, and the API tests on PostgreSQL (when a server answers) in ONE jest run: its two
// workers take the files of all three projects longest first, so no core idles at the end of a pass.
const jestChanged = changed ? ['--changedSince', changedRef] : [];
if (want('unit') || want('pg')) {
  // The API compiled (incremental): tests that start the server or a CLI as a child run it (api/src/testing/compiled-api.ts).
  run('build API (api/dist)', process.execPath, [path.join(root, 'api/build.mjs')]);
  const pg = want('pg') ? await reachablePostgres() : null;
  const projects = [...(want('unit') ? ['unit', 'api'] : []), ...(pg ? ['api-pg'] : [])];
  if (projects.length) {
    const out = path.join(resultsDir, 'jest.json');
    const filesOut = path.join(resultsDir, 'jest-files.json');
    const step = `unit + API tests (${['PGlite', ...(pg ? ['PostgreSQL'] : [])].join(' and ')})`;
    try {
      run(
        step,
        bin('jest'),
        [
          '--selectProjects',
          ...projects,
          `--maxWorkers=${JEST_WORKERS}`,
          ...jestChanged,
          '--reporters=default',
          `--reporters=${path.join(root, 'scripts/jest/files-reporter.js')}`,
          '--json',
          `--outputFile=${out}`,
        ],
        { ...(pg ? { SAWARI_TEST_PG_URL: pg.url } : {}), JEST_FILES_REPORT: filesOut },
      );
    } finally {
      await pg?.drop().catch((e) => console.log(`could not drop the test databases: ${e.message}`));
    }
    addJest(out, filesOut);
  }
}

if (want('e2e') && (await awaitInstall('Chromium and fonts present', chromiumInstall, { required: true }))) {
  if (run('build web apps', process.execPath, [path.join(root, 'scripts/build.mjs'), '--web'])) {
    const out = path.join(resultsDir, 'playwright.json');
    run('e2e (Playwright, Chromium)', bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts', ...(changed ? [`--only-changed=${changedRef}`] : [])], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    });
    addPlaywright(out);
  }
}

// The report: phases, the slowest files with their share, what the retry caught; compared with the previous run.
const totalSeconds = (Date.now() - started) / 1000;
const fileSeconds = files.reduce((s, f) => s + f.seconds, 0);
const slowest = [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 15);
const fmt = (s) => (s >= 60 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${s.toFixed(1)} s`);
const before = (name) => previousReport?.phases?.find((p) => p.name === name)?.seconds;
const lines = [];
lines.push(`# npm test${changed ? ` --changed=${changedRef}` : ''}: ${fmt(totalSeconds)} on ${os.cpus().length} cores, ${new Date().toISOString()}`);
lines.push('', '| phase | time | last run |', '|---|---|---|');
for (const p of phases) lines.push(`| ${p.ok ? '' : '✘ '}${p.name} | ${fmt(p.seconds)} | ${before(p.name) === undefined ? '' : fmt(before(p.name))} |`);
lines.push(`| **whole suite** | **${fmt(totalSeconds)}** | ${previousReport ? fmt(previousReport.totalSeconds) : ''} |`);
lines.push('', `The 15 slowest test files (of ${files.length}; share of the ${fmt(fileSeconds)} all files took, workers side by side):`, '');
lines.push('| file | time | share |', '|---|---|---|');
for (const f of slowest) lines.push(`| ${f.file} | ${fmt(f.seconds)} | ${((100 * f.seconds) / (fileSeconds || 1)).toFixed(1)} % |`);
if (flaky.length) lines.push('', `Passed only on their retry (flaky, to fix at their cause):`, ...flaky.map((f) => `- ${f}`));
const report = { when: new Date().toISOString(), changed: changedRef, totalSeconds, phases, totals, slowest, flaky, files };
writeFileSync(path.join(resultsDir, 'report.json'), JSON.stringify(report, null, 1));
writeFileSync(path.join(resultsDir, 'report.md'), `${lines.join('\n')}\n`);
console.log(`\n${lines.join('\n')}\n\n(test-results/summary/report.md; the previous run's: previous.json)`);

console.log(`\nnpm test finished in ${(totalSeconds / 60).toFixed(1)} min${failures.length ? `; failed steps: ${failures.join(', ')}` : ''}`);
if (failures.length && totals.failed === 0) totals.failed = failures.length; // a step that failed without counting tests (tsc, build)
if (totals.flaky) console.log(`${totals.flaky} of the passed tests passed only on their retry (flaky; listed above)`);
// The closing line alone, as CI reads it.
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
