// What a backup says it holds, and what a restore checks it got (docs/operations.md "Backup and restore"): every table
// of the schema with its row count and a hash of its content (each row's text, hashed, sorted, hashed again: the order
// rows are stored in does not matter, any changed value does), the migration level, and every file's sha256 and size.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export type Query = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<{ rows: T[] }>;

export interface TableAudit {
  rows: number;
  sha256: string;
}

export interface FileAudit {
  bytes: number;
  sha256: string;
}

export interface DatabaseAudit {
  migrationLevel: number;
  serverVersion: string;
  tables: Record<string, TableAudit>;
  /** Files whose bytes live in the database (file_chunks, PostgreSQL deployments), by file id. */
  databaseFiles: Record<string, FileAudit>;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Audits the database a query function reaches (its current schema). Timestamps are read in UTC, so two sessions agree. */
export async function auditDatabase(query: Query): Promise<DatabaseAudit> {
  await query("SET TIME ZONE 'UTC'");
  const version = (await query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0].v;
  const names = (
    await query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`,
    )
  ).rows.map((r) => r.name);
  const tables: Record<string, TableAudit> = {};
  for (const name of names) {
    const r = await query<{ n: string; h: string }>(
      `SELECT count(*)::text AS n, encode(sha256(convert_to(coalesce(string_agg(h, '' ORDER BY h), ''), 'UTF8')), 'hex') AS h
       FROM (SELECT md5(t::text) AS h FROM ${ident(name)} t) s`,
    );
    tables[name] = { rows: Number(r.rows[0].n), sha256: r.rows[0].h };
  }
  const migrationLevel = names.includes('schema_migrations')
    ? Number((await query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations')).rows[0].v ?? 0)
    : 0;
  const databaseFiles: Record<string, FileAudit> = {};
  if (names.includes('file_chunks')) {
    const r = await query<{ id: string; bytes: string; sha256: string }>(
      `SELECT file_id AS id, sum(length(data))::text AS bytes, encode(sha256(string_agg(data, ''::bytea ORDER BY seq)), 'hex') AS sha256
       FROM file_chunks GROUP BY file_id ORDER BY file_id`,
    );
    for (const f of r.rows) databaseFiles[f.id] = { bytes: Number(f.bytes), sha256: f.sha256 };
  }
  return { migrationLevel, serverVersion: version, tables, databaseFiles };
}

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash('sha256');
    fs.createReadStream(file)
      .on('data', (d) => h.update(d))
      .on('error', reject)
      .on('end', () => resolve(h.digest('hex')));
  });
}

/** Every regular file under a folder, as paths relative to it (sorted, '/' separated). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.push(path.relative(dir, p).split(path.sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** The uploaded files kept on disk (DATA_DIR/files/<xx>/<id>), by id: size and sha256. Temporary files are left out. */
export async function auditDiskFiles(filesDir: string): Promise<Record<string, FileAudit>> {
  const out: Record<string, FileAudit> = {};
  for (const rel of filesUnder(filesDir)) {
    const id = path.basename(rel);
    if (!/^[0-9a-f-]{36}$/.test(id)) continue;
    const file = path.join(filesDir, rel);
    out[id] = { bytes: fs.statSync(file).size, sha256: await sha256File(file) };
  }
  return out;
}

/** The differences between two audits, one line each (empty: nothing lost or changed). */
export function auditDifferences(
  expected: { tables: Record<string, TableAudit>; files: Record<string, FileAudit>; migrationLevel: number },
  actual: { tables: Record<string, TableAudit>; files: Record<string, FileAudit>; migrationLevel: number },
): string[] {
  const out: string[] = [];
  if (expected.migrationLevel !== actual.migrationLevel) out.push(`migration level ${actual.migrationLevel}, expected ${expected.migrationLevel}`);
  for (const [name, t] of Object.entries(expected.tables)) {
    const a = actual.tables[name];
    if (!a) out.push(`table ${name} is missing`);
    else if (a.rows !== t.rows) out.push(`table ${name}: ${a.rows} rows, expected ${t.rows}`);
    else if (a.sha256 !== t.sha256) out.push(`table ${name}: same ${t.rows} rows but different content`);
  }
  for (const name of Object.keys(actual.tables)) if (!expected.tables[name]) out.push(`table ${name} is not in the backup`);
  for (const [id, f] of Object.entries(expected.files)) {
    const a = actual.files[id];
    if (!a) out.push(`file ${id} is missing`);
    else if (a.sha256 !== f.sha256 || a.bytes !== f.bytes) out.push(`file ${id} differs (${a.bytes} bytes, expected ${f.bytes})`);
  }
  for (const id of Object.keys(actual.files)) if (!expected.files[id]) out.push(`file ${id} is not in the backup`);
  return out;
}
