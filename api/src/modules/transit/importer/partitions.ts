import type { Db } from '../../../platform/db';

/**
 * The GTFS tables partitioned by feed (LIST on feed_id, migration 0019_transit_partitions.sql): each feed has one
 * partition of each, named `<table>_f<feed id>`. An import loads its feed's partitions as plain tables without any
 * index (PGlite's COPY into a keyed table kept 1.28 lakh rows/s, into a bare one 2.17 lakh with the key built after),
 * then builds their keys and attaches them before its commit; a replaced feed's partitions are dropped.
 *
 * `keys` are the parent's primary key and indexes, in the same columns: ATTACH PARTITION adopts a partition's index
 * that matches a parent index and would build another one otherwise (partitions.test.ts checks none is built twice).
 */
export interface PartitionedTable {
  table: string;
  /** The GTFS file its rows come from (named when building its primary key finds a duplicate). */
  file: string;
  primaryKey: string[] | null;
  indexes: string[][];
}

export const PARTITIONED_TABLES: readonly PartitionedTable[] = [
  { table: 'shapes', file: 'shapes.txt', primaryKey: ['feed_id', 'shape_id', 'shape_pt_sequence'], indexes: [] },
  { table: 'stop_times', file: 'stop_times.txt', primaryKey: ['feed_id', 'trip_id', 'stop_sequence'], indexes: [['feed_id', 'stop_id']] },
  { table: 'transfers', file: 'transfers.txt', primaryKey: null, indexes: [['feed_id', 'from_stop_id']] },
];

const byTable = new Map(PARTITIONED_TABLES.map((p) => [p.table, p]));

export function isPartitioned(table: string): boolean {
  return byTable.has(table);
}

/** The partition of `table` holding feed `feedId`'s rows. */
export function partitionName(table: string, feedId: number): string {
  if (!Number.isSafeInteger(feedId) || feedId <= 0) throw new Error(`not a feed id: ${feedId}`);
  return `${table}_f${feedId}`;
}

/**
 * Creates the feed's partitions, not yet attached and without indexes: the parent's columns, defaults and NOT NULLs,
 * and a CHECK that every row is this feed's (checked per row while loading; it lets ATTACH skip its scan of the table).
 * The caller loads them, then calls `attachFeedPartitions` in the same transaction.
 */
export async function createFeedPartitions(tx: Db, feedId: number): Promise<void> {
  for (const p of PARTITIONED_TABLES) {
    const name = partitionName(p.table, feedId);
    await tx.exec(`CREATE TABLE ${name} (LIKE ${p.table} INCLUDING DEFAULTS INCLUDING CONSTRAINTS, CONSTRAINT ${name}_feed CHECK (feed_id = ${feedId}))`);
  }
}

/**
 * The duplicated key as the feed has it, from the database's detail `Key (feed_id, a, b)=(7, x, y) is duplicated.`:
 * `(a, b) = (x, y)` (the feed id is the import's own); the database's message when the detail is not that.
 */
export function duplicatedKey(err: { message?: string; detail?: string }): string {
  const m = /^Key \(feed_id, (.*)\)=\(\d+, (.*)\) is duplicated\.$/.exec(err.detail ?? '');
  return m ? `(${m[1]}) = (${m[2]}) appears more than once` : [err.message, err.detail].filter(Boolean).join(': ');
}

/** Runs one step of `attachFeedPartitions` (the import reports each as progress; a big city's take seconds each). */
export type PartitionStep = (label: string, table: string, run: () => Promise<void>) => Promise<void>;

/**
 * Builds the keys of the feed's loaded partitions (one sort each, instead of a row-by-row update during the load)
 * and attaches them to their tables. A duplicate key throws `onDuplicate(file, reason)`'s error.
 */
export async function attachFeedPartitions(
  tx: Db,
  feedId: number,
  onDuplicate: (file: string, reason: string) => Error,
  step: PartitionStep = (_label, _table, run) => run(),
): Promise<void> {
  for (const p of PARTITIONED_TABLES) {
    const name = partitionName(p.table, feedId);
    if (p.primaryKey) {
      try {
        await step(`${p.table}: primary key`, p.table, () => tx.exec(`ALTER TABLE ${name} ADD PRIMARY KEY (${p.primaryKey!.join(', ')})`));
      } catch (err) {
        const e = err as { code?: string; message?: string; detail?: string };
        // 23505: unique_violation ("could not create unique index ...", the duplicated key in its detail).
        if (e.code === '23505') throw onDuplicate(p.file, `duplicate key ${duplicatedKey(e)}`);
        throw err;
      }
    }
    for (const columns of p.indexes)
      await step(`${p.table}: index (${columns.filter((c) => c !== 'feed_id').join(', ')})`, p.table, () =>
        tx.exec(`CREATE INDEX ON ${name} (${columns.join(', ')})`),
      );
    await step(`${p.table}: attached`, p.table, () => tx.exec(`ALTER TABLE ${p.table} ATTACH PARTITION ${name} FOR VALUES IN (${feedId})`));
  }
}

/** Drops the feeds' partitions (a replaced feed: instead of deleting its rows). */
export async function dropFeedPartitions(tx: Db, feedIds: number[]): Promise<void> {
  const names = feedIds.flatMap((id) => PARTITIONED_TABLES.map((p) => partitionName(p.table, id)));
  if (names.length) await tx.exec(`DROP TABLE IF EXISTS ${names.join(', ')}`);
}
