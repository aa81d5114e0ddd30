import { parse } from 'csv-parse/sync';
import { CsvReader, CsvError } from './csv';

/** Records and their start lines, the text handed over in pieces of `piece` characters. */
function read(text: string, piece = Infinity): { records: string[][]; lines: number[] } {
  const records: string[][] = [];
  const lines: number[] = [];
  const reader = new CsvReader((fields, line) => {
    records.push(fields);
    lines.push(line);
  });
  for (let i = 0; i < text.length; i += Math.min(piece, text.length)) reader.push(text.slice(i, i + piece));
  reader.end();
  return { records, lines };
}

/** What csv-parse (the library the importer used before) makes of the same text with the importer's old options. */
const csvParse = (text: string): string[][] => parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true });

const AWKWARD: [string, string][] = [
  ['plain lines', 'a,b,c\n1,2,3\n4,5,6\n'],
  ['no line end at the end', 'a,b\n1,2'],
  ['CRLF line ends', 'a,b\r\n1,2\r\n3,4\r\n'],
  ['a byte order mark', '\ufeffstop_id,stop_name\nS1,One\n'],
  ['empty lines', 'a,b\n\n1,2\n\n\n3,4\n\n'],
  ['empty lines with CRLF', 'a,b\r\n\r\n1,2\r\n\r\n'],
  ['empty fields', 'a,b,c\n,,\n1,,\n,,3\n'],
  ['ragged rows', 'a,b,c\n1\n1,2,3,4\n'],
  ['quoted commas and doubled quotes', 'a,b\n"x, y","say ""hi"""\n"",z\n'],
  ['quoted line breaks', 'a,b\n"line one\nline two",2\n"three\r\nfour",4\n5,6\n'],
  ['a quoted last field with CRLF', 'a,b\r\n1,"two"\r\n3,"four"'],
  ['UTF-8 and tabs', 'a,b\nഫോർട്ട് കൊച്ചി,"tab\there"\n'],
  ['spaces kept', 'a,b\n 1 , 2 \n'],
];

describe('CsvReader (GTFS CSV records for the importer)', () => {
  it.each(AWKWARD)('reads %s as csv-parse does, whatever the pieces', (_what, text) => {
    const expected = csvParse(text);
    for (const piece of [Infinity, 1, 2, 3, 7, 16]) expect(read(text, piece).records).toEqual(expected);
  });

  it('gives each record the file line it starts on (empty lines and quoted line breaks counted)', () => {
    const text = 'h1,h2\n\n"a\nb",1\nc,2\r\n\r\n"d",3\n"e\n\nf",4\ng,5';
    for (const piece of [Infinity, 1, 4]) expect(read(text, piece).lines).toEqual([1, 3, 5, 7, 8, 11]);
  });

  it.each([
    ['a quote never closed', 'a,b\n1,2\n3,"open\n4,5\n', 3, /never closed/],
    ['a quote inside an unquoted field', 'a,b\n1,2\n3,x"y\n', 3, /quote inside unquoted field 2/],
    ['text after a closing quote (the line it is on)', 'a,b\n"x\ny"z,2\n', 3, /text after the closing quote of field 1/],
  ])('refuses %s with its line, as csv-parse refuses it', (_what, text, line, reason) => {
    expect(() => csvParse(text)).toThrow();
    for (const piece of [Infinity, 1, 5]) {
      let err: unknown;
      try {
        read(text, piece);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(CsvError);
      expect(err).toMatchObject({ line, message: expect.stringMatching(reason) });
    }
  });

  it('reads a long generated file in 64 KB pieces as csv-parse does', () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => (i % 97 === 0 ? `S${i},"Stop ""${i}"", Main Rd",19.${i},72.8\n` : `S${i},Stop ${i},19.${i},72.8\n`));
    const text = `stop_id,stop_name,stop_lat,stop_lon\n${rows.join('')}`;
    const r = read(text, 65_536);
    expect(r.records).toEqual(csvParse(text));
    expect(r.lines.at(-1)).toBe(20_001);
  });
});
