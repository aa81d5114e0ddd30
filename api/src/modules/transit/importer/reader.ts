import { Worker } from 'node:worker_threads';
import { CsvReader, CsvError } from './csv';
import { BinaryRows, BufferPool, type BinaryType } from './copy-binary';
import { GtfsImportError } from './errors';
import { GTFS_FILES, convertValue, FieldProblem, type FeedIds, type GtfsFile, type Row } from './gtfs-files';
import type { GtfsSource } from './source';
import { workerSource } from '../../../platform/worker-source';

/**
 * The reading half of an import: the feed's files read in order, parsed (csv.ts), each field converted and each row
 * checked (gtfs-files.ts, the references between files included), and the rows appended to pieces ready for the
 * database: binary COPY tuples (copy-binary.ts) or arrays of values (`method: 'insert'`). The writing half (import.ts)
 * only hands the pieces to the database, file by file, in the same order.
 *
 * The two halves run on two threads for a big feed (`reader-worker.ts`: a worker thread started per import), so that
 * the next pieces are parsed while the database (PGlite: WebAssembly on the importing thread) takes the last ones, or
 * on one thread (`inline`: the same code, the same messages). At most `MAX_PIECES` pieces wait to be taken: the
 * reader stops reading until the writer takes one (memory stays flat whatever the feed's size). A refused row ends
 * the reading; the writer throws the same GtfsImportError (file, line, reason) when it comes to it.
 */

/** What the reader needs once the import's transaction has made the feed. */
export interface ReaderStart {
  feedId: number;
  method: 'copy' | 'insert';
  /** Rows at most per piece (a piece also ends past `PIECE_BYTES`). */
  chunkRows: number;
  /** `copy`: every table's column types, in the order of `copyColumns` (feed_id first). */
  types: Record<string, BinaryType[]> | null;
}

/** Binary COPY tuples (`copy`), or rows of values (`insert`). */
export type Piece = Uint8Array | unknown[][];

export type FromReader =
  | { type: 'piece'; file: string; rows: number; data: Piece }
  | { type: 'done'; file: string; rows: number }
  | { type: 'refused'; file: string; line: number | null; reason: string }
  | { type: 'failed'; message: string };

/** `credit`: a piece was taken; `buffer`, the piece before it, whose bytes the database has copied, to be used again. */
export type ToReader = { type: 'start'; start: ReaderStart } | { type: 'credit'; buffer?: ArrayBuffer };

/** Pieces read ahead of the writer, at most. */
export const MAX_PIECES = 16;
/**
 * A piece ends past this many bytes (or `chunkRows` rows). Small pieces are built in a buffer that is reused by the
 * young generation and sent while young; a piece is also the unit the reader waits on.
 */
export const PIECE_BYTES = 64 * 1024;
/** `auto`: a feed whose files add up to less than this is read on the importing thread (a worker takes longer to start). */
export const WORKER_MIN_BYTES = 2 * 1024 * 1024;

/** The columns a file's COPY (or INSERT) writes: feed_id, then the file's columns as the database names them. */
export function copyColumns(spec: GtfsFile): string[] {
  return ['feed_id', ...spec.columns.map((c) => c.db ?? c.gtfs)];
}

/** Permits to post a piece: one taken per piece posted, one given back per piece the writer takes. */
export class Credits {
  private waiter: (() => void) | null = null;
  constructor(private available: number) {}
  /** Nothing when a permit is free (taken); else a promise resolved when one is given back (and taken). */
  take(): Promise<void> | undefined {
    if (this.available > 0) {
      this.available--;
      return undefined;
    }
    return new Promise((resolve) => (this.waiter = resolve));
  }
  give(): void {
    const w = this.waiter;
    this.waiter = null;
    if (w) w();
    else this.available++;
  }
}

export interface ReaderOutput {
  post(m: FromReader, transfer?: ArrayBuffer[]): void;
  credits: Credits;
  /** The pieces' buffers, handed back by the writer. */
  pool: BufferPool;
  /** The writer gave up (an error, or the import ended): read no further. */
  stopped(): boolean;
}

interface RowWriter {
  /** A sentence when a value does not fit its column. */
  add(values: ArrayLike<unknown>): string | null;
  readonly rows: number;
  readonly size: number;
  take(): Piece | null;
}

function binaryWriter(columns: string[], types: BinaryType[], pool: BufferPool): RowWriter {
  // A piece is cut once past PIECE_BYTES: room for one more row beyond that, most of the time, without growing.
  const rows = new BinaryRows(columns, types, PIECE_BYTES + 4096, pool);
  return {
    add: (values) => rows.add(values)?.message ?? null,
    get rows() {
      return rows.rows;
    },
    get size() {
      return rows.size;
    },
    take: () => rows.take(),
  };
}

