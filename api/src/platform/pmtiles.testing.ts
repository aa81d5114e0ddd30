// Test helpers (API tests and e2e): a minimal PMTiles v3 writer and solid-colour PNG tiles, so tests make their own
// small archive and no third-party map data is ever committed.
import zlib from 'node:zlib';

/** A PNG of one colour (RGB, 8 bits), `size` pixels square. */
export function solidPng([r, g, b]: readonly [number, number, number], size = 256): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set([r, g, b], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A Mapbox vector tile (gzipped, as the archive says) whose one layer holds one polygon covering the whole tile. */
export function filledMvt(layer: string): Buffer {
  const bytes = (n: number) => {
    const out: number[] = [];
    varint(n, out);
    return out;
  };
  const zigzag = (n: number) => (n << 1) ^ (n >> 31);
  const field = (tag: number, body: number[]) => [tag, ...bytes(body.length), ...body];
  const E = 4096;
  // MoveTo (0,0); LineTo (E,0), (E,E), (0,E); ClosePath: clockwise in tile coordinates (y down), an exterior ring.
  const geometry = [9, 0, 0, 26, zigzag(E), 0, 0, zigzag(E), zigzag(-E), 0, 15].flatMap(bytes);
  const feature = [0x08, 1, 0x18, 3, ...field(0x22, geometry)];
  const name = [...Buffer.from(layer, 'utf8')];
  const body = [0x78, 2, ...field(0x0a, name), ...field(0x12, feature), 0x28, ...bytes(E)];
  return zlib.gzipSync(Buffer.from(field(0x1a, body)));
}

function varint(n: number, out: number[]): void {
  while (n >= 0x80) {
    out.push((n % 0x80) | 0x80);
    n = Math.floor(n / 0x80);
  }
  out.push(n);
}

/** Tiles of zoom levels 0..z-1 come before zoom z in the tile id order (the Hilbert index starts there). */
const firstIdOfZoom = (z: number) => (4 ** z - 1) / 3;

export interface TestArchive {
  /** The tile every position of every zoom from 0 to maxZoom holds (one entry with a run length: a few bytes). */
  fill: Buffer;
  /** mvt tiles are gzipped (filledMvt), png ones stored as they are; mlt is there to be refused. */
  tileType?: 'png' | 'mvt' | 'mlt';
  /** At most 15 (the run length is a 32-bit number). */
  maxZoom?: number;
  /** Stored in the metadata JSON (uncompressed), like real archives: may hold HTML. */
  attribution?: string;
  /** Written into the header's version byte (to make a file the server refuses). */
  version?: number;
}

/** A PMTiles v3 archive: header, root directory (one run-length entry), metadata JSON, then the single tile. */
export function writePmtiles({ fill, tileType = 'png', maxZoom = 15, attribution, version = 3 }: TestArchive): Buffer {
  if (maxZoom > 15) throw new Error('maxZoom must be at most 15');
  const count = firstIdOfZoom(maxZoom + 1);
  const dir: number[] = [];
  for (const v of [1, 0, count, fill.length, 1]) varint(v, dir); // entries; tile id delta; run length; length; offset + 1
  const root = Buffer.from(dir);
  const metadata = Buffer.from(JSON.stringify({ name: 'sawari test tiles', ...(attribution ? { attribution } : {}) }), 'utf8');
  const h = Buffer.alloc(127);
  h.write('PMTiles', 0, 'latin1');
  h[7] = version;
  const rootOffset = 127;
  const metadataOffset = rootOffset + root.length;
  const dataOffset = metadataOffset + metadata.length;
  const u64 = (at: number, v: number) => h.writeBigUInt64LE(BigInt(v), at);
  u64(8, rootOffset);
  u64(16, root.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, dataOffset); // no leaf directories
  u64(48, 0);
  u64(56, dataOffset);
  u64(64, fill.length);
  u64(72, count); // addressed tiles
  u64(80, 1); // tile entries
  u64(88, 1); // tile contents
  h[96] = 1; // clustered
  h[97] = 1; // internal compression: none
  h[98] = tileType === 'png' ? 1 : 2; // tile compression: none for PNG, gzip for vector
  h[99] = { png: 2, mvt: 1, mlt: 6 }[tileType];
  h[100] = 0;
  h[101] = maxZoom;
  h.writeInt32LE(-180 * 1e7, 102);
  h.writeInt32LE(-85 * 1e7, 106);
  h.writeInt32LE(180 * 1e7, 110);
  h.writeInt32LE(85 * 1e7, 114);
  h[118] = 0;
  return Buffer.concat([h, root, metadata, fill]);
}
