import { parentPort, workerData } from 'node:worker_threads';
import { BufferPool } from './copy-binary';
import { Credits, MAX_PIECES, readFeed, type FromReader, type ReaderStart, type ToReader } from './reader';
import { openGtfsSource } from './source';

/**
 * A GTFS import's reader thread (started by FeedRows in reader.ts): opens the feed, waits for the feed id and column
 * types, then reads, checks and encodes every file, posting the pieces (their bytes transferred, not copied) as the
 * importing thread takes them. No database here. Ends when the importing thread terminates it.
 */
const port = parentPort;
if (!port) throw new Error('reader-worker.ts runs only as a worker thread (FeedRows)');

const credits = new Credits(MAX_PIECES);
const pool = new BufferPool(MAX_PIECES * 2);
let started: (s: ReaderStart) => void = () => undefined;
const begun = new Promise<ReaderStart>((resolve) => (started = resolve));
port.on('message', (m: ToReader) => {
  if (m.type === 'credit') {
    if (m.buffer) pool.put(m.buffer);
    credits.give();
  } else started(m.start);
});

const post = (m: FromReader, transfer?: ArrayBuffer[]) => port.postMessage(m, transfer);

void (async () => {
  try {
    const source = await openGtfsSource((workerData as { location: string }).location);
    try {
      await readFeed(source, await begun, { post, credits, pool, stopped: () => false });
    } finally {
      source.close();
    }
  } catch (err) {
    post({ type: 'failed', message: (err as Error)?.message ?? String(err) });
  }
})();
