import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../platform/db';
import type { Network, RoutingArrays } from '@sawari/domain/src/planner';
import type { PlannerRows } from './store';

/** A phase of a load, with when it started and ended (performance.now() milliseconds; service.ts PlannerOptions.timing). */
export type PhaseTiming = (phase: string, startedAt: number, endedAt: number) => void;

/**
 * Built day networks kept across restarts (docs/transit.md "A big city"): a starting instance loads a service day's
 * network from its snapshot instead of reading the day's rows and building it again (seconds on a big city).
 *
 * A snapshot is one binary blob: a fixed header (magic, format, body length, checksum), a JSON part (what identifies it
 * and the network's ids, stops, routes and headsigns) and the typed arrays, each at an 8-byte boundary. Loaded, the blob
 * goes into one SharedArrayBuffer and every typed array is a view into it, so the routing arrays are already in shared
 * memory for the query workers (no copy). A snapshot is named by a hash of its identity (format, city, feed id and import
 * time, service date, transfer slack); one whose identity (in its JSON) is not the one asked for, whose checksum does not
 * match, or that cannot be read is ignored, and the network is built again (and its snapshot written over it).
 *
 * Stored in the data folder beside PGlite (`FileSnapshotStore`), or in the database with PostgreSQL
 * (`DbSnapshotStore`: a bytea table in chunks, so any instance loads what another built).
 */

/** Bumped whenever the layout or what buildNetwork produces changes: older snapshots are then never loaded. */
export const SNAPSHOT_FORMAT = 2;
const MAGIC = 0x53574e53; // "SWNS"
const HEADER_BYTES = 24;

/** What a snapshot is of: a city's feed (as imported: id and import time) on a service date, with its transfer slack. */
export interface SnapshotIdentity {
  cityId: string;
  feedId: number;
  /** The feed's version: its id and import time (a feed id reused by a new database is another version). */
  feedVersion: string;
  date: string;
  slackSecs: number;
}

/** A built network with what the planner keeps beside it (service.ts `Built` without what is derived on load). */
export interface SnapshotContent {
  network: Network;
  stops: PlannerRows['stops'];
  routes: PlannerRows['routes'];
  headsigns: (string | null)[];
  tripsOnDate: number;
}

/** The name of a snapshot (hex): the hash of its identity and the format. */
export function snapshotKey(id: SnapshotIdentity): string {
  return createHash('sha256')
    .update(JSON.stringify([SNAPSHOT_FORMAT, id.cityId, id.feedVersion, id.date, id.slackSecs]))
    .digest('hex')
    .slice(0, 32);
}

export type Typed = Int32Array | Float64Array | Uint8Array;
const TYPES = { Int32Array, Float64Array, Uint8Array } as const;
type TypeName = keyof typeof TYPES;

function typeName(v: unknown): TypeName | null {
  if (v instanceof Int32Array) return 'Int32Array';
  if (v instanceof Float64Array) return 'Float64Array';
  if (v instanceof Uint8Array) return 'Uint8Array';
  return null;
}

/**
 * A checksum of the body (two 32-bit lanes over its 32-bit words): detects a truncated or damaged file at memory speed
 * (SHA-256 of a big city's 150 MB took 0.35 s of the 1 s a first plan may take). Not a defence against tampering: the
 * data folder and the database are the server's own. Computed in pieces as the bytes arrive (`Checksum`), so a load
 * checks what it has while the next piece is read.
 */
export function checksum(bytes: Uint8Array): string {
  const c = new Checksum(bytes.byteLength);
  c.update(bytes);
  return c.digest();
}

/** `checksum` piece by piece: every piece but the last a whole number of 32-bit words, each at a 4-byte offset. */
export class Checksum {
  private a = 0x811c9dc5 | 0;
  private b: number;
  constructor(length: number) {
    this.b = length | 0;
  }
  update(bytes: Uint8Array): void {
    const words = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >>> 2);
    let a = this.a;
    let b = this.b;
    for (let i = 0; i < words.length; i++) {
      const w = words[i];
      a = Math.imul(a ^ w, 0x01000193);
      b = (Math.imul(b, 31) + w) | 0;
    }
    for (let i = words.length << 2; i < bytes.byteLength; i++) a = Math.imul(a ^ bytes[i], 0x01000193);
    this.a = a;
    this.b = b;
  }
  digest(): string {
    return (this.a >>> 0).toString(16).padStart(8, '0') + (this.b >>> 0).toString(16).padStart(8, '0');
  }
}

