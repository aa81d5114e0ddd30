// The little of the PMTiles v3 format the server needs (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md):
// the 127-byte header (to check a configured file at start and tell raster from vector) and the metadata's
// `attribution` (the credit line the file carries). Tiles themselves are read by the browser (the `pmtiles` package)
// through HTTP range requests; the server only serves bytes.
import fs from 'node:fs';
import zlib from 'node:zlib';

export const PMTILES_HEADER_BYTES = 127;

/** Tile types of the v3 header (byte 99). */
export const PMTILES_TILE_TYPES = { 0: 'unknown', 1: 'mvt', 2: 'png', 3: 'jpeg', 4: 'webp', 5: 'avif', 6: 'mlt' } as const;
export type PmtilesTileType = (typeof PMTILES_TILE_TYPES)[keyof typeof PMTILES_TILE_TYPES];
const RASTER: readonly PmtilesTileType[] = ['png', 'jpeg', 'webp', 'avif'];

export interface PmtilesHeader {
  metadataOffset: number;
  metadataLength: number;
  /** 1 none, 2 gzip, 3 brotli, 4 zstd (byte 97: directories and metadata). */
  internalCompression: number;
  tileType: PmtilesTileType;
  minZoom: number;
  maxZoom: number;
}

/** Reads the v3 header; throws an Error saying what is wrong with the file. */
export function parsePmtilesHeader(b: Uint8Array): PmtilesHeader {
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  if (buf.length < PMTILES_HEADER_BYTES || buf.toString('latin1', 0, 7) !== 'PMTiles') throw new Error('is not a PMTiles file');
  if (buf[7] !== 3) throw new Error(`is PMTiles version ${buf[7]}; only version 3 is read`);
  const u64 = (at: number) => Number(buf.readBigUInt64LE(at));
  return {
    metadataOffset: u64(24),
    metadataLength: u64(32),
    internalCompression: buf[97],
    tileType: PMTILES_TILE_TYPES[buf[99] as keyof typeof PMTILES_TILE_TYPES] ?? 'unknown',
    minZoom: buf[100],
    maxZoom: buf[101],
  };
}

/** What the map can draw from an archive of this tile type: raster images, Mapbox vector tiles, or nothing. */
export const drawableKind = (t: PmtilesTileType): 'raster' | 'vector' | null => (RASTER.includes(t) ? 'raster' : t === 'mvt' ? 'vector' : null);

/** The header of a file on disk, checked at start (synchronously, like the rest of the configuration). */
export function readPmtilesHeaderSync(file: string): PmtilesHeader {
  const fd = fs.openSync(file, 'r');
  try {
    const b = Buffer.alloc(PMTILES_HEADER_BYTES);
    fs.readSync(fd, b, 0, PMTILES_HEADER_BYTES, 0);
    return parsePmtilesHeader(b);
  } finally {
    fs.closeSync(fd);
  }
}

/** An HTML credit line as plain text: tags dropped, the common entities decoded, spaces collapsed. */
export function plainCredit(html: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", copy: '©', nbsp: ' ' };
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') return String.fromCodePoint(e[1].toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
      return entities[e.toLowerCase()] ?? m;
    })
    .replace(/[<>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const MAX_METADATA_BYTES = 1024 * 1024;

/** The `attribution` of the file's metadata as plain text, or null (none, unreadable, or compressed with zstd). */
export async function readPmtilesAttribution(file: string): Promise<string | null> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(PMTILES_HEADER_BYTES);
    await handle.read(head, 0, PMTILES_HEADER_BYTES, 0);
    const h = parsePmtilesHeader(head);
    if (h.metadataLength === 0 || h.metadataLength > MAX_METADATA_BYTES) return null;
    const raw = Buffer.alloc(h.metadataLength);
    await handle.read(raw, 0, h.metadataLength, h.metadataOffset);
    const text =
      h.internalCompression === 2
        ? zlib.gunzipSync(raw)
        : h.internalCompression === 3
          ? zlib.brotliDecompressSync(raw)
          : h.internalCompression <= 1
            ? raw
            : null;
    if (!text) return null;
    const attribution = (JSON.parse(text.toString('utf8')) as { attribution?: unknown }).attribution;
    const plain = typeof attribution === 'string' ? plainCredit(attribution) : '';
    return plain || null;
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}