function arrayWriter(): RowWriter {
  let batch: unknown[][] = [];
  return {
    add: (values) => {
      batch.push(Array.from(values));
      return null;
    },
    get rows() {
      return batch.length;
    },
    size: 0,
    take: () => {
      if (!batch.length) return null;
      const taken = batch;
      batch = [];
      return taken;
    },
  };
}

/** A row whose fields `keys[i]` are `values[i + 1]` (values[0] is the feed id), read and set in place. */
function rowOver(keys: string[], values: unknown[]): Row {
  const fields: PropertyDescriptorMap = {};
  keys.forEach((key, i) => {
    fields[key] = {
      enumerable: true,
      get: () => values[i + 1],
      set: (v: unknown) => {
        values[i + 1] = v;
      },
    };
  });
  return Object.create(Object.defineProperties({}, fields)) as Row;
}

/** Reads every GTFS file the feed has, in order, posting its pieces and then `done`; a refusal ends it. */
export async function readFeed(source: GtfsSource, start: ReaderStart, out: ReaderOutput): Promise<void> {
  const ids: FeedIds = { agencies: new Set(), stops: new Set(), routes: new Set(), services: new Set(), shapes: new Set(), trips: new Set() };
  for (const spec of GTFS_FILES) {
    if (!source.has(spec.file)) continue;
    let rows: number;
    try {
      rows = await readFile(spec, source, ids, start, out);
    } catch (err) {
      if (out.stopped()) return;
      const e =
        err instanceof GtfsImportError
          ? err
          : err instanceof CsvError
            ? new GtfsImportError(spec.file, err.line, err.message)
            : new GtfsImportError(spec.file, null, (err as Error)?.message ?? String(err));
      out.post({ type: 'refused', file: e.file, line: e.line, reason: e.reason });
      return;
    }
    if (out.stopped()) return;
    out.post({ type: 'done', file: spec.file, rows });
  }
}

