#!/usr/bin/env node
// PGlite's own COPY speed ("A big city"): the ceiling of an import into PGlite, with no parsing or checking.
// A child of the big-city bench: it turns the first ROWS shape points of a feed folder's shapes.txt into COPY text
// (before the clock starts), then times, in a fresh in-memory PGlite with the project's schema (shapes partitioned by
// feed, migration 0019),
//   keyed   COPY into a feed's partition made with the table's key (kept up to date row by row: the import before
//           the partitions, when every feed shared one table and its indexes)
//   bare    COPY into a feed's new table without any index, then its primary key built and the table attached as the
//           feed's partition (the import now: importer/partitions.ts)
//   frozen  the same with COPY's FREEZE (the table is the transaction's own)
//   binary  the same in COPY's binary format (the import's way since: importer/copy-binary.ts; PGlite parses no text)
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
const { BinaryRows } = await load('api/src/modules/transit/importer/copy-binary.ts');

const limit = Number(process.env.ROWS ?? 1_000_000);
const parser = createReadStream(path.join(process.env.FEED_DIR, 'shapes.txt')).pipe(parse({ bom: true, skip_empty_lines: true }));
let header = null;
const pieces = [];
let piece = '';
let rows = 0;
// The same rows as binary tuples, feed id 4 (the importer's pieces: 64 KB each).
const binary = new BinaryRows(
  ['feed_id', 'shape_id', 'shape_pt_sequence', 'shape_pt_lat', 'shape_pt_lon', 'shape_dist_traveled'],
  ['int4', 'text', 'int4', 'float8', 'float8', 'float8'],
);
const binaryPieces = [];
for await (const r of parser) {
  if (!header) {
    header = r;
    continue;
  }
  const f = (c) => r[header.indexOf(c)];
  const dist = f('shape_dist_traveled');
  piece += `1\t${f('shape_id')}\t${f('shape_pt_sequence')}\t${f('shape_pt_lat')}\t${f('shape_pt_lon')}\t${dist ? dist : '\\N'}\n`;
  if (piece.length >= 1 << 20) (pieces.push(piece), (piece = ''));
  const problem = binary.add([4, f('shape_id'), Number(f('shape_pt_sequence')), f('shape_pt_lat'), f('shape_pt_lon'), dist ? dist : null]);
  if (problem) throw new Error(problem.message);
  if (binary.size >= 64 * 1024) binaryPieces.push(binary.take());
  if (++rows >= limit) break;
}
if (piece) pieces.push(piece);
if (binary.size) binaryPieces.push(binary.take());
parser.destroy();

const db = await openDb({ dataDir: 'memory://' });
try {
  await migrate(db);
  // The same rows for each feed id, made before the clocks start.
  const texts = new Map([1, 2, 3].map((id) => [id, pieces.map((p) => p.replace(/^1\t/gm, `${id}\t`))]));
  const text = (feedId) =>
    (async function* () {
      yield* texts.get(feedId);
    })();
  const columns = '(feed_id, shape_id, shape_pt_sequence, shape_pt_lat, shape_pt_lon, shape_dist_traveled)';
  // Keyed: the feed's partition exists with its key, rows go in through the table.
  const keyed = async () => {
    const pieces = text(1);
    await db.exec('CREATE TABLE shapes_f1 PARTITION OF shapes FOR VALUES IN (1)');
    const t = performance.now();
    await db.copyFrom(`COPY shapes ${columns} FROM STDIN`, pieces);
    return performance.now() - t;
  };
  // Bare, then keyed and attached, in one transaction as an import does.
  const bare = (feedId, freeze, inBinary = false) =>
    db.transaction(async (tx) => {
      const name = `shapes_f${feedId}`;
      const pieces = inBinary
        ? (async function* () {
            yield* binaryPieces;
          })()
        : text(feedId);
      await tx.exec(`CREATE TABLE ${name} (LIKE shapes INCLUDING DEFAULTS INCLUDING CONSTRAINTS, CHECK (feed_id = ${feedId}))`);
      let t = performance.now();
      const options = [inBinary && 'FORMAT binary', freeze && 'FREEZE'].filter(Boolean).join(', ');
      await tx.copyFrom(`COPY ${name} ${columns} FROM STDIN${options ? ` WITH (${options})` : ''}`, pieces);
      const copyMs = performance.now() - t;
      t = performance.now();
      await tx.exec(`ALTER TABLE ${name} ADD PRIMARY KEY (feed_id, shape_id, shape_pt_sequence)`);
      await tx.exec(`ALTER TABLE shapes ATTACH PARTITION ${name} FOR VALUES IN (${feedId})`);
      return { copyMs, indexMs: performance.now() - t };
    });
  const keyedMs = await keyed();
  const b = await bare(2, false);
  const f = await bare(3, true);
  const bin = await bare(4, true, true);
  console.log(
    JSON.stringify({
      rows,
      keyedMs,
      keyedRowsPerSec: Math.round((rows * 1000) / keyedMs),
      bareMs: b.copyMs,
      indexMs: b.indexMs,
      bareRowsPerSec: Math.round((rows * 1000) / (b.copyMs + b.indexMs)),
      frozenMs: f.copyMs,
      frozenIndexMs: f.indexMs,
      frozenRowsPerSec: Math.round((rows * 1000) / (f.copyMs + f.indexMs)),
      binaryMs: bin.copyMs,
      binaryIndexMs: bin.indexMs,
      binaryRowsPerSec: Math.round((rows * 1000) / (bin.copyMs + bin.indexMs)),
    }),
  );
} finally {
  await db.close();
}
