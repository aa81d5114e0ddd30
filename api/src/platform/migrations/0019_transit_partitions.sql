-- The big GTFS tables partitioned by feed (issue 15, "A big city"; docs/transit.md). shapes, stop_times and transfers
-- hold every city's feeds, so while they were single tables their indexes stayed during an import and were updated row
-- by row: PGlite's COPY then kept 1.28 lakh rows/s, against 2.17 lakh into a bare table with the key built after.
-- Now each feed has its own partition of each (LIST on feed_id, named <table>_f<feed id>): an import creates the new
-- feed's partitions as plain tables without indexes, COPYs into them, builds the keys, then attaches them; a replaced
-- feed's partitions are dropped instead of its rows deleted (api/src/modules/transit/importer/partitions.ts).
-- The table names stay, so readers do not change (every read names one feed_id: the planner prunes to its partition).
-- Primary keys of a partitioned table must include the partition key: feed_id is already their first column.
-- Rows already here are moved: every feed (and any feed id found in the rows) gets its partitions.

ALTER TABLE shapes RENAME TO shapes_unpartitioned;
ALTER TABLE shapes_unpartitioned DROP CONSTRAINT shapes_pkey;
ALTER TABLE stop_times RENAME TO stop_times_unpartitioned;
ALTER TABLE stop_times_unpartitioned DROP CONSTRAINT stop_times_pkey;
DROP INDEX stop_times_by_stop;
ALTER TABLE transfers RENAME TO transfers_unpartitioned;
DROP INDEX transfers_by_from;

CREATE TABLE shapes (
  feed_id integer NOT NULL,
  shape_id text NOT NULL,
  shape_pt_sequence integer NOT NULL,
  shape_pt_lat double precision NOT NULL,
  shape_pt_lon double precision NOT NULL,
  shape_dist_traveled double precision,
  PRIMARY KEY (feed_id, shape_id, shape_pt_sequence)
) PARTITION BY LIST (feed_id);

CREATE TABLE stop_times (
  feed_id integer NOT NULL,
  trip_id text NOT NULL,
  stop_sequence integer NOT NULL,
  stop_id text NOT NULL,
  arrival_secs integer,
  departure_secs integer,
  PRIMARY KEY (feed_id, trip_id, stop_sequence)
) PARTITION BY LIST (feed_id);
CREATE INDEX stop_times_by_stop ON stop_times (feed_id, stop_id);

CREATE TABLE transfers (
  feed_id integer NOT NULL,
  from_stop_id text NOT NULL,
  to_stop_id text NOT NULL,
  transfer_type smallint NOT NULL DEFAULT 0,
  min_transfer_time integer,
  generated boolean NOT NULL DEFAULT false
) PARTITION BY LIST (feed_id);
CREATE INDEX transfers_by_from ON transfers (feed_id, from_stop_id);

DO $$
DECLARE
  f integer;
  t text;
BEGIN
  FOR f IN
    SELECT id FROM feeds
    UNION SELECT feed_id FROM shapes_unpartitioned
    UNION SELECT feed_id FROM stop_times_unpartitioned
    UNION SELECT feed_id FROM transfers_unpartitioned
  LOOP
    FOREACH t IN ARRAY ARRAY['shapes', 'stop_times', 'transfers'] LOOP
      EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES IN (%s)', t || '_f' || f, t, f);
    END LOOP;
  END LOOP;
END
$$;

INSERT INTO shapes (feed_id, shape_id, shape_pt_sequence, shape_pt_lat, shape_pt_lon, shape_dist_traveled)
  SELECT feed_id, shape_id, shape_pt_sequence, shape_pt_lat, shape_pt_lon, shape_dist_traveled FROM shapes_unpartitioned;
INSERT INTO stop_times (feed_id, trip_id, stop_sequence, stop_id, arrival_secs, departure_secs)
  SELECT feed_id, trip_id, stop_sequence, stop_id, arrival_secs, departure_secs FROM stop_times_unpartitioned;
INSERT INTO transfers (feed_id, from_stop_id, to_stop_id, transfer_type, min_transfer_time, generated)
  SELECT feed_id, from_stop_id, to_stop_id, transfer_type, min_transfer_time, generated FROM transfers_unpartitioned;

DROP TABLE shapes_unpartitioned;
DROP TABLE stop_times_unpartitioned;
DROP TABLE transfers_unpartitioned;
