import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { openDb, type Db } from '../platform/db';
import { migrate } from '../platform/migrate';
import { seedDemoData } from '../seed';
import { templatesEnv, type TestTemplates } from './test-templates';

/**
 * A fresh database for one test file: empty, migrated, or migrated and seeded with the demo data. PGlite in memory by
 * default; when TEST_DATABASE_URL is set, a database of its own on that PostgreSQL server, dropped on cleanup, so test
 * files run in parallel against one server.
 *
 * Migrating and seeding are done once per jest run, not once per file (docs/testing.md "The suite"): the api project's
 * global setup (test-templates.ts) leaves a migrated and a seeded PGlite data folder (tarballs) and, on PostgreSQL, a
 * migrated and a seeded template database; a file's database starts as a copy of one of them (PGlite's loadDataDir,
 * PostgreSQL's CREATE DATABASE … TEMPLATE). Run without that setup (a script, another runner) it migrates and seeds
 * itself, as it always did.
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

/** What the database holds at the start: nothing, the migrations, or the migrations and the demo data. */
export type TestDbStart = 'empty' | 'migrated' | 'seeded';

export async function openTestDb(opts: { migrate?: boolean; start?: TestDbStart } = {}): Promise<TestDb> {
  const start: TestDbStart = opts.start ?? (opts.migrate === false ? 'empty' : 'migrated');
  const url = process.env.TEST_DATABASE_URL;
  const templates = readTemplates(url ? 'postgres' : 'pglite');
  let db: Db;
  let cleanup: () => Promise<void>;
  let openAnother: () => Promise<Db>;
  let ready = start === 'empty';
  if (url) {
    // Named after the server's database, so whoever made that one (scripts/test.mjs) can drop what a crash left behind.
    const name = `${new URL(url).pathname.slice(1) || 't'}_f${process.pid}_${randomBytes(3).toString('hex')}`.slice(0, 63);
    const admin = await openDb({ dataDir: 'memory://', databaseUrl: url }, { max: 1 });
    const template = start === 'empty' ? 'template0' : templates?.postgres?.[start];
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    ready ||= !!template;
    const own = databaseUrl(url, name);
    db = await openDb({ dataDir: 'memory://', databaseUrl: own }, { max: 4 });
    const others: Db[] = [];
    openAnother = async () => {
      const other = await openDb({ dataDir: 'memory://', databaseUrl: own }, { max: 4 });
      others.push(other);
      return other;
    };
    cleanup = async () => {
      await Promise.all(others.map((o) => o.close()));
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    };
  } else {
    const tarball = start === 'empty' ? undefined : templates?.pglite?.[start];
    db = await openInMemoryPGliteUnderJest(tarball ? new Blob([fs.readFileSync(tarball)]) : undefined);
    ready ||= !!tarball;
    openAnother = async () => db;
    cleanup = () => db.close();
  }
  if (!ready) {
    await migrate(db);
    if (start === 'seeded') await seedDemoData(db);
  }
  return { db, kind: db.kind, openAnother, cleanup };
}

/** Appended to describe() titles so a run says which database it used. */
export const dbLabel = () => (process.env.TEST_DATABASE_URL ? '(PostgreSQL)' : '(PGlite)');

/** The same server and credentials, another database. */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

function readTemplates(kind: 'pglite' | 'postgres'): TestTemplates | null {
  const raw = process.env[templatesEnv(kind)];
  return raw ? (JSON.parse(raw) as TestTemplates) : null;
}

/**
 * PGlite's emscripten loader runs `await import('module')` when it detects Node, and jest's VM refuses dynamic
 * import() without --experimental-vm-modules. openDb already hands PGlite its WASM module and data bundle, so the
 * loader's browser path needs nothing from Node: while PGlite starts, tests make it take that path. In-memory only
 * (a data directory needs the Node file system); outside jest none of this is needed.
 */
export async function openInMemoryPGliteUnderJest(loadDataDir?: Blob): Promise<Db> {
  const proc = process as unknown as { type?: string };
  const previous = proc.type;
  proc.type = 'renderer';
  try {
    return await openDb({ dataDir: 'memory://' }, loadDataDir ? { loadDataDir } : {});
  } finally {
    if (previous === undefined) delete proc.type;
    else proc.type = previous;
  }
}
