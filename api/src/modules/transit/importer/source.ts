import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/** A GTFS feed on disk, a zip or a folder: which .txt files it has, and a stream of each. */
export interface GtfsSource {
  has(file: string): boolean;
  /** The file's size in bytes (uncompressed), 0 when it is not in the feed. */
  size(file: string): number;
  open(file: string): Promise<Readable>;
  close(): void;
}

export async function openGtfsSource(location: string): Promise<GtfsSource> {
  const stat = await fs.promises.stat(location).catch(() => null);
  if (!stat) throw new Error(`GTFS feed not found: ${location}`);
  return stat.isDirectory() ? folderSource(location) : zipSource(location);
}

async function folderSource(dir: string): Promise<GtfsSource> {
  const names = (await fs.promises.readdir(dir)).filter((f) => f.endsWith('.txt'));
  const sizes = new Map(await Promise.all(names.map(async (f) => [f, (await fs.promises.stat(path.join(dir, f))).size] as const)));
  return {
    has: (file) => sizes.has(file),
    size: (file) => sizes.get(file) ?? 0,
    open: async (file) => fs.createReadStream(path.join(dir, file)),
    close: () => undefined,
  };
}

function zipSource(file: string): Promise<GtfsSource> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (err, zip) => {
      if (err || !zip) return reject(new Error(`${path.basename(file)} is not a readable zip: ${err?.message ?? 'unknown error'}`));
      // Feeds are sometimes zipped with a top folder; a file is found by its base name.
      const entries = new Map<string, yauzl.Entry>();
      zip.on('entry', (entry: yauzl.Entry) => {
        const base = path.posix.basename(entry.fileName);
        if (!entry.fileName.endsWith('/') && base.endsWith('.txt') && !entries.has(base)) entries.set(base, entry);
        zip.readEntry();
      });
      zip.on('error', reject);
      zip.on('end', () =>
        resolve({
          has: (name) => entries.has(name),
          size: (name) => entries.get(name)?.uncompressedSize ?? 0,
          open: (name) =>
            new Promise<Readable>((res, rej) => {
              const entry = entries.get(name);
              if (!entry) return rej(new Error(`${name} is not in the zip`));
              zip.openReadStream(entry, (e, stream) => (e || !stream ? rej(e ?? new Error(`cannot read ${name}`)) : res(stream)));
            }),
          close: () => zip.close(),
        }),
      );
      zip.readEntry();
    });
  });
}
