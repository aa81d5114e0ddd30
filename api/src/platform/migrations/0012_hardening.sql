-- Issue 11 (hardening): access tokens revoked at logout, and the upload quota's and orphan sweep's lookups.

-- Sessions (refresh-token families) ended by logout or by a detected refresh-token replay. An access token names its
-- session (claim sid); the guard refuses it once the session is here. Rows older than an access token's life are
-- pruned (the tokens they would refuse have expired anyway).
CREATE TABLE revoked_sessions (
  session_id text PRIMARY KEY,
  revoked_at bigint NOT NULL
);
CREATE INDEX revoked_sessions_by_time ON revoked_sessions (revoked_at);

CREATE INDEX files_by_user ON files (user_id);
CREATE INDEX files_by_created ON files (created_at);
