/**
 * Rows in PostgreSQL's binary COPY format (`COPY ... FROM STDIN WITH (FORMAT binary)`), the importer's way of writing
 * (docs/transit.md "A big city"). PGlite parses COPY's text format in its WebAssembly, three floats a shape point through strtod: the Kochi
 * feed's 3.3 lakh shape points took it 1.0 to 1.3 s as text and 0.35 s in binary (the same rows, a bare table, 1 MB
 * statements). Here only the tuples are built (16-bit field count, then per field a 32-bit length and the value's
 * bytes, -1 for null); the file header and trailer are the database layer's (`Db.copyFrom` adds them per statement).
 *
 * Each column is written in its database type, as the database reports it (`columnTypes`): a wrong width would be
 * refused by the database, not misread, but a type not listed here is refused at the start of an import.
 */

/** The column types the importer can write (pg_type.typname). */
export const BINARY_TYPES = ['int2', 'int4', 'float8', 'text', 'varchar', 'bpchar', 'bool'] as const;
export type BinaryType = (typeof BINARY_TYPES)[number];

const KNOWN = new Set<string>(BINARY_TYPES);
export function isBinaryType(t: string): t is BinaryType {
  return KNOWN.has(t);
}

const INT_RANGE: Record<string, [number, number, string]> = {
  int2: [-32768, 32767, 'smallint'],
  int4: [-2147483648, 2147483647, 'integer'],
};

/** What is wrong with a value for its column (returned by `add`, not thrown: the caller names file and line). */
export class ValueProblem {
  constructor(readonly message: string) {}
}

/**
 * Buffers handed back once their bytes were copied (to the database's statement), used again for the next pieces.
 * Without them an import allocated a new 64 KB ArrayBuffer per piece, and the importing thread, busy in PGlite with few
 * JavaScript objects of its own, collected them so seldom that 250 MB of dead ones piled up on the 10× city.
 */
export class BufferPool {
  private readonly free: ArrayBuffer[] = [];
  constructor(private readonly keep = 32) {}
  put(buffer: ArrayBuffer): void {
    if (this.free.length < this.keep) this.free.push(buffer);
  }
  /** A buffer of at least `bytes`: a spare one, else a new one (its own ArrayBuffer, never a slice of Node's pool). */
  get(bytes: number): Buffer {
    for (let i = this.free.length - 1; i >= 0; i--) {
      if (this.free[i].byteLength >= bytes) return Buffer.from(this.free.splice(i, 1)[0]);
    }
    return Buffer.allocUnsafeSlow(bytes);
  }
}

/**
 * Appends rows to a buffer in binary COPY format; `take` hands the bytes over (to be transferred to another thread:
 * the buffer is its own ArrayBuffer, never a slice of Node's shared pool) and starts a new buffer (from `pool`).
 */
export class BinaryRows {
  private buf: Buffer;
  private view: DataView;
  private pos = 0;
  /** Rows since the last `take`. */
  rows = 0;
  private readonly kinds: number[];
  private readonly width: number;