async function readFile(spec: GtfsFile, source: GtfsSource, ids: FeedIds, start: ReaderStart, out: ReaderOutput): Promise<number> {
  const keys = spec.columns.map((c) => c.db ?? c.gtfs);
  let writer: RowWriter;
  if (start.method === 'copy') {
    const types = start.types?.[spec.table];
    if (!types) throw new Error(`no column types for ${spec.table}`);
    writer = binaryWriter(copyColumns(spec), types, out.pool);
  } else writer = arrayWriter();
  const input = await source.open(spec.file);
  input.setEncoding('utf8');
  let count = 0;
  let index: number[] | null = null;
  // One values array per file, filled in place, and the row the checks see: its named fields are that array's (read
  // and set through accessors, which the checks' code inlines; a plain object filled by `row[key] = value` cost a
  // fifth of the reading in keyed stores and loads). The checks keep no reference to the row; the writer copies what
  // it keeps.
  const values: unknown[] = [start.feedId, ...keys.map(() => null)];
  const row = rowOver(keys, values);
  // Local names for the per-field calls: compiled to CommonJS, an imported name is a getter call on every use.
  const convert = convertValue;
  const Problem = FieldProblem;
  const columns = spec.columns;
  const width = keys.length;
  // Records are handed over synchronously, a read buffer at a time (no promise per row); a refused one names its line.
  const reader = new CsvReader((fields, line) => {
    if (index === null) {
      const header = fields.map((h) => h.trim());
      const missing = spec.columns.filter((c) => c.required && !header.includes(c.gtfs)).map((c) => c.gtfs);
      if (missing.length) throw new GtfsImportError(spec.file, line, `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
      index = spec.columns.map((c) => header.indexOf(c.gtfs));
      return;
    }
    for (let c = 0; c < width; c++) {
      const v = convert(columns[c], index[c] < 0 ? undefined : fields[index[c]]);
      if (v instanceof Problem) throw new GtfsImportError(spec.file, line, v.message);
      values[c + 1] = v;
    }
    const problem = spec.check?.(row, ids);
    if (problem) throw new GtfsImportError(spec.file, line, problem);
    const unfit = writer.add(values);
    if (unfit) throw new GtfsImportError(spec.file, line, unfit);
    count++;
    if (writer.rows >= start.chunkRows || writer.size >= PIECE_BYTES) cut();
  });
  // Pieces are cut as rows come (at most chunkRows rows each) and posted after each read buffer: at most one read
  // buffer's worth waits here for a permit.
  const ready: { rows: number; data: Piece }[] = [];
  const cut = () => {
    const data = writer.take();
    if (data) ready.push({ rows: count, data });
  };
  const send = async () => {
    for (const piece of ready.splice(0)) {
      const wait = out.credits.take();
      if (wait) await wait;
      if (out.stopped()) return;
      out.post(
        { type: 'piece', file: spec.file, rows: piece.rows, data: piece.data },
        piece.data instanceof Uint8Array ? [piece.data.buffer as ArrayBuffer] : undefined,
      );
    }
  };
  try {
    for await (const text of input as AsyncIterable<string>) {
      reader.push(text);
      await send();
      if (out.stopped()) return count;
    }
    reader.end();
    cut();
    await send();
  } finally {
    input.destroy();
  }
  return count;
}

/**
 * The writer's end: started before the import's transaction (a worker's start overlaps it), given the feed id and
 * column types by `start`, then asked for each file's pieces in order (`file`). `close` ends the reader, whatever it
 * was doing.
 */
export class FeedRows {
  private readonly queue: FromReader[] = [];
  private wake: (() => void) | null = null;
  private readonly worker: Worker | null = null;
  private readonly credits = new Credits(MAX_PIECES);
  private readonly pool = new BufferPool(MAX_PIECES * 2);
  private started: ((s: ReaderStart) => void) | null = null;
  private inline: Promise<void> | null = null;
  private stopped = false;

  /** `location` is read again by the worker; `source` (already open) by the inline reader. */
  constructor(location: string, source: GtfsSource, readIn: 'worker' | 'inline') {
    if (readIn === 'worker') {
      const worker = new Worker(workerSource(__filename, 'reader-worker'), { eval: true, workerData: { location } });
      worker.unref();
      worker.on('message', (m: FromReader) => this.receive(m));
      worker.on('error', (err) => this.receive({ type: 'failed', message: `the feed reader failed: ${err.message}` }));
      worker.on('exit', (code) => {
        if (!this.stopped) this.receive({ type: 'failed', message: `the feed reader stopped (exit code ${code})` });
      });
      this.worker = worker;
    } else {
      const begun = new Promise<ReaderStart>((resolve) => (this.started = resolve));
      this.inline = begun
        .then((s) =>
          this.stopped ? undefined : readFeed(source, s, { post: (m) => this.receive(m), credits: this.credits, pool: this.pool, stopped: () => this.stopped }),
        )
        .catch((err: Error) => this.receive({ type: 'failed', message: err.message }));
    }
  }

  /** Pieces read and not yet taken. */
  get waiting(): number {
    return this.queue.filter((m) => m.type === 'piece').length;
  }

  start(start: ReaderStart): void {
    if (this.worker) this.worker.postMessage({ type: 'start', start } satisfies ToReader);
    else this.started?.(start);
  }

  private receive(m: FromReader): void {
    this.queue.push(m);
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  private async next(): Promise<FromReader> {
    while (!this.queue.length) await new Promise<void>((resolve) => (this.wake = resolve));
    return this.queue.shift()!;
  }

  /**
   * The pieces of `file` as they come, each with the file's rows so far; the last item (data null) has its total. A
   * piece's bytes are the reader's again once the next item is asked for (Db.copyFrom copies a chunk before it asks for
   * the next one): its buffer goes back with the permit to read one more.
   */
  async *file(file: string): AsyncGenerator<{ rows: number; data: Piece | null }> {
    for (;;) {
      const m = await this.next();
      if (m.type === 'failed') throw new Error(m.message);
      if (m.type === 'refused') throw new GtfsImportError(m.file, m.line, m.reason);
      if (m.file !== file) throw new Error(`the feed reader sent ${m.file} where ${file} was expected`);
      if (m.type === 'done') {
        yield { rows: m.rows, data: null };
        return;
      }
      yield { rows: m.rows, data: m.data };
      // The piece was taken and copied: the reader may read one more, into the same buffer.
      const buffer = m.data instanceof Uint8Array ? (m.data.buffer as ArrayBuffer) : undefined;
      if (this.worker) this.worker.postMessage({ type: 'credit', buffer } satisfies ToReader, buffer ? [buffer] : []);
      else {
        if (buffer) this.pool.put(buffer);
        this.credits.give();
      }
    }
  }

  /** Ends the reader (a worker is terminated; the inline reader stops at its next read buffer, its file closed). */
  async close(): Promise<void> {
    this.stopped = true;
    if (this.worker) {
      await this.worker.terminate();
      return;
    }
    this.started?.({ feedId: 0, method: 'insert', chunkRows: 1, types: null });
    for (let i = 0; i < MAX_PIECES; i++) this.credits.give();
    await this.inline;
  }
}
