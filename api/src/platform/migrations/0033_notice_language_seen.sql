-- Issue 23 item 2: every outcome reaches the rider in their language, by SMS and as a notice on Home until seen.
-- The language a rider's notices are written in (set by the app; English when unset), and when the rider saw (dismissed)
-- a notice on Home.
ALTER TABLE users ADD COLUMN notice_language text;
ALTER TABLE rider_notices ADD COLUMN kind text;
ALTER TABLE rider_notices ADD COLUMN seen_at bigint;
CREATE INDEX rider_notices_unseen ON rider_notices (user_id, id) WHERE seen_at IS NULL;