  constructor(
    private readonly columns: readonly string[],
    private readonly types: readonly BinaryType[],
    /** Bytes of each new buffer (it grows when a row needs more). */
    private readonly bufferBytes = 64 * 1024,
    private readonly pool = new BufferPool(0),
  ) {
    if (columns.length !== types.length) throw new Error('one type per column');
    this.width = columns.length;
    this.kinds = types.map((t) => KIND[t]);
    this.buf = pool.get(bufferBytes);
    this.view = new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.byteLength);
  }

  /** Bytes since the last `take`. */
  get size(): number {
    return this.pos;
  }

  /** Room for `n` more bytes (a row may be larger than the buffer: a long text). */
  private ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = Buffer.allocUnsafeSlow(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(next, 0, 0, this.pos);
    this.pool.put(this.buf.buffer as ArrayBuffer);
    this.buf = next;
    this.view = new DataView(next.buffer, next.byteOffset, next.byteLength);
  }

  /**
   * Appends one row (`values[i]` for `columns[i]`): null (or undefined) is SQL null; numbers for number columns (or a
   * number's text, as the importer keeps a feed's floats), text for text columns, a boolean for bool. Returns a
   * ValueProblem, and appends nothing, when a value does not fit its column (a whole number beyond smallint, say).
   */
  add(values: ArrayLike<unknown>): ValueProblem | null {
    const start = this.pos;
    this.ensure(2 + this.width * 12);
    this.view.setInt16(this.pos, this.width);
    this.pos += 2;
    for (let c = 0; c < this.width; c++) {
      const v = values[c];
      if (v === null || v === undefined) {
        this.ensure(4);
        this.view.setInt32(this.pos, -1);
        this.pos += 4;
        continue;
      }
      const kind = this.kinds[c];
      if (kind === TEXT) {
        const s = typeof v === 'string' ? v : String(v);
        this.writeText(s);
        continue;
      }
      this.ensure(12);
      if (kind === FLOAT8) {
        const n = typeof v === 'number' ? v : Number(v);
        if (typeof v === 'boolean' || !Number.isFinite(n)) return this.undo(start, `${this.columns[c]} "${String(v)}" is not a number`);
        this.view.setInt32(this.pos, 8);
        this.view.setFloat64(this.pos + 4, n);
        this.pos += 12;
      } else if (kind === BOOL) {
        if (typeof v !== 'boolean') return this.undo(start, `${this.columns[c]} "${String(v)}" is not true or false`);
        this.view.setInt32(this.pos, 1);
        this.buf[this.pos + 4] = v ? 1 : 0;
        this.pos += 5;
      } else {
        const n = typeof v === 'number' ? v : Number(v);
        const [min, max, name] = INT_RANGE[this.types[c]];
        if (typeof v === 'boolean' || !Number.isInteger(n)) return this.undo(start, `${this.columns[c]} "${String(v)}" is not a whole number`);
        if (n < min || n > max) return this.undo(start, `${this.columns[c]} ${n} is out of range for type ${name}`);
        if (kind === INT4) {
          this.view.setInt32(this.pos, 4);
          this.view.setInt32(this.pos + 4, n);
          this.pos += 8;
        } else {
          this.view.setInt32(this.pos, 2);
          this.view.setInt16(this.pos + 4, n);
          this.pos += 6;
        }
      }
    }
    this.rows++;
    return null;
  }

  private undo(start: number, message: string): ValueProblem {
    this.pos = start;
    return new ValueProblem(message);
  }

  /** UTF-8, an ASCII string byte by byte (the ids and names of a feed: cheaper than a call out for a few bytes). */
  private writeText(s: string): void {
    const n = s.length;
    this.ensure(4 + n * 3);
    const at = this.pos + 4;
    const buf = this.buf;
    let i = 0;
    if (n <= 64) {
      for (; i < n; i++) {
        const ch = s.charCodeAt(i);
        if (ch >= 0x80) break;
        buf[at + i] = ch;
      }
    }
    const bytes = i === n ? n : buf.write(s, at, 'utf8');
    this.view.setInt32(this.pos, bytes);
    this.pos = at + bytes;
  }

  /** The rows appended since the last `take` (a view of a buffer of their own), or null when there are none. */
  take(): Uint8Array | null {
    if (this.pos === 0) return null;
    const out = new Uint8Array(this.buf.buffer, this.buf.byteOffset, this.pos);
    this.buf = this.pool.get(this.bufferBytes);
    this.view = new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.byteLength);
    this.pos = 0;
    this.rows = 0;
    return out;
  }
}

const INT2 = 0;
const INT4 = 1;
const FLOAT8 = 2;
const TEXT = 3;
const BOOL = 4;
const KIND: Record<BinaryType, number> = { int2: INT2, int4: INT4, float8: FLOAT8, text: TEXT, varchar: TEXT, bpchar: TEXT, bool: BOOL };
