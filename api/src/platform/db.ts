import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from './config';
import { acquireDataFolderLock } from './data-folder-lock';
import { DatabaseUnavailableError } from './errors';
import { tarballMemoryFs } from './pglite-tarball-fs';
import { pgTrgm } from './pglite-trgm';

export interface QueryResult<T> {
  rows: T[];
}

/** The one database interface the API uses: PGlite (embedded) or a PostgreSQL server, same SQL on both. */
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction: commit when it resolves, rollback when it throws. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Bulk load (the GTFS importer): `sql` is a `COPY table (columns) FROM STDIN ...` statement and each chunk whole rows
   * in its format (text, or UTF-8 bytes). With `FORMAT binary` the chunks are whole tuples only: the file header and
   * trailer are added here. PostgreSQL streams every chunk into one COPY (with back-pressure); PGlite runs the
   * statement from its /dev/blob device once per megabyte or so of chunks. A chunk of bytes is copied before the next
   * one is asked for: the caller may fill its buffer again from then on. Rejects with the database's error (e.g. a
   * duplicate key) like `query`.
   */
  copyFrom(sql: string, chunks: AsyncIterable<string | Uint8Array>): Promise<void>;
  /**
   * PostgreSQL only: a `COPY (...) TO STDOUT ...` statement's output as it arrives, in pieces of any size (binary
   * format: the raw bytes, no text decoding; the planner's snapshot load). The connection is held until the iteration
   * ends or is left.
   */
  copyTo?(sql: string): AsyncIterable<Uint8Array>;
  /** PostgreSQL: the pool's connections (open, idle) and the queries waiting for one (metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * PostgreSQL: `SELECT 1` on a connection of its own, outside the pool, so a health check says whether the database
   * answers without queueing behind the pool's work (a start-up reading a big feed on every connection: 459 ms). The
   * connection is opened on first use and again after it fails. PGlite has one connection: health uses `query`.
   */
  ping?(): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only: its whole data folder as a gzipped tarball, taken while no other statement runs (requests wait for
   * the few seconds it takes), so the copy is consistent (backup, docs/operations.md). `none`: an uncompressed tarball
   * (the API tests' template databases, loaded again at once on the same machine).
   */
  dumpDataDir?(compression?: 'gzip' | 'none'): Promise<Blob>;
}

export interface OpenDbOptions {
  /** PostgreSQL only: schema put first on every connection's search_path (parallel-safe tests). */
  searchPath?: string;
  /** PostgreSQL pool size. */
  max?: number;
  /** PGlite on a folder: who holds DATA_DIR's lock while the database is open (default 'server'; data-folder-lock.ts). */
  role?: string;
  /** PGlite: start from this data folder tarball (a backup's database.tar.gz) instead of an empty one (restore). */
  loadDataDir?: Blob;
}

type PGliteLike = {
  query<T>(sql: string, params?: unknown[], options?: { blob?: Blob }): Promise<{ rows: T[] }>;
  dumpDataDir(compression?: 'gzip' | 'none' | 'auto'): Promise<Blob>;
  exec(sql: string): Promise<unknown>;
  transaction<T>(
    fn: (tx: {
      query<R>(sql: string, params?: unknown[], options?: { blob?: Blob }): Promise<{ rows: R[] }>;
      exec(sql: string): Promise<unknown>;
    }) => Promise<T>,
  ): Promise<T>;
  close(): Promise<void>;
};

/** Bytes gathered per PGlite COPY statement (the importer's pieces are smaller; fewer statements are cheaper). */
const PGLITE_COPY_BYTES = 1 << 20;

/** Binary COPY's file header (signature, flags, header extension length) and trailer (a field count of -1). */
const COPY_BINARY_HEADER = new Uint8Array([0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0]);
const COPY_BINARY_TRAILER = new Uint8Array([0xff, 0xff]);
const isBinaryCopy = (sql: string) => /\bFORMAT\s+binary\b/i.test(sql);

/** An ArrayBuffer that grows in place up to its maxByteLength (ES2024; Node 20 has it). */
type ResizableArrayBuffer = ArrayBuffer & { resize(bytes: number): void; readonly maxByteLength: number };
const resizableArrayBuffer = (maxByteLength: number): ResizableArrayBuffer =>
  new (ArrayBuffer as unknown as new (bytes: number, options: { maxByteLength: number }) => ResizableArrayBuffer)(0, { maxByteLength });

/**
 * A COPY statement's file as PGlite's /dev/blob reads it: PGlite takes a query's blob with `arrayBuffer()` (and reads
 * that buffer during the statement), so this Blob hands over the statement's own buffer, without the two copies (and
 * two new buffers) a Blob made of the bytes would cost per statement. Its other methods see an empty Blob.
 */
