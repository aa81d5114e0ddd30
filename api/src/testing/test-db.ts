import { randomBytes } from 'node:crypto';
import { openDb, type Db } from '../platform/db';
import { migrate } from '../platform/migrate';

/**
 * A fresh, migrated database for one test file. PGlite in memory by default; when TEST_DATABASE_URL is set, a
 * uniquely named schema in that PostgreSQL database (every connection's search_path points at it), dropped on cleanup,
 * so test files can run in parallel against one server.
 */
export interface TestDb {
  db: Db;
  /** 'pglite' or 'postgres', for test titles. */
  kind: Db['kind'];
  /**
   * Another connection to the same database, as a second API instance would have: its own pool on PostgreSQL. PGlite
   * is in-process and single-connection, so there the second instance shares the first one's database object.
   */
  openAnother(): Promise<Db>;
  cleanup(): Promise<void>;
}

export async function openTestDb(opts: { migrate?: boolean } = {}): Promise<TestDb> {
  const url = process.env.TEST_DATABASE_URL;
  let db: Db;
  let cleanup: () => Promise<void>;
  let openAnother: () => Promise<Db>;
  if (url) {
    const schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = await openDb({ dataDir: 'memory://', databaseUrl: url }, { max: 1 });
    await admin.query(`CREATE SCHEMA ${schema}`);
    db = await openDb({ dataDir: 'memory://', databaseUrl: url }, { searchPath: schema, max: 4 });
    const others: Db[] = [];
    openAnother = async () => {
      const other = await openDb({ dataDir: 'memory://', databaseUrl: url }, { searchPath: schema, max: 4 });
      others.push(other);
      return other;
    };
    cleanup = async () => {
      await Promise.all(others.map((o) => o.close()));
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    };
  } else {
    db = await openInMemoryPGliteUnderJest();
    openAnother = async () => db;
    cleanup = () => db.close();
  }
  if (opts.migrate !== false) await migrate(db);
  return { db, kind: db.kind, openAnother, cleanup };
}

/** Appended to describe() titles so a run says which database it used. */
export const dbLabel = () => (process.env.TEST_DATABASE_URL ? '(PostgreSQL)' : '(PGlite)');

/**
 * PGlite's emscripten loader runs `await import('module')` when it detects Node, and jest's VM refuses dynamic
 * import() without --experimental-vm-modules. openDb already hands PGlite its WASM module and data bundle, so the
 * loader's browser path needs nothing from Node: while PGlite starts, tests make it take that path. In-memory only
 * (a data directory needs the Node file system); outside jest none of this is needed.
 */
async function openInMemoryPGliteUnderJest(): Promise<Db> {
  const proc = process as unknown as { type?: string };
  const previous = proc.type;
  proc.type = 'renderer';
  try {
    return await openDb({ dataDir: 'memory://' });
  } finally {
    if (previous === undefined) delete proc.type;
    else proc.type = previous;
  }
}
