#!/usr/bin/env node
// PGlite's own COPY speed (issue 15, "A big city"): the ceiling of an import into PGlite, with no parsing or checking.
// A child of the big-city bench: it turns the first ROWS shape points of a feed folder's shapes.txt into COPY text
// (before the clock starts), then times, in a fresh in-memory PGlite with the project's schema,
//   keyed   COPY into the shapes table (its primary key kept up to date row by row, as an import does)
//   bare    COPY into a copy of the table without any index, then the primary key built after the load
// each in 1 MB statements from /dev/blob, as the importer sends them. Prints one JSON line.
//
//   FEED_DIR=/tmp/bigcity ROWS=1000000 node scripts/bench/pglite-copy.mjs
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'csv-parse';
import { register as registerCjs } from 'tsx/cjs/api';
import { register as registerEsm } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
registerEsm();
registerCjs();
const load = async (rel) => {
  const m = await import(pathToFileURL(path.join(root, rel)).href);
  return { ...m.default, ...m };
};
const { openDb } = await load('api/src/platform/db.ts');
const { migrate } = await load('api/src/platform/migrate.ts');

const limit = Number(process.env.ROWS ?? 1_000_000);
const parser = createReadStream(path.join(process.env.FEED_DIR, 'shapes.txt')).pipe(parse({ bom: true, skip_empty_lines: true }));
let header = null;
const pieces = [];
let piece = '';
let rows = 0;
for await (const r of parser) {
  if (!header) {
    header = r;
    continue;
  }
  const f = (c) => r[header.indexOf(c)];
  const dist = f('shape_dist_traveled');
  piece += `1\t${f('shape_id')}\t${f('shape_pt_sequence')}\t${f('shape_pt_lat')}\t${f('shape_pt_lon')}\t${dist ? dist : '\\N'}\n`;
  if (piece.length >= 1 << 20) (pieces.push(piece), (piece = ''));
  if (++rows >= limit) break;
}
if (piece) pieces.push(piece);
parser.destroy();

const db = await openDb({ dataDir: 'memory://' });
try {
  await migrate(db);
  await db.exec('CREATE TABLE shapes_bare (LIKE shapes)');
  const copy = async (table) => {
    const t = performance.now();
    await db.copyFrom(
      `COPY ${table} (feed_id, shape_id, shape_pt_sequence, shape_pt_lat, shape_pt_lon, shape_dist_traveled) FROM STDIN`,
      (async function* () {
        yield* pieces;
      })(),
    );
    return performance.now() - t;
  };
  const keyedMs = await copy('shapes');
  const bareMs = await copy('shapes_bare');
  let t = performance.now();
  await db.exec('ALTER TABLE shapes_bare ADD PRIMARY KEY (feed_id, shape_id, shape_pt_sequence)');
  const indexMs = performance.now() - t;
  console.log(
    JSON.stringify({
      rows,
      keyedMs,
      keyedRowsPerSec: Math.round((rows * 1000) / keyedMs),
      bareMs,
      indexMs,
      bareRowsPerSec: Math.round((rows * 1000) / (bareMs + indexMs)),
    }),
  );
} finally {
  await db.close();
}