class StatementBlob extends Blob {
  readonly #file: ArrayBuffer;
  constructor(file: ArrayBuffer) {
    super([]);
    this.#file = file;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#file);
  }
}

/**
 * PGlite's COPY reads a Blob from the /dev/blob device: one statement per megabyte or so of chunks, copied as they come
 * into one buffer used again for every statement (a chunk's buffer is the caller's again at once; text is encoded to
 * UTF-8 on the way). No buffer is made per statement: the importing thread, busy in PGlite's WebAssembly, collects its
 * garbage seldom, and a new megabyte or two per statement piled up to 250 MB on the 10x city's import.
 */
async function pgliteCopy(
  query: (sql: string, params: unknown[], options: { blob: Blob }) => Promise<unknown>,
  sql: string,
  chunks: AsyncIterable<string | Uint8Array>,
): Promise<void> {
  const fromBlob = sql.replace(/\bFROM\s+STDIN\b/i, "FROM '/dev/blob'");
  // Every statement reads a file of its own: in binary each one has its header and trailer.
  const binary = isBinaryCopy(sql);
  let file = resizableArrayBuffer(PGLITE_COPY_BYTES * 2);
  let used = 0;
  const append = (bytes: Uint8Array) => {
    if (used + bytes.length > file.maxByteLength) {
      // A chunk larger than the room left (one long row): a larger buffer for this statement on.
      const larger = resizableArrayBuffer((used + bytes.length) * 2);
      larger.resize(used);
      new Uint8Array(larger).set(new Uint8Array(file, 0, used));
      file = larger;
    }
    file.resize(used + bytes.length);
    new Uint8Array(file, used, bytes.length).set(bytes);
    used += bytes.length;
  };
  const flush = async () => {
    if (binary) append(COPY_BINARY_TRAILER);
    await query(fromBlob, [], { blob: new StatementBlob(file) });
    used = 0;
    file.resize(0);
  };
  let rows = false;
  for await (const chunk of chunks) {
    if (!chunk.length) continue;
    if (binary && used === 0) append(COPY_BINARY_HEADER);
    append(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
    rows = true;
    if (used >= PGLITE_COPY_BYTES) {
      await flush();
      rows = false;
    }
  }
  if (rows) await flush();
}

/**
 * PGlite has one connection. Its own `transaction` holds a mutex that also queues every query made outside the
 * transaction, so concurrent requests never land inside someone else's transaction. Nested `transaction` calls on a
 * transaction handle simply join the outer one.
 */
function pgliteDb(pg: PGliteLike): Db {
  const txHandle = (tx: Parameters<Parameters<PGliteLike['transaction']>[0]>[0]): Db => {
    const handle: Db = {
      kind: 'pglite',
      query: (sql, params) => tx.query(sql, params),
      exec: async (sql) => {
        await tx.exec(sql);
      },
      transaction: (fn) => fn(handle),
      copyFrom: (sql, chunks) => pgliteCopy((q, p, o) => tx.query(q, p, o), sql, chunks),
      close: async () => {
        throw new Error('close() called on a transaction');
      },
    };
    return handle;
  };
  return {
    kind: 'pglite',
    query: (sql, params) => pg.query(sql, params),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    transaction: (fn) => pg.transaction((tx) => fn(txHandle(tx))),
    copyFrom: (sql, chunks) => pg.transaction((tx) => pgliteCopy((q, p, o) => tx.query(q, p, o), sql, chunks)),
    close: () => pg.close(),
    // Inside a transaction: PGlite's query lock is held, so no request writes while the folder is read.
    dumpDataDir: (compression = 'gzip') =>
      pg.transaction(async (tx) => {
        await tx.query('CHECKPOINT');
        return pg.dumpDataDir(compression);
      }),
  };
}

const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * Whether an error means "the database is not reachable" rather than "this statement failed": SQLSTATE class 08
 * (connection exception), 57P01-57P03 (terminated by an administrator, crash shutdown, cannot connect now), 53300 (too
 * many connections), socket errors, and node-postgres' own words for a dropped or closed connection.
 */
export function isConnectionError(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300' || CONNECTION_ERROR_CODES.has(code)) return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  return /Connection terminated|connection error|not queryable|Client was closed|timeout exceeded when trying to connect|Connection ended/i.test(message);
}

/** Connection failures become DatabaseUnavailableError (503); every other error passes unchanged. */
const classified = (err: unknown): unknown => (err instanceof DatabaseUnavailableError || !isConnectionError(err) ? err : new DatabaseUnavailableError(err));

function postgresDb(url: string, opts: OpenDbOptions): Db {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Client, Pool } = require('pg') as typeof import('pg');
  const pool = new Pool({
    connectionString: url,
    max: opts.max ?? 10,
    // A server that accepts TCP but never answers must not hold requests forever.
    connectionTimeoutMillis: 10_000,
    ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
  });
  // An idle client that loses its connection must not crash the process: the pool drops it and the next query opens
  // a new connection (so a PostgreSQL restart needs no manual step).
  pool.on('error', () => undefined);
  // And every client, from its first moment, has a listener of its own: an 'error' arriving while no one else listens
  // (between a checkout and the first statement, say) must not crash the process. Such a client is no longer
  // queryable; its next statement fails as a connection error (503) and it is destroyed on release.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  let pinger: Promise<import('pg').Client> | null = null;
  let closed = false;
  const openPinger = (): Promise<import('pg').Client> => {
    const client = new Client({
      connectionString: url,
      connectionTimeoutMillis: 10_000,
      query_timeout: 10_000,
      ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
    });
    const opened = client.connect().then(() => client);
    // lost while idle (a backend killed, a restart): dropped at once, as the pool drops its idle clients, so the next
    // ping opens a new connection instead of failing once on the dead one
    client.on('error', () => {
      if (pinger === opened) pinger = null;
      void client.end().catch(() => undefined);
    });
    return opened;
  };
  return {
    kind: 'postgres',
    query: async (sql, params) => {
      try {
        const r = await pool.query(sql, params as unknown[] | undefined);
        return { rows: r.rows };
      } catch (err) {
        throw classified(err);
      }
    },
    exec: async (sql) => {
      try {
        await pool.query(sql);
      } catch (err) {
        throw classified(err);
      }
    },
    transaction: async (fn) => {
      let client: import('pg').PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        throw classified(err);
      }
      // A checked-out client has no listener of the pool's: a backend terminated while this transaction waits between
      // statements (pg_terminate_backend, a restart) emits 'error' on it, which would otherwise crash the process.
      let lost: Error | undefined;
      const onError = (err: Error) => {
        lost = err;
      };
      client.on('error', onError);
      const run = async (sql: string, params?: unknown[]) => {
        if (lost) throw new DatabaseUnavailableError(lost);
        try {
          return await client.query(sql, params);
        } catch (err) {
          if (isConnectionError(err)) lost ??= err as Error;
          throw classified(err);
        }
      };
      const handle: Db = {
        kind: 'postgres',
        query: async (sql, params) => ({ rows: (await run(sql, params as unknown[] | undefined)).rows }),
        exec: async (sql) => {
          await run(sql);
        },
        transaction: (inner) => inner(handle),
        copyFrom: async (sql, chunks) => {
          if (lost) throw new DatabaseUnavailableError(lost);
          try {
            await pgCopy(client, sql, chunks);
          } catch (err) {
            if (isConnectionError(err)) lost ??= err as Error;
            throw classified(err);
          }
        },
        close: async () => {
          throw new Error('close() called on a transaction');
        },
      };
      try {
        await run('BEGIN');
        const result = await fn(handle);
        await run('COMMIT');
        return result;
      } catch (err) {
        // A lost connection rolls back on the server by itself; otherwise roll back here.
        if (!lost) await client.query('ROLLBACK').catch(() => undefined);
        throw lost ? (err instanceof DatabaseUnavailableError ? err : new DatabaseUnavailableError(lost)) : err;
      } finally {
        client.removeListener('error', onError);
        // A client whose connection broke is destroyed, not put back into the pool.
        client.release(lost);
      }
    },
    copyFrom: async (sql, chunks) => {
      let client: import('pg').PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        throw classified(err);
      }
      let broken: Error | undefined;
      try {
        await pgCopy(client, sql, chunks);
      } catch (err) {
        if (isConnectionError(err)) broken = err as Error;
        throw classified(err);
      } finally {
        client.release(broken);
      }
    },
    copyTo: (sql) => pgCopyTo(pool, sql),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    ping: async () => {
      if (closed) throw new DatabaseUnavailableError(new Error('the database was closed'));
      const client = (pinger ??= openPinger());
      try {
        await (await client).query('SELECT 1');
      } catch (err) {
        // a connection that failed is dropped: the next ping opens a new one (a PostgreSQL restart needs no step)
        if (pinger === client) pinger = null;
        void client.then((c) => c.end()).catch(() => undefined);
        throw classified(err);
      }
    },
    close: async () => {
      closed = true;
      const client = pinger;
      pinger = null;
      await Promise.all([pool.end(), client?.then((c) => c.end()).catch(() => undefined)]);
    },
  };
}

