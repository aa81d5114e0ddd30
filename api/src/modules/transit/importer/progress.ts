import type { ImportProgress } from './import';

/** Where the progress goes: a terminal (one line rewritten in place) or anything else (plain lines: logs, CI). */
export interface ProgressOutput {
  isTTY?: boolean;
  write(text: string): unknown;
}

const grouped = new Intl.NumberFormat('en-IN');

/** "stop_times.txt  1,20,000 rows  2,45,310 rows/s" (Indian digit grouping, as the rest of the product). */
export function progressLine(p: ImportProgress): string {
  const rate = p.ms > 0 ? Math.round((p.rows * 1000) / p.ms) : 0;
  // A phase after the files: "stop_times: primary key  52,00,000 rows  …" when it starts, its time when it is done.
  // A phase done in under 0.1 s (attaching a partition) shows no rate: millions of rows a second there say nothing.
  if (p.phase && (!p.done ? p.ms === 0 : p.rows === 0 || p.ms < 100))
    return `${p.file.padEnd(20)} ${p.rows ? `${grouped.format(p.rows).padStart(12)} rows  ` : ''}${p.done ? `done in ${(p.ms / 1000).toFixed(1)} s` : '…'}`;
  return `${p.file.padEnd(20)} ${grouped.format(p.rows).padStart(12)} rows  ${grouped.format(rate).padStart(10)} rows/s${p.done ? `  done in ${(p.ms / 1000).toFixed(1)} s` : ''}`;
}

/**
 * The import's progress on a terminal: one line per file, updated in place (at most every `everyMs`) while the file is
 * read and left on screen when it is done. Not a terminal: one plain line per file when it is done, plus one every
 * `plainEveryMs` for a long file, so logs are not flooded. A phase after the files (keys, indexes, walking links) is
 * printed when it starts too: one statement may take seconds, and the database holds the thread meanwhile.
 */
export function progressPrinter(out: ProgressOutput, opts: { everyMs?: number; plainEveryMs?: number; now?: () => number } = {}): (p: ImportProgress) => void {
  const now = opts.now ?? (() => performance.now());
  const everyMs = opts.everyMs ?? 200;
  const plainEveryMs = opts.plainEveryMs ?? 5000;
  let last = -Infinity;
  let file = '';
  return (p) => {
    if (p.file !== file) {
      file = p.file;
      last = now();
      if (p.phase && !p.done) {
        out.write(out.isTTY ? `\r\x1b[2K${progressLine(p)}` : `${progressLine(p)}\n`);
        return;
      }
      if (!p.done) return;
    }
    const t = now();
    if (out.isTTY) {
      if (!p.done && t - last < everyMs) return;
      last = t;
      // Carriage return and "erase line": the same line is rewritten until the file is done.
      out.write(`\r\x1b[2K${progressLine(p)}${p.done ? '\n' : ''}`);
      return;
    }
    if (!p.done && t - last < plainEveryMs) return;
    last = t;
    out.write(`${progressLine(p)}\n`);
  };
}
