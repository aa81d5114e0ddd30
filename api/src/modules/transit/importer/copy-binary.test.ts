import { BinaryRows, ValueProblem, isBinaryType } from './copy-binary';

/** The bytes of one field: its 32-bit length, then the value's bytes (-1 and nothing for null). */
const field = (bytes: number[] | null): number[] => {
  if (bytes === null) return [0xff, 0xff, 0xff, 0xff];
  const n = bytes.length;
  return [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff, ...bytes];
};
const be = (size: number, write: (v: DataView) => void): number[] => {
  const v = new DataView(new ArrayBuffer(size));
  write(v);
  return [...new Uint8Array(v.buffer)];
};
const utf8 = (s: string) => [...Buffer.from(s, 'utf8')];

describe('binary COPY rows', () => {
  it('writes each value in its column type: the field count, then per field its length and big-endian bytes, -1 for null', () => {
    const rows = new BinaryRows(
      ['feed_id', 'name', 'seq', 'lat', 'kind', 'day', 'generated', 'note'],
      ['int4', 'text', 'int4', 'float8', 'int2', 'bpchar', 'bool', 'varchar'],
    );
    expect(rows.add([7, 'ഫോർട്ട് കൊച്ചി', -3, '9.9658', 2, '20250101', true, null])).toBeNull();
    expect(rows.add([7, '', 0, 19.0123456789012, 0, '20250102', false, 'x'])).toBeNull();
    expect(rows.rows).toBe(2);
    const expected = [
      ...[0, 8],
      ...field(be(4, (v) => v.setInt32(0, 7))),
      ...field(utf8('ഫോർട്ട് കൊച്ചി')),
      ...field(be(4, (v) => v.setInt32(0, -3))),
      ...field(be(8, (v) => v.setFloat64(0, 9.9658))),
      ...field(be(2, (v) => v.setInt16(0, 2))),
      ...field(utf8('20250101')),
      ...field([1]),
      ...field(null),
      ...[0, 8],
      ...field(be(4, (v) => v.setInt32(0, 7))),
      ...field([]),
      ...field(be(4, (v) => v.setInt32(0, 0))),
      ...field(be(8, (v) => v.setFloat64(0, 19.0123456789012))),
      ...field(be(2, (v) => v.setInt16(0, 0))),
      ...field(utf8('20250102')),
      ...field([0]),
      ...field(utf8('x')),
    ];
    expect(rows.size).toBe(expected.length);
    const bytes = rows.take()!;
    expect([...bytes]).toEqual(expected);
    // Its own buffer (transferable to another thread), and the writer starts afresh.
    expect(bytes.byteOffset).toBe(0);
    expect(rows.size).toBe(0);
    expect(rows.rows).toBe(0);
    expect(rows.take()).toBeNull();
  });

  it('refuses a value that does not fit its column, naming the column, and keeps the rows before it whole', () => {
    const rows = new BinaryRows(['feed_id', 'direction_id', 'lat', 'flag'], ['int4', 'int2', 'float8', 'bool']);
    expect(rows.add([1, 1, 2.5, true])).toBeNull();
    const size = rows.size;
    const cases: [unknown[], string][] = [
      [[1, 40000, 1, true], 'direction_id 40000 is out of range for type smallint'],
      [[1, -32769, 1, true], 'direction_id -32769 is out of range for type smallint'],
      [[1, 1.5, 1, true], 'direction_id "1.5" is not a whole number'],
      [[1, 1, 'abc', true], 'lat "abc" is not a number'],
      [[1, 1, Infinity, true], 'lat "Infinity" is not a number'],
      [[1, 1, 1, 'yes'], 'flag "yes" is not true or false'],
      [[2 ** 31, 1, 1, true], 'feed_id 2147483648 is out of range for type integer'],
    ];
    for (const [values, message] of cases) {
      const problem = rows.add(values);
      expect(problem).toBeInstanceOf(ValueProblem);
      expect(problem?.message).toBe(message);
      expect(rows.size).toBe(size);
    }
    expect(rows.add([1, 32767, '-0.5', false])).toBeNull();
    expect(rows.rows).toBe(2);
  });

  it('grows past its first buffer for long text and many rows, every byte kept', () => {
    const rows = new BinaryRows(['id', 'text'], ['int4', 'text']);
    const long = 'ക'.repeat(100_000) + 'end'; // 3 bytes a character in UTF-8: 300 KB in one field
    expect(rows.add([1, long])).toBeNull();
    const refused: number[] = [];
    for (let i = 0; i < 20_000; i++) if (rows.add([i, `stop-${i}`])) refused.push(i);
    expect(refused).toEqual([]);
    const bytes = Buffer.from(rows.take()!);
    expect(bytes.readInt16BE(0)).toBe(2);
    const len = bytes.readInt32BE(2 + 8);
    expect(len).toBe(300_003);
    expect(bytes.toString('utf8', 2 + 8 + 4, 2 + 8 + 4 + len)).toBe(long);
    // The last row: 2 + (4 + 4) + (4 + "stop-19999".length).
    const tail = bytes.subarray(bytes.length - (2 + 8 + 4 + 10));
    expect(tail.readInt32BE(2 + 4)).toBe(19_999);
    expect(tail.toString('utf8', 2 + 8 + 4)).toBe('stop-19999');
  });

  it('knows the types it writes', () => {
    expect(['int2', 'int4', 'float8', 'text', 'varchar', 'bpchar', 'bool'].every(isBinaryType)).toBe(true);
    expect(['numeric', 'date', 'int8', 'jsonb'].some(isBinaryType)).toBe(false);
  });
});