/** COPY ... TO STDOUT over the pg protocol (pg-copy-streams): the output's pieces as they arrive. */
async function* pgCopyTo(pool: import('pg').Pool, sql: string): AsyncGenerator<Uint8Array> {
  let client: import('pg').PoolClient;
  try {
    client = await pool.connect();
  } catch (err) {
    throw classified(err);
  }
  let broken: Error | undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { to } = require('pg-copy-streams') as { to(sql: string): NodeJS.ReadableStream & import('pg').Submittable };
  const stream = client.query(to(sql));
  try {
    for await (const piece of stream) yield piece as Uint8Array;
  } catch (err) {
    if (isConnectionError(err)) broken = err as Error;
    throw classified(err);
  } finally {
    // Left before the end (a rejected snapshot): the connection is dropped rather than reused mid-COPY.
    const done = (stream as unknown as { readableEnded?: boolean }).readableEnded;
    client.release(broken ?? (done ? undefined : new Error('COPY TO left before its end')));
  }
}

/** COPY ... FROM STDIN over the pg protocol (pg-copy-streams): the chunks are written with back-pressure. */
async function pgCopy(client: import('pg').PoolClient, sql: string, chunks: AsyncIterable<string | Uint8Array>): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { from } = require('pg-copy-streams') as { from(sql: string): NodeJS.WritableStream & import('pg').Submittable };
  const stream = client.query(from(sql));
  const binary = isBinaryCopy(sql);
  const body = (async function* () {
    if (binary) yield COPY_BINARY_HEADER;
    // Bytes are copied: the stream may hold a chunk until the socket takes it, and the caller's buffer is theirs again.
    for await (const chunk of chunks) if (chunk.length) yield typeof chunk === 'string' ? chunk : Buffer.from(chunk);
    if (binary) yield COPY_BINARY_TRAILER;
  })();
  await pipeline(Readable.from(body, { objectMode: false }), stream);
}

