#!/usr/bin/env node
// "A big city": a synthetic city ten times the feed's size (scripts/bench/synthetic-city.mjs, temp folder),
// then, each printed with its target:
//   - the planner's median and memory on it (scripts/bench/planner.mjs, the same seeded pairs method, 100 pairs, no peer);
//   - the import (npm run import-gtfs, COPY) of the feed and of the big city on PGlite and on PostgreSQL: rows a second
//     (target >= 150,000) and the importing process's peak RSS;
//   - PGlite's own COPY of pre-made text (scripts/bench/pglite-copy.mjs): the ceiling of an import into PGlite, into a
//     keyed partition (the way before per-feed partitions) and into a bare table keyed and attached after, in text and
//     in binary (the way now);
//   - the first plan of a service day on the big city, without and with the network built ahead (target < 2 s), and
//     the worst latency of a small request while the network builds in the background;
//   - the first plan after a restart, on the feed and on the big city, PGlite and PostgreSQL (target < 1 s): a new
//     process set up as the server loads today's network from the snapshot the run before wrote (planner/snapshot.ts).
// PostgreSQL: BENCH_DATABASE_URL (a database this bench may create databases from), else postgres@127.0.0.1:5432;
// every database it creates is dropped at the end. PGlite: a temp data folder, deleted at the end.
//
//   node scripts/bench/big-city.mjs [--feed gtfs.zip|folder] [--copies 10] [--date YYYYMMDD] [--skip-pglite-big] [--skip-planner] [--skip-ceiling]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { generateSyntheticCity, DEFAULT_FEED } from './synthetic-city.mjs';
import { runPlannerBench } from './planner.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const IMPORT_TARGET = 150_000;
export const FIRST_PLAN_TARGET_MS = 2000;
export const RESTART_PLAN_TARGET_MS = 1000;