/** Every key of RoutingArrays (a Record, so the compiler says when one is missing). */
const ROUTING_KEYS: Record<keyof RoutingArrays, true> = {
  stopCount: true,
  patternCount: true,
  patternStopStart: true,
  patternStops: true,
  patternTripStart: true,
  patternTimeBase: true,
  arrivals: true,
  departures: true,
  stopPatternStart: true,
  stopPatterns: true,
  stopPatternPos: true,
  footStart: true,
  footTo: true,
  footSecs: true,
  footSlack: true,
  changeSecs: true,
  revPatternStops: true,
  revArrivals: true,
  revDepartures: true,
  revStopPatternPos: true,
  revFootStart: true,
  revFootTo: true,
  revFootSecs: true,
  revFootSlack: true,
};

const align8 = (n: number) => (n + 7) & ~7;

/** The snapshot's bytes (header, JSON, arrays). */
export function encodeSnapshot(id: SnapshotIdentity, c: SnapshotContent): Uint8Array {
  const arrays: { name: string; type: TypeName; offset: number; length: number }[] = [];
  const scalars: Record<string, number> = {};
  const strings: Record<string, string[]> = {};
  const values: Typed[] = [];
  let offset = 0;
  for (const [name, v] of Object.entries(c.network)) {
    const t = typeName(v);
    if (t) {
      arrays.push({ name, type: t, offset, length: (v as Typed).length });
      values.push(v as Typed);
      offset = align8(offset + (v as Typed).byteLength);
    } else if (typeof v === 'number') scalars[name] = v;
    else if (Array.isArray(v)) strings[name] = v as string[];
  }
  // The stops as columns (format 2): their ids are the network's stopIds, their names a list, their coordinates two
  // arrays (NaN: none); parsing 32,500 stop objects' JSON was a fifth of the 10x city's load. Rows whose ids are not
  // the network's, in its order, are kept as rows.
  const stopIds = c.network.stopIds;
  const columnar = c.stops.length === stopIds.length && c.stops.every((row, i) => row.stop_id === stopIds[i]);
  const stopColumns: { name: string; type: TypeName; offset: number; length: number }[] = [];
  if (columnar) {
    for (const [name, pick] of [
      ['stop_lat', (row: PlannerRows['stops'][number]) => row.stop_lat],
      ['stop_lon', (row: PlannerRows['stops'][number]) => row.stop_lon],
    ] as const) {
      const column = Float64Array.from(c.stops, (row) => pick(row) ?? NaN);
      stopColumns.push({ name, type: 'Float64Array', offset, length: column.length });
      values.push(column);
      offset = align8(offset + column.byteLength);
    }
  }
  arrays.push(...stopColumns);
  const stops = columnar ? { names: c.stops.map((row) => row.stop_name), columns: stopColumns } : c.stops;
  const json = Buffer.from(JSON.stringify({ id, arrays, scalars, strings, stops, routes: c.routes, headsigns: c.headsigns, tripsOnDate: c.tripsOnDate }));
  const arraysAt = align8(HEADER_BYTES + json.length);
  const out = new Uint8Array(arraysAt + offset);
  out.set(json, HEADER_BYTES);
  arrays.forEach((a, i) => out.set(new Uint8Array(values[i].buffer, values[i].byteOffset, values[i].byteLength), arraysAt + a.offset));
  return withHeader(out, json.length);
}

/** Writes the header (magic, format, JSON length, body length, checksum) into a blob's first bytes. */
function withHeader(out: Uint8Array, jsonLength: number): Uint8Array {
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC);
  view.setUint32(4, SNAPSHOT_FORMAT);
  view.setUint32(8, jsonLength);
  view.setUint32(12, out.length - HEADER_BYTES);
  const sum = checksum(out.subarray(HEADER_BYTES));
  view.setUint32(16, parseInt(sum.slice(0, 8), 16));
  view.setUint32(20, parseInt(sum.slice(8), 16));
  return out;
}

