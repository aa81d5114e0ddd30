import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './db';

const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * Numbered files `0001_name.sql`, in order. A duplicate number is a programming error. A gap is allowed (work on
 * several modules at once reserves numbers): versions are applied in order, each once, whatever was applied before.
 */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
  let previous = 0;
  return files.map((file) => {
    const version = Number(file.slice(0, 4));
    if (version <= previous) throw new Error(`Migration ${file} repeats number ${version}`);
    previous = version;
    return { version, name: file, sql: fs.readFileSync(path.join(dir, file), 'utf8') };
  });
}

/**
 * Applies the migrations not yet recorded in schema_migrations, all in one transaction holding an advisory lock (so
 * two instances starting together apply each migration once). The lock key includes the current schema, so tests in
 * separate schemas of one database do not wait for each other.
 */
export async function migrate(db: Db, migrations: Migration[] = readMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('sawari:migrations:' || current_schema()))`);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set((await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(m.name);
    }
    return applied;
  });
}

/** Readiness: the database answers and every migration this build knows is recorded as applied. */
export async function migrationsApplied(db: Db, migrations: Migration[] = readMigrations()): Promise<boolean> {
  const latest = migrations.length ? migrations[migrations.length - 1].version : 0;
  const r = await db.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations');
  return (r.rows[0]?.v ?? 0) >= latest;
}
