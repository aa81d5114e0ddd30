import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';

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
  close(): Promise<void>;
}

export interface OpenDbOptions {
  /** PostgreSQL only: schema put first on every connection's search_path (parallel-safe tests). */
  searchPath?: string;
  /** PostgreSQL pool size. */
  max?: number;
}

type PGliteLike = {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
  transaction<T>(fn: (tx: { query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>; exec(sql: string): Promise<unknown> }) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

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
    close: () => pg.close(),
  };
}

function postgresDb(url: string, opts: OpenDbOptions): Db {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Pool } = require('pg') as typeof import('pg');
  const pool = new Pool({
    connectionString: url,
    max: opts.max ?? 10,
    ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
  });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return {
    kind: 'postgres',
    query: async (sql, params) => {
      const r = await pool.query(sql, params as unknown[] | undefined);
      return { rows: r.rows };
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      const handle: Db = {
        kind: 'postgres',
        query: async (sql, params) => ({ rows: (await client.query(sql, params as unknown[] | undefined)).rows }),
        exec: async (sql) => {
          await client.query(sql);
        },
        transaction: (inner) => inner(handle),
        close: async () => {
          throw new Error('close() called on a transaction');
        },
      };
      try {
        await client.query('BEGIN');
        const result = await fn(handle);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
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
  const { PGlite } = require('@electric-sql/pglite') as { PGlite: { create(options: Partial<PGliteAssets> & { dataDir?: string }): Promise<PGliteLike> } };
  let dataDir: string | undefined;
  if (config.dataDir !== 'memory://') {
    dataDir = path.join(config.dataDir, 'pglite');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  return pgliteDb(await PGlite.create({ ...(await pgliteAssets()), dataDir }));
}
