// One process per PGlite data folder (docs/operations.md "One process per data folder"). PGlite is a whole PostgreSQL
// inside one process: a second process opening the same folder writes behind the first one's back (a decision it
// never sees) and can corrupt the folder. Whoever opens a folder's database (the server, or a command when no server
// runs) holds DATA_DIR/sawari.lock: created atomically (written whole, then hard-linked into place) with the holder's
// pid, the pid's start time, its role and, for a server once it listens, its URL. A lock whose process is gone
// (kill -9, a crash) is stale and taken over; the lock is removed when the database closes, and on process exit as a
// last resort.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'sawari.lock';

export interface LockHolder {
  pid: number;
  /** The pid's start time (Linux /proc/<pid>/stat field 22), so a reused pid is not taken for the holder. */
  pidStart: string | null;
  hostname: string;
  /** 'server', or the command that holds the folder (e.g. 'ops', 'import-gtfs', 'backup'). */
  role: string;
  /** A server's base URL once it listens (http://127.0.0.1:<port>); null before. */
  url: string | null;
  since: string;
}

/** The folder is held by another live process; `holder` says who (pid, role, URL). Never a 5xx: commands only. */
export class DataFolderLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(describeHolder(dataDir, holder));
    this.name = 'DataFolderLockedError';
  }
}

export function describeHolder(dataDir: string, h: LockHolder): string {
  const who = h.role === 'server' ? `a Sawari server (pid ${h.pid}${h.url ? `, ${h.url}` : ', still starting'})` : `\`${h.role}\` (pid ${h.pid})`;
  // A lock written on another host (a container recreated with a new name, a folder on shared storage) cannot be
  // checked from here: it is taken as held, and the message says how to free it when that host is gone.
  const elsewhere =
    h.hostname !== os.hostname() ? ` on host ${h.hostname}. If that machine or container no longer runs, remove ${path.join(dataDir, LOCK_FILE)} by hand` : '';
  return `The data folder ${dataDir} is in use by ${who} since ${h.since}${elsewhere}. PGlite allows one process per folder: ${
    h.role === 'server' ? `use that server (--server ${h.url ?? '<its URL>'}) or stop it first` : 'wait for it to finish'
  }.`;
}

/** Linux: the start time of a pid (clock ticks since boot), else null (then the pid alone is checked). */
function pidStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether the holder's process still runs (same host only; a lock from another host is taken as alive). */
export function holderAlive(h: LockHolder): boolean {
  if (h.hostname !== os.hostname()) return true;
  if (!Number.isInteger(h.pid) || h.pid <= 0) return false;
  try {
    process.kill(h.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ESRCH') return false;
    // EPERM: a process of another user runs with that pid: alive unless its start time says it is another one.
  }
  const start = pidStartTime(h.pid);
  return !(h.pidStart && start && start !== h.pidStart);
}

function readHolder(file: string): LockHolder | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  try {
    const h = JSON.parse(text) as LockHolder;
    if (typeof h.pid === 'number') return h;
  } catch {
    // A torn or foreign file: treated as a dead holder below.
  }
  return { pid: -1, pidStart: null, hostname: os.hostname(), role: 'unknown', url: null, since: 'unknown' };
}

/** Who holds a data folder now (a live process), or null when it is free or its lock is stale. */
export function dataFolderHolder(dataDir: string): LockHolder | null {
  const h = readHolder(path.join(dataDir, LOCK_FILE));
  return h && holderAlive(h) ? h : null;
}

export interface DataFolderLock {
  readonly dataDir: string;
  readonly holder: LockHolder;
  /** A server, once it listens: its URL goes into the lock for the commands that find it. */
  setUrl(url: string): void;
  release(): void;
}

const held = new Map<string, DataFolderLock>();

/**
 * Creates `file` with the holder's content, or answers false when it exists. The content is written to a file of this
 * process first and hard-linked into place: the lock appears whole or not at all, so no reader ever finds it empty and
 * takes a live lock for a torn, stale one.
 */
function writeNew(file: string, h: LockHolder): boolean {
  const tmp = `${file}.${process.pid}.new`;
  fs.writeFileSync(tmp, JSON.stringify(h), { mode: 0o644 });
  try {
    fs.linkSync(tmp, file);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/**
 * Takes DATA_DIR's lock for this process, or throws DataFolderLockedError naming the live holder. A stale lock (its
 * process gone) is taken over under a second, short-lived file made the same way, so two processes finding the same stale lock
 * cannot both take it. A process holds a folder once: opening it again in the same process is refused too.
 */
export function acquireDataFolderLock(dataDir: string, role: string): DataFolderLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockHolder = {
    pid: process.pid,
    pidStart: pidStartTime(process.pid),
    hostname: os.hostname(),
    role,
    url: null,
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    if (writeNew(file, me)) return registered(dataDir, file, me);
    const current = readHolder(file);
    if (current === null) continue; // released meanwhile: try again
    if (holderAlive(current)) throw new DataFolderLockedError(dataDir, current);
    // Stale: take it over under the takeover file; whoever does not get that file tries again.
    const takeover = `${file}.takeover`;
    if (!writeNew(takeover, me)) {
      const other = readHolder(takeover);
      if (other && !holderAlive(other)) fs.rmSync(takeover, { force: true }); // a takeover that died half-way
      continue;
    }
    try {
      const still = readHolder(file);
      if (still && JSON.stringify(still) === JSON.stringify(current)) fs.rmSync(file, { force: true });
      if (writeNew(file, me)) return registered(dataDir, file, me);
    } finally {
      fs.rmSync(takeover, { force: true });
    }
  }
  const h = readHolder(file);
  throw new DataFolderLockedError(dataDir, h ?? me);
}

function registered(dataDir: string, file: string, me: LockHolder): DataFolderLock {
  let released = false;
  const ours = () => readHolder(file)?.pid === me.pid && readHolder(file)?.since === me.since;
  const release = () => {
    if (released) return;
    released = true;
    held.delete(file);
    process.removeListener('exit', release);
    try {
      if (ours()) fs.rmSync(file, { force: true });
    } catch {
      // Nothing more to do: a later opener finds the pid dead and takes the lock over.
    }
  };
  process.on('exit', release);
  const lock: DataFolderLock = {
    dataDir,
    get holder() {
      return { ...me };
    },
    setUrl(url) {
      me.url = url;
      if (released || !ours()) return;
      // Written whole to a temporary file and renamed over the lock: a reader never sees half a file.
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify(me));
      fs.renameSync(tmp, file);
    },
    release,
  };
  held.set(file, lock);
  return lock;
}

/** The lock this process holds on a folder, if any (the server sets its URL on it once it listens). */
export function heldLock(dataDir: string): DataFolderLock | undefined {
  return held.get(path.join(dataDir, LOCK_FILE));
}

/** A server's base URL for commands on this machine: a wildcard address is reached on loopback. */
export function serverUrl(host: string, port: number): string {
  const h = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${h}:${port}`;
}