/** Why a snapshot was not loaded (logged; the network is built instead). */
export class SnapshotRejected extends Error {}

/**
 * The network of a snapshot read into `bytes` (a SharedArrayBuffer's view: the typed arrays are views into it). Throws
 * SnapshotRejected when it is not a snapshot of this format, is damaged, or is of another identity.
 */
export function decodeSnapshot(bytes: Uint8Array, expected: SnapshotIdentity, timing?: PhaseTiming): SnapshotContent & { arrays: RoutingArrays } {
  if (bytes.byteLength < HEADER_BYTES) throw new SnapshotRejected('too short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0) !== MAGIC) throw new SnapshotRejected('not a network snapshot');
  if (view.getUint32(4) !== SNAPSHOT_FORMAT) throw new SnapshotRejected(`format ${view.getUint32(4)}, not ${SNAPSHOT_FORMAT}`);
  const jsonLength = view.getUint32(8);
  if (view.getUint32(12) !== bytes.byteLength - HEADER_BYTES) throw new SnapshotRejected('truncated');
  const sum = view.getUint32(16).toString(16).padStart(8, '0') + view.getUint32(20).toString(16).padStart(8, '0');
  let t = performance.now();
  if (!checkedWhileRead.has(bytes)) {
    if (checksum(bytes.subarray(HEADER_BYTES)) !== sum) throw new SnapshotRejected('checksum mismatch');
    timing?.('checksum', t, (t = performance.now()));
  }
  let meta: {
    id: SnapshotIdentity;
    arrays: { name: string; type: TypeName; offset: number; length: number }[];
    scalars: Record<string, number>;
    strings: Record<string, string[]>;
    stops: PlannerRows['stops'] | { names: (string | null)[]; columns: { name: string; offset: number; length: number }[] };
    routes: PlannerRows['routes'];
    headsigns: (string | null)[];
    tripsOnDate: number;
  };
  try {
    meta = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset + HEADER_BYTES, jsonLength).toString('utf8'));
  } catch {
    throw new SnapshotRejected('unreadable');
  }
  timing?.('JSON part parsed', t, (t = performance.now()));
  const same = (['cityId', 'feedId', 'feedVersion', 'date', 'slackSecs'] as const).every((k) => meta.id?.[k] === expected[k]);
  if (!same) throw new SnapshotRejected(`of ${JSON.stringify(meta.id)}, not of ${JSON.stringify(expected)}`);
  const arraysAt = bytes.byteOffset + align8(HEADER_BYTES + jsonLength);
  const network = { ...meta.scalars, ...meta.strings } as unknown as Record<string, unknown>;
  const stopColumns: Record<string, Float64Array> = {};
  const isStopColumn = (name: string) => !Array.isArray(meta.stops) && meta.stops.columns.some((c) => c.name === name);
  for (const a of meta.arrays) {
    const T = TYPES[a.type];
    if (!T || arraysAt + a.offset + a.length * T.BYTES_PER_ELEMENT > bytes.byteOffset + bytes.byteLength)
      throw new SnapshotRejected(`array ${a.name} out of range`);
    const view = new T(bytes.buffer as ArrayBuffer, arraysAt + a.offset, a.length);
    if (isStopColumn(a.name)) stopColumns[a.name] = view as Float64Array;
    else network[a.name] = view;
  }
  const stopIds = network.stopIds as string[];
  network.stopIndex = new Map(stopIds.map((s, i) => [s, i]));
  let stops: PlannerRows['stops'];
  if (Array.isArray(meta.stops)) stops = meta.stops;
  else {
    const { names, columns } = meta.stops;
    const { stop_lat: lat, stop_lon: lon } = stopColumns;
    if (!lat || !lon || names.length !== stopIds.length || columns.some((c) => c.length !== stopIds.length))
      throw new SnapshotRejected('stop columns do not match the stops');
    stops = stopIds.map((stop_id, i) => ({
      stop_id,
      stop_name: names[i],
      stop_lat: Number.isNaN(lat[i]) ? null : lat[i],
      stop_lon: Number.isNaN(lon[i]) ? null : lon[i],
    }));
  }
  const net = network as unknown as Network;
  // What the query workers get: the routing arrays only (posting the ids and maps would copy them to every worker).
  const arrays = Object.fromEntries(Object.keys(ROUTING_KEYS).map((k) => [k, net[k as keyof RoutingArrays]])) as unknown as RoutingArrays;
  timing?.('array views and stop index', t, performance.now());
  return { network: net, arrays, stops, routes: meta.routes, headsigns: meta.headsigns, tripsOnDate: meta.tripsOnDate };
}

