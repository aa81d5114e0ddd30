// `npm run backup -- <dir>` and `npm run restore -- <dir>` (docs/operations.md "Backup and restore").
//
// A backup is a folder: the database (PGlite: database.tar.gz, its data folder; PostgreSQL: database.dump, pg_dump's
// custom format), the uploaded files kept on disk (files/<xx>/<id>; on PostgreSQL they are rows of the dump), a
// manifest (versions, migration level, rows and a content hash per table, every file's size and sha256, created at)
// and checksums.sha256 (sha256sum's format) over all of it. A restore checks every checksum first and refuses a
// damaged backup before touching anything, restores into an empty folder or database only, then audits what it
// restored against the manifest: nothing lost or changed, or it says what differs and exits 1.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { loadConfig, type PlatformConfig } from '../platform/config';
import { DataFolderLockedError } from '../platform/data-folder-lock';
import { openDb, type Db } from '../platform/db';
import { auditDatabase, auditDifferences, auditDiskFiles, filesUnder, sha256File, type DatabaseAudit, type FileAudit, type Query } from './backup-audit';

export const BACKUP_USAGE = `Usage: npm run backup -- <empty or new folder>
       npm run restore -- <backup folder>

backup   copies the configured database (DATABASE_URL: pg_dump, custom format, in one snapshot; else the PGlite folder
         under DATA_DIR: through the running server that holds it, or under the folder's lock when none runs) and the
         uploaded files, with manifest.json and checksums.sha256.
restore  checks every checksum (a damaged backup is refused), restores into an EMPTY target (DATA_DIR without a
         database, or the empty PostgreSQL database of DATABASE_URL: pg_restore), then audits every table and file
         against the manifest.
Settings: DATA_DIR, DATABASE_URL, OPS_KEY (the running server's operator key; development: sawari-dev-ops),
          PG_DUMP, PG_RESTORE (the client programs, default pg_dump and pg_restore on PATH).`;

export const MANIFEST = 'manifest.json';
export const CHECKSUMS = 'checksums.sha256';
const FORMAT = 'sawari-backup/1';

export interface Manifest {
  format: string;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  /** How the database copy was taken: through the running server, under the folder's lock, or pg_dump. */
  takenWith: 'server' | 'folder-lock' | 'pg_dump';
  versions: { sawari: string; node: string; postgres: string; pglite?: string; pgDump?: string };
  migrationLevel: number;
  tables: DatabaseAudit['tables'];
  /** Every uploaded file by id: on disk (PGlite) or in file_chunks (PostgreSQL). */
  files: Record<string, FileAudit>;
  counts: { tables: number; rows: number; files: number; fileBytes: number };
}

type Out = (line: string) => void;

class Refusal extends Error {}

const repoRoot = path.resolve(__dirname, '../../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;

function pgliteVersion(): string {
  try {
    return String(readJson(path.join(path.dirname(require.resolve('@electric-sql/pglite')), '../package.json')).version);
  } catch {
    return 'unknown';
  }
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (e) => reject(new Refusal(`${cmd} could not be started (${e.message}): install Debian's postgresql-client matching the server.`)));
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** A folder that exists empty, or that is made: a backup never writes over anything. */
function emptyFolder(dir: string): void {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length) throw new Refusal(`${dir} is not empty: give a new or empty folder for the backup.`);
  fs.mkdirSync(dir, { recursive: true });
}

async function copyDiskFiles(from: string, to: string): Promise<void> {
  for (const rel of filesUnder(from)) {
    if (!/^[0-9a-f-]{36}$/.test(path.basename(rel))) continue; // a write in progress (.tmp): not a file yet
    const target = path.join(to, rel);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    await fs.promises.copyFile(path.join(from, rel), target);
  }
}

async function writeChecksums(dir: string): Promise<void> {
  const lines: string[] = [];
  for (const rel of filesUnder(dir).filter((f) => f !== CHECKSUMS)) lines.push(`${await sha256File(path.join(dir, rel))}  ${rel}`);
  fs.writeFileSync(path.join(dir, CHECKSUMS), `${lines.join('\n')}\n`);
}

