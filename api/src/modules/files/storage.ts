import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Db } from '../../platform/db';
import { DatabaseFileStorage, moveDiskFilesIntoDatabase } from './database-storage';

/** Where uploaded bytes live. Ids are server-made UUIDs, never client input. */
export interface FileStorage {
  put(id: string, data: Buffer): Promise<void>;
  get(id: string): Promise<Buffer | null>;
  /** The bytes as a stream, read piece by piece (served files); null when there are none. */
  stream(id: string): Promise<Readable | null>;
  delete(id: string): Promise<void>;
}

/** Files under a directory (DATA_DIR/files by default), written to a temporary name and renamed into place. */
export class DiskFileStorage implements FileStorage {
  constructor(private readonly dir: string) {}

  private file(id: string): string {
    if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error(`not a file id: ${id}`);
    return path.join(this.dir, id.slice(0, 2), id);
  }

  async put(id: string, data: Buffer): Promise<void> {
    const target = this.file(id);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.tmp`;
    await fs.promises.writeFile(tmp, data);
    await fs.promises.rename(tmp, target);
  }

  async get(id: string): Promise<Buffer | null> {
    try {
      return await fs.promises.readFile(this.file(id));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async stream(id: string): Promise<Readable | null> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(this.file(id), 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    return handle.createReadStream();
  }

  async delete(id: string): Promise<void> {
    await fs.promises.rm(this.file(id), { force: true });
  }
}

/** In memory (tests and DATA_DIR=memory://). */
export class MemoryFileStorage implements FileStorage {
  private readonly files = new Map<string, Buffer>();
  async put(id: string, data: Buffer): Promise<void> {
    this.files.set(id, data);
  }
  async get(id: string): Promise<Buffer | null> {
    return this.files.get(id) ?? null;
  }
  async stream(id: string): Promise<Readable | null> {
    const data = this.files.get(id);
    return data ? Readable.from([data]) : null;
  }
  async delete(id: string): Promise<void> {
    this.files.delete(id);
  }
}

/**
 * The storage for a deployment: on PostgreSQL (DATABASE_URL) the bytes live in the database, chunked, so any instance
 * serves any file (docs/operations.md "Files"); with PGlite they stay on disk beside its data (DATA_DIR/files), or in
 * memory for an in-memory database.
 */
export function createFileStorage(dataDir: string, db?: Db): FileStorage {
  if (db?.kind === 'postgres') return new DatabaseFileStorage(db);
  return dataDir === 'memory://' ? new MemoryFileStorage() : new DiskFileStorage(path.join(dataDir, 'files'));
}

/** The configured storage, after the one-time move of files on disk into the database on PostgreSQL (logged). */
export async function openFileStorage(dataDir: string, db: Db, log?: { info(o: object, m: string): void }): Promise<FileStorage> {
  await moveDiskFilesIntoDatabase(dataDir, db, log);
  return createFileStorage(dataDir, db);
}