/**
 * The same container for other data built from a feed and kept across restarts (the realtime module's compiled feed):
 * the header, a JSON part and typed arrays at 8-byte boundaries, checked by the same stores. `json` must not hold the
 * key `arrays`.
 */
export function encodeBlob(json: Record<string, unknown>, arrays: Record<string, Typed>): Uint8Array {
  const layout: { name: string; type: TypeName; offset: number; length: number }[] = [];
  let offset = 0;
  for (const [name, v] of Object.entries(arrays)) {
    const t = typeName(v);
    if (!t) throw new Error(`blob array ${name} is not a typed array`);
    layout.push({ name, type: t, offset, length: v.length });
    offset = align8(offset + v.byteLength);
  }
  const text = Buffer.from(JSON.stringify({ ...json, arrays: layout }));
  const arraysAt = align8(HEADER_BYTES + text.length);
  const out = new Uint8Array(arraysAt + offset);
  out.set(text, HEADER_BYTES);
  layout.forEach((a) => {
    const v = arrays[a.name];
    out.set(new Uint8Array(v.buffer, v.byteOffset, v.byteLength), arraysAt + a.offset);
  });
  return withHeader(out, text.length);
}

/** A blob's JSON part and its arrays (views into `bytes`); throws SnapshotRejected when it is not one or is damaged. */
export function decodeBlob(bytes: Uint8Array): { json: Record<string, unknown>; arrays: Record<string, Typed> } {
  if (bytes.byteLength < HEADER_BYTES) throw new SnapshotRejected('too short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0) !== MAGIC) throw new SnapshotRejected('not a snapshot');
  if (view.getUint32(4) !== SNAPSHOT_FORMAT) throw new SnapshotRejected(`format ${view.getUint32(4)}, not ${SNAPSHOT_FORMAT}`);
  const jsonLength = view.getUint32(8);
  if (view.getUint32(12) !== bytes.byteLength - HEADER_BYTES) throw new SnapshotRejected('truncated');
  const sum = view.getUint32(16).toString(16).padStart(8, '0') + view.getUint32(20).toString(16).padStart(8, '0');
  if (!checkedWhileRead.has(bytes) && checksum(bytes.subarray(HEADER_BYTES)) !== sum) throw new SnapshotRejected('checksum mismatch');
  let json: Record<string, unknown> & { arrays?: { name: string; type: TypeName; offset: number; length: number }[] };
  try {
    json = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset + HEADER_BYTES, jsonLength).toString('utf8'));
  } catch {
    throw new SnapshotRejected('unreadable');
  }
  const arraysAt = bytes.byteOffset + align8(HEADER_BYTES + jsonLength);
  const arrays: Record<string, Typed> = {};
  for (const a of json.arrays ?? []) {
    const T = TYPES[a.type];
    if (!T || arraysAt + a.offset + a.length * T.BYTES_PER_ELEMENT > bytes.byteOffset + bytes.byteLength)
      throw new SnapshotRejected(`array ${a.name} out of range`);
    arrays[a.name] = new T(bytes.buffer as ArrayBuffer, arraysAt + a.offset, a.length);
  }
  delete json.arrays;
  return { json, arrays };
}

/** Where snapshots are kept. `load` resolves null when there is none; both may throw (the caller logs and builds). */
export interface SnapshotStore {
  /** The snapshot's bytes in a SharedArrayBuffer (null: none under this key). */
  load(key: string, timing?: PhaseTiming): Promise<Uint8Array | null>;
  /** Writes the snapshot and forgets the city's snapshots of other feeds and of dates before `keepFrom`. */
  save(key: string, id: SnapshotIdentity, bytes: Uint8Array, keepFrom: string): Promise<void>;
}