/** Every file listed with the right sha256, nothing unlisted, the manifest among them: else a Refusal naming the damage. */
export async function verifyChecksums(dir: string): Promise<void> {
  const list = path.join(dir, CHECKSUMS);
  if (!fs.existsSync(list)) throw new Refusal(`${dir} is not a Sawari backup (no ${CHECKSUMS}).`);
  const expected = new Map<string, string>();
  for (const line of fs.readFileSync(list, 'utf8').split('\n').filter(Boolean)) {
    const m = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
    if (!m) throw new Refusal(`The backup is damaged: ${CHECKSUMS} has a line that is not "<sha256>  <file>".`);
    expected.set(m[2], m[1]);
  }
  if (!expected.has(MANIFEST)) throw new Refusal(`The backup is damaged: ${MANIFEST} is not among its checksums.`);
  const present = new Set(filesUnder(dir).filter((f) => f !== CHECKSUMS));
  for (const [rel, sum] of expected) {
    if (!present.has(rel)) throw new Refusal(`The backup is damaged: ${rel} is missing.`);
    if ((await sha256File(path.join(dir, rel))) !== sum) throw new Refusal(`The backup is damaged: ${rel} does not match its checksum. Nothing was restored.`);
  }
  for (const rel of present) if (!expected.has(rel)) throw new Refusal(`The backup is damaged: ${rel} is not among its checksums.`);
}

function manifestOf(
  engine: Manifest['engine'],
  takenWith: Manifest['takenWith'],
  audit: DatabaseAudit,
  files: Record<string, FileAudit>,
  extra: Partial<Manifest['versions']>,
): Manifest {
  const rows = Object.values(audit.tables).reduce((a, t) => a + t.rows, 0);
  return {
    format: FORMAT,
    createdAt: new Date().toISOString(),
    engine,
    takenWith,
    versions: { sawari: String(readJson(path.join(repoRoot, 'package.json')).version), node: process.version, postgres: audit.serverVersion, ...extra },
    migrationLevel: audit.migrationLevel,
    tables: audit.tables,
    files,
    counts: {
      tables: Object.keys(audit.tables).length,
      rows,
      files: Object.keys(files).length,
      fileBytes: Object.values(files).reduce((a, f) => a + f.bytes, 0),
    },
  };
}

const dbQuery =
  (db: Db): Query =>
  (sql, params) =>
    db.query(sql, params);

/** Audits a PGlite data folder tarball in an in-memory PGlite of this process (the server is not asked twice). */
async function auditTarball(tarball: Blob): Promise<DatabaseAudit> {
  const db = await openDb({ dataDir: 'memory://' }, { loadDataDir: tarball });
  try {
    return await auditDatabase(dbQuery(db));
  } finally {
    await db.close();
  }
}

async function backupPglite(config: PlatformConfig, dir: string, out: Out): Promise<Manifest> {
  const tarFile = path.join(dir, 'database.tar.gz');
  let takenWith: Manifest['takenWith'];
  let db: Db | null = null;
  try {
    db = await openDb(config, { role: 'backup' });
  } catch (e) {
    if (!(e instanceof DataFolderLockedError)) throw e;
    if (e.holder.role !== 'server' || !e.holder.url) throw new Refusal(e.message);
    out(`A Sawari server (pid ${e.holder.pid}) holds ${config.dataDir}: the database is copied through it (${e.holder.url}).`);
    const res = await fetch(`${e.holder.url}/api/ops/backup/pglite-data`, {
      headers: { authorization: `Ops ${process.env.OPS_KEY?.trim() || 'sawari-dev-ops'}` },
    }).catch((err: Error) => {
      throw new Refusal(`No answer from ${e.holder.url} (${err.message}).`);
    });
    if (!res.ok || !res.body) {
      const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
      throw new Refusal(`The server refused the backup: ${res.status} ${body.code ?? ''} ${body.message ?? ''}`.trim());
    }
    await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), fs.createWriteStream(tarFile));
    takenWith = 'server';
  }
  try {
    if (db) {
      fs.writeFileSync(tarFile, Buffer.from(await (await db.dumpDataDir!()).arrayBuffer()));
      takenWith = 'folder-lock';
    }
    // Files are written whole under a temporary name and renamed: a copy never sees half a file.
    await copyDiskFiles(path.join(config.dataDir, 'files'), path.join(dir, 'files'));
  } finally {
    await db?.close();
  }
  const audit = await auditTarball(new Blob([fs.readFileSync(tarFile)]));
  const files = await auditDiskFiles(path.join(dir, 'files'));
  return manifestOf('pglite', takenWith!, audit, files, { pglite: pgliteVersion() });
}