/** Runs a node script as a child; resolves with its stdout, rejects with its last stderr lines on a non-zero exit. */
function run(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${path.basename(args.at(-1))} exited ${code}: ${(err || out).trim().split('\n').slice(-3).join(' | ')}`)),
    );
  });
}

async function importFeed(feed, cityId, env) {
  const out = await run(['--import', 'tsx', path.join(root, 'api/src/cli/import-gtfs.ts'), '--city', cityId, '--redate', feed], env);
  const m = /in ([\d.]+) s, (\d+) rows\/s overall, peak RSS (\d+) MB \((.*)\)\./.exec(out);
  if (!m) throw new Error(`the import printed no figures: ${out.trim().split('\n').at(-1)}`);
  const rows = Object.fromEntries(m[4].split(', ').map((x) => [x.split(' ')[0], Number(x.split(' ')[1])]));
  return { seconds: Number(m[1]), rowsPerSec: Number(m[2]), peakRssMb: Number(m[3]), rows, total: Object.values(rows).reduce((a, b) => a + b, 0) };
}

export async function runBigCityBench({
  feed = DEFAULT_FEED,
  copies = 10,
  date = null,
  skipPgliteBig = false,
  skipPlanner = false,
  skipCeiling = false,
  log = console.log,
  record,
}) {
  if (!existsSync(feed)) throw new Error(`no feed at ${feed}`);
  const figures = [];
  const rec =
    record ??
    ((name, value, unit, target, ok) => {
      figures.push({ name, value, unit, target, ok });
      log(`  ${name}: ${value} ${unit}${target ? `   (target ${target}: ${ok ? 'MET' : 'MISSED'})` : ''}`);
    });
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'sawari-bigcity-'));
  const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const created = [];
  const admin = new pg.Client({ connectionString: adminUrl });
  let pgOk = true;
  await admin.connect().catch((err) => {
    pgOk = false;
    log(`  PostgreSQL at ${adminUrl} is not reachable (${err.message}): its figures are skipped`);
  });
  const freshPg = async (name) => {
    const db = `sawari_bench_${name}_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS ${db}`);
    await admin.query(`CREATE DATABASE ${db}`);
    created.push(db);
    const u = new URL(adminUrl);
    u.pathname = `/${db}`;
    return u.toString();
  };
  try {
    let t = performance.now();
    const big = await generateSyntheticCity(feed, path.join(tmp, 'feed'), { copies });
    log(
      `  synthetic city: ${copies} copies of ${path.basename(feed)}, ${big.totalRows.toLocaleString('en-IN')} rows (${Object.entries(big.rows)
        .map(([f, n]) => `${f.replace('.txt', '')} ${n.toLocaleString('en-IN')}`)
        .join(', ')}), written in ${((performance.now() - t) / 1000).toFixed(0)} s`,
    );

    // Imports: the feed and the big city, PGlite and PostgreSQL.
    const targets = [
      ['PGlite', 'feed', feed, () => ({ DATA_DIR: mkdtempSync(path.join(tmp, 'pglite-')), DATABASE_URL: '' })],
      ...(pgOk ? [['PostgreSQL', 'feed', feed, async () => ({ DATABASE_URL: await freshPg('feed') })]] : []),
      ...(pgOk ? [['PostgreSQL', 'big', big.dir, async () => ({ DATABASE_URL: await freshPg('big') })]] : []),
      ...(skipPgliteBig ? [] : [['PGlite', 'big', big.dir, () => ({ DATA_DIR: mkdtempSync(path.join(tmp, 'pglite-')), DATABASE_URL: '' })]]),
    ];
    // PGlite's ceiling: its COPY alone, with its key kept row by row (as before) and with the key built after (as now).
    const c = skipCeiling
      ? null
      : JSON.parse((await run([path.join(root, 'scripts/bench/pglite-copy.mjs')], { FEED_DIR: big.dir, ROWS: '1000000' })).trim().split('\n').at(-1));
    if (c)
      rec(
        `PGlite's own COPY of pre-made text (the ceiling), ${c.rows.toLocaleString('en-IN')} shape points`,
        c.keyedRowsPerSec.toLocaleString('en-IN'),
        `rows/s with the primary key kept during the load (${(c.keyedMs / 1000).toFixed(1)} s); ${c.bareRowsPerSec.toLocaleString('en-IN')} rows/s into a table without index, the key built and the table attached after (${(c.bareMs / 1000).toFixed(1)} + ${(c.indexMs / 1000).toFixed(1)} s); with COPY's FREEZE ${c.frozenRowsPerSec.toLocaleString('en-IN')} rows/s (${(c.frozenMs / 1000).toFixed(1)} + ${(c.frozenIndexMs / 1000).toFixed(1)} s); the same in binary (the import's way) ${c.binaryRowsPerSec.toLocaleString('en-IN')} rows/s (${(c.binaryMs / 1000).toFixed(1)} + ${(c.binaryIndexMs / 1000).toFixed(1)} s)`,
      );
    const imported = [];
    for (const [engine, which, dir, envFor] of targets) {
      const env = await envFor();
      const r = await importFeed(dir, 'bigcity', env);
      const what = which === 'feed' ? path.basename(feed) : `${copies}× city`;
      rec(
        `import rows a second, ${what}, ${engine}`,
        r.rowsPerSec.toLocaleString('en-IN'),
        `rows/s (${r.total.toLocaleString('en-IN')} rows in ${r.seconds} s, peak RSS ${r.peakRssMb} MB)`,
        '≥ 1,50,000 rows/s',
        r.rowsPerSec >= IMPORT_TARGET,
      );
      imported.push([engine, which === 'feed' ? path.basename(feed) : `${copies}× city`, which === 'big', env]);
    }

    // The first plan of a day, before (built on demand) and after (built ahead), then after a restart (from the
    // snapshots the run before wrote).
    for (const [engine, what, isBig, env] of imported) {
      t = performance.now();
      const out = await run([path.join(root, 'scripts/bench/first-plan.mjs')], { ...env, CITY: 'bigcity' });
      const f = JSON.parse(out.trim().split('\n').at(-1));
      if (f.itineraries === 0) throw new Error(`the first plan on the ${what} (${engine}) found no itinerary from ${f.from} to ${f.to}`);
      const r = JSON.parse(
        (await run([path.join(root, 'scripts/bench/first-plan.mjs')], { ...env, CITY: 'bigcity', RESTART: '1', FROM: f.from, TO: f.to }))
          .trim()
          .split('\n')
          .at(-1),
      );
      if (r.itineraries === 0) throw new Error(`the first plan after a restart on the ${what} (${engine}) found no itinerary from ${f.from} to ${f.to}`);
      rec(
        `first plan after a restart, ${what}, ${engine}`,
        (r.firstPlanMs / 1000).toFixed(3),
        `s (network ${r.source === 'snapshot' ? 'loaded from its snapshot' : 'BUILT: no usable snapshot'}; ready after ${(r.readyMs / 1000).toFixed(3)} s; database opened in ${(r.dbOpenMs / 1000).toFixed(2)} s before; snapshots of today and tomorrow ${f.snapshotMb.toFixed(0)} MB, written in ${(f.snapshotMs / 1000).toFixed(1)} s after the builds)`,
        '< 1 s',
        r.firstPlanMs < RESTART_PLAN_TARGET_MS,
      );
      if (!isBig) continue;
      rec(`first plan of a day, ${copies}× city, ${engine}, network built on demand (before)`, (f.coldMs / 1000).toFixed(2), 's');
      rec(
        `worst request during the background build, ${copies}× city, ${engine}`,
        f.requestMaxMs.toFixed(0),
        `ms (a stop read every 20 ms, ${f.requests} requests during the ${(f.prebuildMs / 1000).toFixed(1)} s build; event loop blocked at most ${f.loopMaxMs.toFixed(0)} ms)`,
      );
      rec(
        `first plan of a day, ${copies}× city, ${engine}, network built ahead (after)`,
        (f.firstPlanMs / 1000).toFixed(3),
        `s (background build ${(f.prebuildMs / 1000).toFixed(1)} s, event loop blocked at most ${f.loopMaxMs.toFixed(0)} ms)`,
        '< 2 s',
        f.firstPlanMs < FIRST_PLAN_TARGET_MS,
      );
    }
    // The planner on the big city: same method as on the feed (seeded pairs at 08:00; 100 of them, to keep the bench short), no peer.
    if (skipPlanner) return figures;
    const p = await runPlannerBench({
      gtfsZip: big.dir,
      date,
      peer: false,
      targets: false,
      pairs: 100,
      label: `${copies}× city`,
      log: (l) => log(`  ${l.trim()}`),
    });
    rec(
      `planner median, ${copies}× city (${p.trips.toLocaleString('en-IN')} trips, ${p.stopEvents.toLocaleString('en-IN')} stop events)`,
      p.medianMs.toFixed(2),
      `ms (p95 ${p.p95Ms.toFixed(2)} ms, ${p.reachable}/${p.pairs} reachable)`,
    );
    rec(`planner 60-minute range median, ${copies}× city`, p.rangeMedianMs.toFixed(2), `ms (p95 ${p.rangeP95Ms.toFixed(2)} ms)`);
    rec(
      `planner network memory, ${copies}× city`,
      p.networkMb.toFixed(1),
      `MB of typed arrays (RSS +${p.rssMb.toFixed(0)} MB while building${p.heapMb === null ? '' : `, heap +${p.heapMb.toFixed(1)} MB`}; build ${(p.buildMs / 1000).toFixed(1)} s)`,
    );

    return figures;
  } finally {
    for (const db of created) await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => undefined);
    if (pgOk) await admin.end();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      feed: { type: 'string', default: DEFAULT_FEED },
      copies: { type: 'string', default: '10' },
      date: { type: 'string' },
      'skip-pglite-big': { type: 'boolean', default: false },
      'skip-planner': { type: 'boolean', default: false },
      'skip-ceiling': { type: 'boolean', default: false },
    },
  });
  console.log(`▶ a big city: ${values.copies}× ${values.feed}`);
  const figures = await runBigCityBench({
    feed: values.feed,
    copies: Number(values.copies),
    date: values.date ?? null,
    skipPgliteBig: values['skip-pglite-big'],
    skipPlanner: values['skip-planner'],
    skipCeiling: values['skip-ceiling'],
  });
  if (figures.some((f) => f.target && !f.ok)) process.exitCode = 1;
}
