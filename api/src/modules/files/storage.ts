import fs from 'node:fs';
import path from 'node:path';

/** Where uploaded bytes live. Ids are server-made UUIDs, never client input. */
export interface FileStorage {
  put(id: string, data: Buffer): Promise<void>;
  get(id: string): Promise<Buffer | null>;
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
  async delete(id: string): Promise<void> {
    this.files.delete(id);
  }
}

export function createFileStorage(dataDir: string): FileStorage {
  return dataDir === 'memory://' ? new MemoryFileStorage() : new DiskFileStorage(path.join(dataDir, 'files'));
}
