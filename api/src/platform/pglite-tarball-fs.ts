import { gunzipSync } from 'node:zlib';

/**
 * An in-memory PGlite data folder that starts as a copy of a data-folder tarball (PGlite's `dumpDataDir`, a backup's
 * database.tar.gz): the API tests' template databases, and a backup checked by opening it in memory.
 *
 * Why not PGlite's own `loadDataDir`: it looks every parent folder of every file up again (about 1,400 files, 5 levels
 * deep in a migrated database): 0.63 s of a 1.5 s start in a CPU profile in plain Node (docs/performance.md "The API
 * tests' databases"). Here each folder is made once and each file written once. pglite-tarball-fs.test.ts checks that a
 * copy holds what was dumped and that copies are independent.
 *
 * Relies on PGlite's MemoryFS and its emscripten FS (`pg.Module.FS`), as PGlite's own file systems do; the version is
 * pinned in package.json and the test fails if a new version loads differently.
 */

/** One member of a tar archive (ustar, as PGlite's tar writer makes it). */
export interface TarMember {
  /** Its path inside the data folder, '/'-led ("/base/1/2619"). */
  name: string;
  directory: boolean;
  data: Uint8Array;
}

const BLOCK = 512;

/** The members of an uncompressed or gzipped tarball, in order. Throws on a truncated archive. */
export function readTarball(bytes: Uint8Array): TarMember[] {
  const tar = bytes[0] === 0x1f && bytes[1] === 0x8b ? new Uint8Array(gunzipSync(bytes)) : bytes;
  const text = (at: number, length: number) => {
    const field = tar.subarray(at, at + length);
    const end = field.indexOf(0);
    return Buffer.from(end < 0 ? field : field.subarray(0, end)).toString('utf8');
  };
  const members: TarMember[] = [];
  for (let at = 0; at + BLOCK <= tar.length;) {
    if (tar[at] === 0) break; // the two empty blocks that end an archive
    const size = parseInt(text(at + 124, 12).trim() || '0', 8);
    const type = tar[at + 156];
    const prefix = text(at + 257, 6).startsWith('ustar') ? text(at + 345, 155) : '';
    const raw = prefix ? `${prefix}/${text(at, 100)}` : text(at, 100);
    at += BLOCK;
    if (!Number.isFinite(size) || at + size > tar.length) throw new Error(`data folder tarball is truncated at ${raw}`);
    const name = `/${raw.replace(/^\.?\/+/, '').replace(/\/+$/, '')}`;
    // '5' a folder; '0' or NUL a file; anything else (links, PAX headers) PGlite's data folder never has.
    if (type === 0x35) members.push({ name, directory: true, data: new Uint8Array(0) });
    else if (type === 0x30 || type === 0) members.push({ name, directory: false, data: tar.subarray(at, at + size) });
    at += Math.ceil(size / BLOCK) * BLOCK;
  }
  return members;
}

/** PGlite's data folder inside its emscripten file system (PGDATA). */
const PGDATA = '/tmp/pglite/base';

type EmscriptenFs = { mkdir(path: string): void; writeFile(path: string, data: Uint8Array): void; analyzePath(path: string): { exists: boolean } };

/** A PGlite `fs` option: MemoryFS whose data folder holds the tarball's members when Postgres starts. */
export function tarballMemoryFs(tarball: Uint8Array): unknown {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { MemoryFS } = require('@electric-sql/pglite') as { MemoryFS: new () => { pg?: { Module: { FS: EmscriptenFs } } } };
  const members = readTarball(tarball);
  if (!members.some((m) => m.name === '/PG_VERSION')) throw new Error('not a data folder tarball: it has no PG_VERSION');
  class TarballMemoryFs extends MemoryFS {
    // PGlite calls this once its file system is up and before Postgres looks at PGDATA (where loadDataDir would load).
    async initialSyncFs(): Promise<void> {
      const FS = this.pg!.Module.FS;
      const made = new Set<string>(['']);
      const folder = (dir: string): void => {
        if (made.has(dir)) return;
        folder(dir.slice(0, dir.lastIndexOf('/')));
        if (!FS.analyzePath(dir).exists) FS.mkdir(dir);
        made.add(dir);
      };
      folder(PGDATA);
      for (const m of members) {
        const at = PGDATA + m.name;
        if (m.directory) folder(at);
        else {
          folder(at.slice(0, at.lastIndexOf('/')));
          FS.writeFile(at, m.data); // copied: the members are views of the tarball, each database writes its own
        }
      }
    }
  }
  return new TarballMemoryFs();
}
