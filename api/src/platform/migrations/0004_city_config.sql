-- City configuration served to clients (GET /api/config/cities): cities without features are feed-only (imported
-- GTFS without a configuration) and are not listed.
ALTER TABLE cities
  ADD COLUMN state text,
  ADD COLUMN lat double precision,
  ADD COLUMN lon double precision,
  ADD COLUMN features jsonb,
  ADD COLUMN home_clusters jsonb NOT NULL DEFAULT '[]';