/** A pg client on its own connection (the snapshot must stay open while pg_dump reads it). */
async function pgClient(url: string) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Client } = require('pg') as typeof import('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

async function backupPostgres(config: PlatformConfig, dir: string, out: Out): Promise<Manifest> {
  const url = config.databaseUrl!;
  const pgDump = process.env.PG_DUMP || 'pg_dump';
  const version = await run(pgDump, ['--version']);
  const client = await pgClient(url);
  try {
    // One snapshot for the audit and for pg_dump: the manifest describes exactly what the dump holds.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await client.query<{ s: string }>('SELECT pg_export_snapshot() AS s')).rows[0].s;
    const audit = await auditDatabase((sql, params) => client.query(sql, params as unknown[]) as never);
    out(`pg_dump of ${Object.keys(audit.tables).length} tables in snapshot ${snapshot} …`);
    const dump = await run(pgDump, [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${snapshot}`,
      '--file',
      path.join(dir, 'database.dump'),
      '--dbname',
      url,
    ]);
    if (dump.code !== 0) throw new Refusal(`pg_dump failed (exit ${dump.code}): ${dump.out.trim()}`);
    await client.query('COMMIT');
    // Files still on this instance's disk (not yet moved into the database by a start) are kept too.
    await copyDiskFiles(path.join(config.dataDir, 'files'), path.join(dir, 'files'));
    const files = { ...(await auditDiskFiles(path.join(dir, 'files'))), ...audit.databaseFiles };
    return manifestOf('postgres', 'pg_dump', audit, files, { pgDump: version.out.trim() });
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function backup(dir: string, out: Out, config: PlatformConfig = loadConfig()): Promise<Manifest> {
  if (!config.databaseUrl && config.dataDir === 'memory://') throw new Refusal('DATA_DIR=memory:// has nothing to back up.');
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION')))
    throw new Refusal(`There is no database at ${config.dataDir} (no pglite/PG_VERSION): check DATA_DIR.`);
  emptyFolder(dir);
  const started = Date.now();
  const manifest = config.databaseUrl ? await backupPostgres(config, dir, out) : await backupPglite(config, dir, out);
  fs.writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeChecksums(dir);
  const c = manifest.counts;
  out(
    `Backup of ${manifest.engine === 'pglite' ? `PGlite at ${config.dataDir}` : 'PostgreSQL'} written to ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `migration level ${manifest.migrationLevel}, ${c.tables} tables, ${c.rows} rows, ${c.files} files (${c.fileBytes} bytes).`,
  );
  return manifest;
}

/** DATA_DIR holds no database and no files yet (a restore never writes over anything). */
function emptyDataDir(dataDir: string): void {
  for (const part of ['pglite', 'files']) {
    const p = path.join(dataDir, part);
    if (fs.existsSync(p) && fs.readdirSync(p).length)
      throw new Refusal(`${p} is not empty: restore into a new DATA_DIR (move the old one away first; nothing was changed).`);
  }
}

async function restorePglite(config: PlatformConfig, dir: string, manifest: Manifest): Promise<string[]> {
  if (config.dataDir === 'memory://') throw new Refusal('Give DATA_DIR: the folder to restore into.');
  emptyDataDir(config.dataDir);
  const tarball = new Blob([fs.readFileSync(path.join(dir, 'database.tar.gz'))]);
  let db: Db;
  try {
    db = await openDb(config, { role: 'restore', loadDataDir: tarball });
  } catch (e) {
    if (e instanceof DataFolderLockedError) throw new Refusal(e.message);
    throw e;
  }
  try {
    await copyDiskFiles(path.join(dir, 'files'), path.join(config.dataDir, 'files'));
    const audit = await auditDatabase(dbQuery(db));
    const files = await auditDiskFiles(path.join(config.dataDir, 'files'));
    return auditDifferences(manifest, { tables: audit.tables, files, migrationLevel: audit.migrationLevel });
  } finally {
    await db.close();
  }
}

async function restorePostgres(config: PlatformConfig, dir: string, manifest: Manifest): Promise<string[]> {
  const url = config.databaseUrl!;
  const diskFiles = config.dataDir === 'memory://' ? null : path.join(config.dataDir, 'files');
  if (diskFiles && fs.existsSync(path.join(dir, 'files'))) emptyDataDir(config.dataDir);
  const client = await pgClient(url);
  try {
    const used = await client.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'`,
    );
    if (Number(used.rows[0].n) > 0)
      throw new Refusal(`The database of DATABASE_URL is not empty (${used.rows[0].n} tables): restore into a new, empty database. Nothing was changed.`);
    const restored = await run(process.env.PG_RESTORE || 'pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      '--dbname',
      url,
      path.join(dir, 'database.dump'),
    ]);
    if (restored.code !== 0) throw new Refusal(`pg_restore failed (exit ${restored.code}): ${restored.out.trim()}`);
    if (diskFiles) await copyDiskFiles(path.join(dir, 'files'), diskFiles);
    const audit = await auditDatabase((sql, params) => client.query(sql, params as unknown[]) as never);
    const disk = diskFiles ? await auditDiskFiles(diskFiles) : {};
    return auditDifferences(manifest, { tables: audit.tables, files: { ...disk, ...audit.databaseFiles }, migrationLevel: audit.migrationLevel });
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function restore(dir: string, out: Out, config: PlatformConfig = loadConfig()): Promise<string[]> {
  const started = Date.now();
  await verifyChecksums(dir);
  const manifest = readJson(path.join(dir, MANIFEST)) as unknown as Manifest;
  if (manifest.format !== FORMAT) throw new Refusal(`This backup's format is ${String(manifest.format)}; this version reads ${FORMAT}.`);
  const target = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.engine !== target)
    throw new Refusal(
      `This backup is of ${manifest.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'} and the target is ${target === 'pglite' ? 'PGlite (DATA_DIR)' : 'PostgreSQL (DATABASE_URL)'}: restore it into the same kind.`,
    );
  out(`Checksums verified (${manifest.counts.tables} tables, ${manifest.counts.files} files, taken ${manifest.createdAt}). Restoring …`);
  const differences = target === 'pglite' ? await restorePglite(config, dir, manifest) : await restorePostgres(config, dir, manifest);
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (differences.length) out(`The restored copy differs from the backup's manifest:\n  ${differences.join('\n  ')}`);
  else
    out(
      `Restored in ${secs} s and audited: migration level ${manifest.migrationLevel}, ${manifest.counts.tables} tables, ${manifest.counts.rows} rows, ${manifest.counts.files} files: nothing lost or changed.`,
    );
  return differences;
}

/** The audit of the configured database and files, as JSON (what a backup's manifest would say; used by the drill). */
export async function audit(config: PlatformConfig = loadConfig()): Promise<{ migrationLevel: number; tables: Manifest['tables']; files: Manifest['files'] }> {
  let db: Db;
  try {
    db = await openDb(config, { role: 'audit', max: 1 });
  } catch (e) {
    if (e instanceof DataFolderLockedError) throw new Refusal(e.message);
    throw e;
  }
  try {
    const a = await auditDatabase(dbQuery(db));
    const disk = config.dataDir === 'memory://' ? {} : await auditDiskFiles(path.join(config.dataDir, 'files'));
    return { migrationLevel: a.migrationLevel, tables: a.tables, files: { ...disk, ...a.databaseFiles } };
  } finally {
    await db.close();
  }
}

/** Exit codes: 0 done, 1 refused or differences found, 2 bad usage. */
export async function main(argv: string[], out: Out = (l) => console.log(l), err: Out = (l) => console.error(l)): Promise<number> {
  const [command, dir, ...rest] = argv;
  if (command === 'audit' && !dir) {
    try {
      out(JSON.stringify(await audit()));
      return 0;
    } catch (e) {
      if (e instanceof Refusal) {
        err(e.message);
        return 1;
      }
      throw e;
    }
  }
  if (!['backup', 'restore'].includes(command ?? '') || !dir || rest.length || dir.startsWith('-')) {
    err(BACKUP_USAGE);
    return dir === '--help' || dir === '-h' ? 0 : 2;
  }
  try {
    if (command === 'backup') await backup(path.resolve(dir), out);
    else if ((await restore(path.resolve(dir), out)).length) return 1;
    return 0;
  } catch (e) {
    if (e instanceof Refusal) {
      err(e.message);
      return 1;
    }
    err(`${command} failed: ${(e as Error).message}`);
    return 1;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