type PGliteAssets = { fsBundle: Blob; wasmModule: WebAssembly.Module };
let assets: Promise<PGliteAssets> | null = null;

/**
 * PGlite loads its WASM and file-system bundle with dynamic import(), which jest's VM refuses without
 * --experimental-vm-modules. Handing them over ourselves avoids that, and compiles the WASM once per process.
 */
function pgliteAssets(): Promise<PGliteAssets> {
  assets ??= (async () => {
    const dist = path.dirname(require.resolve('@electric-sql/pglite'));
    const [data, wasm] = await Promise.all([fs.promises.readFile(path.join(dist, 'pglite.data')), fs.promises.readFile(path.join(dist, 'pglite.wasm'))]);
    return { fsBundle: new Blob([data]), wasmModule: await WebAssembly.compile(wasm) };
  })();
  return assets;
}

/** PGlite under DATA_DIR/pglite (or in memory for 'memory://'), or a pg pool when DATABASE_URL is set. */
export async function openDb(config: Pick<Config, 'dataDir' | 'databaseUrl'>, opts: OpenDbOptions = {}): Promise<Db> {
  if (config.databaseUrl) return postgresDb(config.databaseUrl, opts);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { PGlite } = require('@electric-sql/pglite') as {
    PGlite: {
      create(
        options: Partial<PGliteAssets> & { dataDir?: string; extensions?: Record<string, unknown>; loadDataDir?: Blob; fs?: unknown },
      ): Promise<PGliteLike>;
    };
  };
  const load = opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {};
  if (config.dataDir === 'memory://') {
    // In memory, a tarball is copied in by our own loader (pglite-tarball-fs.ts: PGlite's loadDataDir takes ~1.7× the CPU).
    const copy = opts.loadDataDir ? { fs: tarballMemoryFs(new Uint8Array(await opts.loadDataDir.arrayBuffer())) } : {};
    return pgliteDb(await PGlite.create({ ...(await pgliteAssets()), ...copy, extensions: { pg_trgm: pgTrgm } }));
  }
  // One process per folder: the lock is taken before PGlite touches it (throws DataFolderLockedError naming the holder)
  // and released after PGlite closed.
  const lock = acquireDataFolderLock(config.dataDir, opts.role ?? 'server');
  try {
    const dataDir = path.join(config.dataDir, 'pglite');
    fs.mkdirSync(dataDir, { recursive: true });
    const db = pgliteDb(await PGlite.create({ ...(await pgliteAssets()), ...load, dataDir, extensions: { pg_trgm: pgTrgm } }));
    return {
      ...db,
      close: async () => {
        try {
          await db.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}
