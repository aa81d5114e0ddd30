-- Built planner networks kept across restarts with PostgreSQL (planner/snapshot.ts DbSnapshotStore): one row per
-- snapshot (a city's feed on a service date) and its bytes in chunks of 4 MB, so any instance loads what another built.
-- PGlite keeps its snapshots as files in the data folder: there these tables stay empty.
CREATE TABLE planner_snapshots (
  key text PRIMARY KEY,
  city_id text NOT NULL,
  feed_id integer NOT NULL,
  service_date text NOT NULL,
  bytes bigint NOT NULL,
  chunks integer NOT NULL,
  written_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX planner_snapshots_by_city ON planner_snapshots (city_id);
CREATE TABLE planner_snapshot_chunks (
  key text NOT NULL REFERENCES planner_snapshots (key) ON DELETE CASCADE,
  seq integer NOT NULL CHECK (seq >= 0),
  data bytea NOT NULL,
  PRIMARY KEY (key, seq)
);
