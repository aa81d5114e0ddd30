#!/usr/bin/env node
// A synthetic city N times a feed's size ("A big city"), for the bench only: N copies of the network, each
// shifted in space and given new ids, written as a GTFS folder into a temp directory (never committed; it is derived
// from the feed). Copy 0 is the feed itself; copy k (k >= 1) prefixes every stop, route, trip, service and shape id
// with `k<k>_` and moves its stops and shapes by a grid step (default 0.03°, about 3.3 km) so that the copies overlap
// like the districts of one large city: the importer's 250 m walking links join them where their stops come close.
// Agencies, feed_info and translations are written once. Files are streamed row by row (flat memory).
//
//   node scripts/bench/synthetic-city.mjs [--feed path/to/gtfs.zip|folder] [--copies 10] [--out dir]
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import yauzl from 'yauzl';
import { parse } from 'csv-parse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_FEED = path.resolve(root, '../shared/data/kochi/gtfs.zip');

/** Columns holding ids, per file: prefixed in every copy but the first. */
const ID_COLUMNS = {
  'stops.txt': ['stop_id', 'parent_station'],
  'routes.txt': ['route_id'],
  'trips.txt': ['route_id', 'service_id', 'trip_id', 'shape_id', 'block_id'],
  'stop_times.txt': ['trip_id', 'stop_id'],
  'frequencies.txt': ['trip_id'],
  'calendar.txt': ['service_id'],
  'calendar_dates.txt': ['service_id'],
  'shapes.txt': ['shape_id'],
  'transfers.txt': ['from_stop_id', 'to_stop_id', 'from_trip_id', 'to_trip_id', 'from_route_id', 'to_route_id'],
};
/** Coordinate columns, per file: shifted in every copy but the first. */
const COORDS = { 'stops.txt': ['stop_lat', 'stop_lon'], 'shapes.txt': ['shape_pt_lat', 'shape_pt_lon'] };

const esc = (v) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** A feed (zip or folder) as a map of base file name to a function opening a read stream. */
async function openFeed(feed) {
  if (statSync(feed).isDirectory()) {
    const files = new Map(
      readdirSync(feed)
        .filter((f) => f.endsWith('.txt'))
        .map((f) => [f, () => Promise.resolve(createReadStream(path.join(feed, f)))]),
    );
    return { files, close: () => undefined };
  }
  return new Promise((resolve, reject) => {
    yauzl.open(feed, { lazyEntries: true, autoClose: false }, (err, zip) => {
      if (err) return reject(err);
      const files = new Map();
      zip.on('entry', (entry) => {
        const base = path.posix.basename(entry.fileName);
        if (base.endsWith('.txt') && !files.has(base))
          files.set(base, () => new Promise((res, rej) => zip.openReadStream(entry, (e, s) => (e ? rej(e) : res(s)))));
        zip.readEntry();
      });
      zip.on('end', () => resolve({ files, close: () => zip.close() }));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Writes `copies` copies of `feed` into `outDir`; returns rows written per file and the grid step used. */
export async function generateSyntheticCity(
  feed = DEFAULT_FEED,
  outDir = mkdtempSync(path.join(os.tmpdir(), 'sawari-bigcity-')),
  { copies = 10, stepDeg = 0.03 } = {},
) {
  mkdirSync(outDir, { recursive: true });
  const src = await openFeed(feed);
  const rows = {};
  const side = Math.ceil(Math.sqrt(copies));
  try {
    for (const [file, open] of src.files) {
      const out = createWriteStream(path.join(outDir, file));
      const n = ID_COLUMNS[file] || COORDS[file] ? copies : 1;
      let written = 0;
      let buffer = '';
      const write = async (text) => {
        buffer += text;
        if (buffer.length < 1 << 16) return;
        if (!out.write(buffer)) await once(out, 'drain');
        buffer = '';
      };
      for (let k = 0; k < n; k++) {
        const parser = (await open()).pipe(parse({ bom: true, skip_empty_lines: true, relax_column_count: true }));
        let header = null;
        let idIdx = [];
        let latIdx = [];
        let lonIdx = [];
        const dLat = Math.floor(k / side) * stepDeg;
        const dLon = (k % side) * stepDeg;
        for await (const rec of parser) {
          if (!header) {
            header = rec.map((h) => h.trim());
            idIdx = (ID_COLUMNS[file] ?? []).map((c) => header.indexOf(c)).filter((i) => i >= 0);
            const coords = COORDS[file] ?? [];
            latIdx = coords
              .filter((c) => c.endsWith('lat'))
              .map((c) => header.indexOf(c))
              .filter((i) => i >= 0);
            lonIdx = coords
              .filter((c) => c.endsWith('lon'))
              .map((c) => header.indexOf(c))
              .filter((i) => i >= 0);
            if (k === 0) await write(header.map(esc).join(',') + '\n');
            continue;
          }
          if (k > 0) {
            for (const i of idIdx) if (rec[i]) rec[i] = `k${k}_${rec[i]}`;
            for (const i of latIdx) if (rec[i]) rec[i] = (Number(rec[i]) + dLat).toFixed(7);
            for (const i of lonIdx) if (rec[i]) rec[i] = (Number(rec[i]) + dLon).toFixed(7);
          }
          await write(rec.map(esc).join(',') + '\n');
          written++;
        }
      }
      if (buffer) out.write(buffer);
      out.end();
      await once(out, 'finish');
      rows[file] = written;
    }
  } finally {
    src.close();
  }
  return { dir: outDir, copies, stepDeg, rows, totalRows: Object.values(rows).reduce((a, b) => a + b, 0) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { feed: { type: 'string', default: DEFAULT_FEED }, copies: { type: 'string', default: '10' }, out: { type: 'string' } },
  });
  if (!existsSync(values.feed)) {
    console.error(`No feed at ${values.feed}: give --feed path/to/gtfs.zip`);
    process.exit(2);
  }
  const r = await generateSyntheticCity(values.feed, values.out, { copies: Number(values.copies) });
  console.log(`synthetic city: ${r.copies} copies of ${values.feed} in ${r.dir}: ${r.totalRows.toLocaleString('en-IN')} rows`);
  for (const [f, n] of Object.entries(r.rows)) console.log(`  ${f.padEnd(20)} ${n.toLocaleString('en-IN').padStart(12)}`);
}
