-- Rate limits over a rolling window (the last hour, not the clock hour): each bucket keeps the instants of the hits
-- it allowed within its window (a handful: the limits are small), sorted, oldest first. One row per bucket, so the
-- upsert that counts and records a hit locks it and parallel hits are decided one after another.
-- rate_limits (fixed windows) is no longer written; it stays for instances of the previous version during a rolling
-- upgrade.
CREATE TABLE rate_limit_hits (
  bucket text PRIMARY KEY,
  hits bigint[] NOT NULL,
  -- Whether the latest hit was refused (what the upsert that counted it answers).
  refused boolean NOT NULL,
  updated_at bigint NOT NULL
);
CREATE INDEX rate_limit_hits_by_update ON rate_limit_hits (updated_at);
