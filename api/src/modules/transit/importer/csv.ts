/**
 * CSV records (RFC 4180, as GTFS writes them) from text handed over a piece at a time, for the importer's hot loop.
 *
 * Why not csv-parse here: on a big city's 33 lakh shape points csv-parse alone took 4.6 s of CPU, a quarter of the
 * import's (and its per-field buffers a good part of the garbage collection). This reader splits a line without a
 * quote with one native `split(',')` and walks only records that have quotes character by character; the records are
 * the same as csv-parse's with the importer's options (bom, skip_empty_lines, relax_column_count), which
 * csv.test.ts checks on awkward inputs. Each record comes with the file line it starts on, so a refused row names its
 * line without reading the file again.
 *
 * Accepted: `,` between fields; `\n` or `\r\n` after a record (a `\r` before a `\n` is always dropped, also in a file
 * that mixes the two, where csv-parse would keep it in the last field); a field in double quotes may hold commas, line
 * breaks and doubled quotes (`""`). Refused (CsvError with the line): a quote inside an unquoted field,
 * text after a closing quote, a quote never closed.
 */
export class CsvError extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(reason);
    this.name = 'CsvError';
  }
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/** `onRecord(fields, line)`: called synchronously for each record; `fields` is the caller's to keep. */
export class CsvReader {
  /** Text of a record not yet complete (its end is in a later piece). */
  private rest = '';
  /** File line (1-based) where `rest`, or the next record, starts. */
  private line = 1;
  private started = false;

  constructor(private readonly onRecord: (fields: string[], line: number) => void) {}

  /** The next piece of the file's text (any split: records, quotes and line ends may straddle pieces). */
  push(text: string): void {
    let s = this.rest ? this.rest + text : text;
    if (!this.started && s.length) {
      this.started = true;
      if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
    }
    this.rest = s.slice(this.read(s, false));
  }

  /** The end of the file: the last record may lack its line end; a quote still open is an error. */
  end(): void {
    const s = this.rest;
    this.rest = '';
    if (s.length) this.read(s, true);
  }

  /** Reads every complete record of `s`; returns where the first incomplete one starts (s.length when none). */
  private read(s: string, eof: boolean): number {
    const n = s.length;
    let pos = 0;
    let quoteAt = s.indexOf('"');
    while (pos < n) {
      const lf = s.indexOf('\n', pos);
      if (lf < 0 && !eof) return pos;
      const lineEnd = lf < 0 ? n : lf;
      if (quoteAt >= 0 && quoteAt < pos) quoteAt = s.indexOf('"', pos);
      if (quoteAt < 0 || quoteAt > lineEnd) {
        // No quote in this line: one native split.
        const end = lineEnd > pos && s.charCodeAt(lineEnd - 1) === CR ? lineEnd - 1 : lineEnd;
        const line = this.line++;
        const text = s.slice(pos, end);
        pos = lineEnd + 1;
        if (text.length) this.onRecord(text.split(','), line); // else an empty line, skipped
        continue;
      }
      const next = this.readQuoted(s, pos, eof);
      if (next < 0) return pos;
      pos = next;
    }
    return n;
  }

  /** A record with quotes, from `start`: returns where the next record starts, or -1 when its end is not in `s` yet. */
  private readQuoted(s: string, start: number, eof: boolean): number {
    const n = s.length;
    const startLine = this.line;
    let lines = 0;
    const fields: string[] = [];
    let pos = start;
    for (;;) {
      let value: string;
      if (pos < n && s.charCodeAt(pos) === QUOTE) {
        value = '';
        let from = pos + 1;
        for (;;) {
          const q = s.indexOf('"', from);
          if (q < 0 || (q === n - 1 && !eof)) {
            if (eof) throw new CsvError(startLine, 'a quoted field is never closed (a missing closing quote)');
            return -1;
          }
          value += s.slice(from, q);
          if (s.charCodeAt(q + 1) === QUOTE) {
            value += '"';
            from = q + 2;
            continue;
          }
          pos = q + 1;
          break;
        }
        for (let i = value.indexOf('\n'); i >= 0; i = value.indexOf('\n', i + 1)) lines++;
        const c = pos < n ? s.charCodeAt(pos) : -1;
        if (c === CR && pos + 1 >= n && !eof) return -1;
        if (c !== COMMA && c !== LF && c !== -1 && !(c === CR && s.charCodeAt(pos + 1) === LF))
          throw new CsvError(startLine + lines, `text after the closing quote of field ${fields.length + 1}`);
        if (c === CR) pos++;
      } else {
        let i = pos;
        for (; i < n; i++) {
          const c = s.charCodeAt(i);
          if (c === COMMA || c === LF) break;
          if (c === QUOTE)
            throw new CsvError(startLine + lines, `a quote inside unquoted field ${fields.length + 1} (quote the whole field and double the quote)`);
        }
        value = s.slice(pos, i > pos && i < n && s.charCodeAt(i) === LF && s.charCodeAt(i - 1) === CR ? i - 1 : i);
        pos = i;
      }
      fields.push(value);
      if (pos >= n) {
        if (!eof) return -1;
        break;
      }
      if (s.charCodeAt(pos++) === COMMA) continue;
      lines++; // the record's line end
      break;
    }
    this.line = startLine + Math.max(lines, 1);
    this.onRecord(fields, startLine);
    return pos;
  }
}