/**
 * Marks a snapshot whose checksum a store checked as its bytes arrived (decodeSnapshot does not check it again). A
 * registered symbol on the bytes themselves, not a module's WeakSet: the bench loads this module twice (ESM and CJS
 * under tsx), and the second copy's set did not know what the first had checked (the 10x city's 170 MB summed twice).
 */
const CHECKED = Symbol.for('sawari.planner.snapshotChecked');
const checkedWhileRead = {
  has: (bytes: Uint8Array) => (bytes as unknown as Record<symbol, boolean>)[CHECKED] === true,
  add: (bytes: Uint8Array) => void ((bytes as unknown as Record<symbol, boolean>)[CHECKED] = true),
};

/**
 * A snapshot's bytes as they arrive, in order, into one SharedArrayBuffer: the header is checked as soon as it is in
 * (another format or a length that is not the blob's: rejected before the rest is read), and the checksum is computed
 * over each piece as it comes, so that it is done when the last piece is.
 */
export class SnapshotReceiver {
  readonly bytes: Uint8Array;
  private filled = 0;
  private summed = HEADER_BYTES;
  private sum: Checksum | null = null;

  constructor(size: number) {
    if (size < HEADER_BYTES) throw new SnapshotRejected('too short');
    this.bytes = new Uint8Array(new SharedArrayBuffer(size));
  }

  /** How many bytes are in. */
  get received(): number {
    return this.filled;
  }

  /** Copies the next piece in. */
  push(piece: Uint8Array): void {
    if (this.filled + piece.byteLength > this.bytes.byteLength) throw new SnapshotRejected('longer than its header row says');
    this.bytes.set(piece, this.filled);
    this.wrote(this.filled + piece.byteLength);
  }

  /** The bytes up to `end` were written into `bytes` directly (a file read into it). */
  wrote(end: number): void {
    this.filled = end;
    if (!this.sum) {
      if (end < HEADER_BYTES) return;
      const view = new DataView(this.bytes.buffer, 0, HEADER_BYTES);
      if (view.getUint32(0) !== MAGIC) throw new SnapshotRejected('not a network snapshot');
      if (view.getUint32(4) !== SNAPSHOT_FORMAT) throw new SnapshotRejected(`format ${view.getUint32(4)}, not ${SNAPSHOT_FORMAT}`);
      if (view.getUint32(12) !== this.bytes.byteLength - HEADER_BYTES) throw new SnapshotRejected('truncated');
      this.sum = new Checksum(this.bytes.byteLength - HEADER_BYTES);
    }
    // Whole words only until the end.
    const upTo = end === this.bytes.byteLength ? end : HEADER_BYTES + ((end - HEADER_BYTES) & ~3);
    if (upTo > this.summed) {
      this.sum.update(this.bytes.subarray(this.summed, upTo));
      this.summed = upTo;
    }
  }

  /** The whole snapshot, its checksum checked (throws SnapshotRejected when it is short or damaged). */
  finish(): Uint8Array {
    if (this.filled !== this.bytes.byteLength || !this.sum) throw new SnapshotRejected('truncated');
    const view = new DataView(this.bytes.buffer, 0, HEADER_BYTES);
    const sum = view.getUint32(16).toString(16).padStart(8, '0') + view.getUint32(20).toString(16).padStart(8, '0');
    if (this.sum.digest() !== sum) throw new SnapshotRejected('checksum mismatch');
    checkedWhileRead.add(this.bytes);
    return this.bytes;
  }
}

/** Bytes per file read: the checksum of one piece runs while the next is read. */
const FILE_PIECE_BYTES = 8 << 20;

/** PGlite: files in the data folder (`DATA_DIR/planner`), written to a temporary name and renamed (never half a file). */
export class FileSnapshotStore implements SnapshotStore {
  constructor(private readonly dir: string) {}

  private file(key: string, id?: SnapshotIdentity): string {
    return path.join(this.dir, id ? `${id.cityId}.${id.feedId}.${id.date}.${key}.net` : key);
  }

