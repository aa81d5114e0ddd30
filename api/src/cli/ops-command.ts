// What every operator command (`npm run ops -- verifications …`, `npm run ops -- reservations …`) shares: reading the
// arguments with their usage on a mistake, choosing a running server (--server / SAWARI_API_URL, or the server that
// holds the PGlite folder) or the configured database, and turning a refused decision (ApiError) into one line and exit code 1.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { loadConfig, type Config } from '../platform/config';
import { DataFolderLockedError } from '../platform/data-folder-lock';
import { openDb, type Db } from '../platform/db';
import { ApiError } from '../platform/errors';
import { migrate } from '../platform/migrate';

/** --server <url> or SAWARI_API_URL: the server to act through, else null (database mode). */
export function serverFrom(argv: string[], env: NodeJS.ProcessEnv = process.env): string | null {
  const i = argv.findIndex((a) => a === '--server' || a.startsWith('--server='));
  if (i >= 0) return argv[i].includes('=') ? argv[i].slice('--server='.length) : (argv[i + 1] ?? '');
  return env.SAWARI_API_URL?.trim() || null;
}

/** parseArgs with positionals; a bad option prints its message and the usage (answers null: exit code 2). */
export function parseOpsArgs<O extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: O, usage: string, err: (s: string) => void) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, options });
  } catch (e) {
    err(`${(e as Error).message}\n\n${usage}`);
    return null;
  }
}

/** Runs a decision; a refusal (ApiError) is "CODE: message" and exit code 1, anything else is thrown. */
export async function refusalsAsExitCode(err: (s: string) => void, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof ApiError) {
      err(`${e.code}: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

/**
 * The process entry of an operator command: through a running server when one is named (its URL checked, the key
 * from OPS_KEY else the development key) or when a server holds the PGlite folder, else on the configured database
 * (migrated, closed after; the folder's lock held meanwhile). Exits with the
 * command's code; a failure is one line and exit code 1.
 */
export function opsMain(opts: {
  devKey: string;
  remote(server: string, key: string, argv: string[]): Promise<number>;
  local(db: Db, config: Config, argv: string[]): Promise<number>;
}): void {
  (async () => {
    const argv = process.argv.slice(2);
    const server = serverFrom(argv);
    if (server !== null) {
      if (!/^https?:\/\/[^\s/]+/.test(server)) {
        console.error(`--server needs a URL such as http://127.0.0.1:8080 (got "${server}")`);
        return 2;
      }
      return opts.remote(server, process.env.OPS_KEY?.trim() || opts.devKey, argv);
    }
    const config = loadConfig();
    let db: Db;
    try {
      db = await openDb(config, { role: 'ops' });
    } catch (e) {
      // PGlite allows one process per folder: a server holding it is acted through (its URL is in the lock), anyone
      // else holding it is named and the command refuses (data-folder-lock.ts).
      if (!(e instanceof DataFolderLockedError)) throw e;
      if (e.holder.role === 'server' && e.holder.url) {
        console.error(`A Sawari server (pid ${e.holder.pid}) holds ${e.dataDir}: acting through it at ${e.holder.url}.`);
        return opts.remote(e.holder.url, process.env.OPS_KEY?.trim() || opts.devKey, argv);
      }
      console.error(e.message);
      return 1;
    }
    try {
      await migrate(db);
      return await opts.local(db, config, argv);
    } finally {
      await db.close();
    }
  })().then(
    (code) => process.exit(code),
    (e) => {
      console.error(`ops failed: ${(e as Error).message}`);
      process.exit(1);
    },
  );
}