  async load(key: string, timing?: PhaseTiming): Promise<Uint8Array | null> {
    const started = performance.now();
    const name = (await fs.promises.readdir(this.dir).catch(() => [] as string[])).find((f) => f.endsWith(`.${key}.net`));
    if (!name) return null;
    const handle = await fs.promises.open(this.file(name), 'r');
    try {
      const { size } = await handle.stat();
      const into = new SnapshotReceiver(size);
      let checking = 0;
      // Straight into the shared memory, a piece at a time; each piece's checksum while the next one is read.
      let at = 0;
      let reading = size ? handle.read(into.bytes, 0, Math.min(size, FILE_PIECE_BYTES), 0) : null;
      while (reading) {
        const { bytesRead } = await reading;
        if (bytesRead === 0) break;
        at += bytesRead;
        reading = at < size ? handle.read(into.bytes, at, Math.min(size - at, FILE_PIECE_BYTES), at) : null;
        const t = performance.now();
        into.wrote(at);
        checking += performance.now() - t;
      }
      const t = performance.now();
      const bytes = into.finish();
      timing?.(
        `snapshot file read (${(size / 2 ** 20).toFixed(0)} MB; checksum ${Math.round(checking + performance.now() - t)} ms of it, while reading)`,
        started,
        performance.now(),
      );
      return bytes;
    } finally {
      await handle.close();
    }
  }

  async save(key: string, id: SnapshotIdentity, bytes: Uint8Array, keepFrom: string): Promise<void> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    const target = this.file(key, id);
    const tmp = `${target}.${process.pid}.tmp`;
    await fs.promises.writeFile(tmp, bytes);
    await fs.promises.rename(tmp, target);
    for (const f of await fs.promises.readdir(this.dir)) {
      const [city, feed, date] = f.split('.');
      if (city === id.cityId && f.endsWith('.net') && (Number(feed) !== id.feedId || date < keepFrom)) await fs.promises.rm(this.file(f), { force: true });
    }
  }
}

/** Bytes per database row of a snapshot (a big city's 150 MB is 38 rows). */
export const SNAPSHOT_CHUNK_BYTES = 4 << 20;

const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * The fields of a one-column `COPY ... TO STDOUT (FORMAT binary)` as its output arrives in pieces of any size: each
 * field's bytes are handed to `field` as they come, in order. Throws on anything that is not that format.
 */
export class CopyBinaryFields {
  private state: 'header' | 'count' | 'length' | 'data' | 'end' = 'header';
  private head = Buffer.alloc(0);
  /** Bytes of the current field still to come. */
  private left = 0;
  /** Fields seen. */
  fields = 0;

  constructor(private readonly field: (bytes: Uint8Array) => void) {}

  push(piece: Uint8Array): void {
    let at = 0;
    while (at < piece.byteLength) {
      if (this.state === 'data') {
        const n = Math.min(this.left, piece.byteLength - at);
        this.field(piece.subarray(at, at + n));
        this.left -= n;
        at += n;
        if (this.left === 0) this.state = 'count';
        continue;
      }
      if (this.state === 'end') throw new Error('binary COPY: bytes after its trailer');
      // The fixed parts: the file header (signature, flags, extension length), a tuple's field count, a field's length.
      const need = this.state === 'header' ? 19 : this.state === 'count' ? 2 : 4;
      const take = Math.min(need - this.head.byteLength, piece.byteLength - at);
      this.head = Buffer.concat([this.head, piece.subarray(at, at + take)]);
      at += take;
      if (this.head.byteLength < need) continue;
      const h = this.head;
      this.head = Buffer.alloc(0);
      if (this.state === 'header') {
        if (!h.subarray(0, 11).equals(COPY_SIGNATURE)) throw new Error('binary COPY: no signature');
        if (h.readUInt32BE(15) !== 0) throw new Error('binary COPY: a header extension');
        this.state = 'count';
      } else if (this.state === 'count') {
        const n = h.readInt16BE(0);
        if (n === -1) this.state = 'end';
        else if (n !== 1) throw new Error(`binary COPY: ${n} columns, not 1`);
        else this.state = 'length';
      } else {
        const len = h.readInt32BE(0);
        if (len < 0) throw new Error('binary COPY: a NULL field');
        this.fields++;
        this.left = len;
        this.state = len > 0 ? 'data' : 'count';
      }
    }
  }

  /** The whole output was read (its trailer seen). */
  get complete(): boolean {
    return this.state === 'end';
  }
}

/** PostgreSQL: the tables of migration 0032 (a header row, the bytes in chunks), so every instance loads them. */
export class DbSnapshotStore implements SnapshotStore {
  constructor(
    private readonly db: Db,
    private readonly chunkBytes = SNAPSHOT_CHUNK_BYTES,
  ) {}

  async load(key: string, timing?: PhaseTiming): Promise<Uint8Array | null> {
    let t = performance.now();
    const head = (await this.db.query<{ bytes: string; chunks: number }>('SELECT bytes, chunks FROM planner_snapshots WHERE key = $1', [key])).rows[0];
    if (!head) return null;
    timing?.('snapshot header row', t, (t = performance.now()));
    const into = new SnapshotReceiver(Number(head.bytes));
    if (this.db.copyTo && /^[0-9a-f]+$/.test(key)) {
      // PostgreSQL: every chunk in one binary COPY, its bytes straight into the shared memory as they arrive (no hex
      // text, no query per chunk), the checksum computed on the way.
      const copy = new CopyBinaryFields((bytes) => into.push(bytes));
      for await (const piece of this.db.copyTo(`COPY (SELECT data FROM planner_snapshot_chunks WHERE key = '${key}' ORDER BY seq) TO STDOUT (FORMAT binary)`))
        copy.push(piece);
      if (!copy.complete || copy.fields !== head.chunks) throw new SnapshotRejected(`${copy.fields} chunks, not ${head.chunks}`);
      timing?.(
        `snapshot chunks (one binary COPY of ${head.chunks}, ${(into.received / 2 ** 20).toFixed(0)} MB; checksum on the way)`,
        t,
        (t = performance.now()),
      );
    } else {
      // PGlite: one chunk a query (a whole big city in one result would hold its bytes twice over).
      for (let seq = 0; seq < head.chunks; seq++) {
        const row = (await this.db.query<{ data: Uint8Array }>('SELECT data FROM planner_snapshot_chunks WHERE key = $1 AND seq = $2', [key, seq])).rows[0];
        if (!row) throw new SnapshotRejected(`chunk ${seq} missing`);
        into.push(row.data);
      }
      timing?.(`snapshot chunks (${head.chunks} queries)`, t, (t = performance.now()));
    }
    return into.finish();
  }

  async save(key: string, id: SnapshotIdentity, bytes: Uint8Array, keepFrom: string): Promise<void> {
    const chunks = Math.ceil(bytes.byteLength / this.chunkBytes);
    await this.db.transaction(async (tx) => {
      await tx.query('DELETE FROM planner_snapshots WHERE city_id = $1 AND (key = $2 OR feed_id <> $3 OR service_date < $4)', [
        id.cityId,
        key,
        id.feedId,
        keepFrom,
      ]);
      await tx.query('INSERT INTO planner_snapshots (key, city_id, feed_id, service_date, bytes, chunks) VALUES ($1, $2, $3, $4, $5, $6)', [
        key,
        id.cityId,
        id.feedId,
        id.date,
        bytes.byteLength,
        chunks,
      ]);
      for (let seq = 0; seq < chunks; seq++) {
        const part = bytes.subarray(seq * this.chunkBytes, Math.min(bytes.byteLength, (seq + 1) * this.chunkBytes));
        await tx.query('INSERT INTO planner_snapshot_chunks (key, seq, data) VALUES ($1, $2, $3)', [
          key,
          seq,
          Buffer.from(part.buffer, part.byteOffset, part.byteLength),
        ]);
      }
    });
  }
}

/** The server's store: the database with PostgreSQL, the data folder with PGlite on disk, none in memory. */
export function snapshotStoreFor(db: Db, dataDir: string): SnapshotStore | null {
  if (db.kind === 'postgres') return new DbSnapshotStore(db);
  return dataDir === 'memory://' ? null : new FileSnapshotStore(path.join(dataDir, 'planner'));
}
