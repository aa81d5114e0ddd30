-- Rider accounts: users, one-time passwords, refresh tokens, shared rate-limit counters, the development SMS outbox
-- and server secrets. Times the services reason about are epoch milliseconds (bigint) from the injected clock.

CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id text PRIMARY KEY,
  phone_number text NOT NULL UNIQUE,
  country_code text NOT NULL,
  created_at bigint NOT NULL,
  -- The profile photo belongs to the account, so it can be uploaded before the profile form is saved.
  photo_file_id text
);

-- At most one live code per number: asking for a new one replaces the old row. id is the refNo given to the client.
CREATE TABLE otp_codes (
  id text PRIMARY KEY,
  phone_number text NOT NULL UNIQUE,
  code_hash text NOT NULL,
  template_id text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  wrong_tries integer NOT NULL DEFAULT 0,
  consumed_at bigint
);

-- Fixed-window counters shared by every API instance on this database.
CREATE TABLE rate_limits (
  bucket text NOT NULL,
  window_start bigint NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (bucket, window_start)
);
CREATE INDEX rate_limits_by_window ON rate_limits (window_start);

-- Only hashes are stored. A family is one sign-in on one device; every refresh adds a token to it and marks the old
-- one used. Presenting a used token again revokes the whole family.
CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  family_id text NOT NULL,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_id text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  used_at bigint,
  revoked_at bigint
);
CREATE INDEX refresh_tokens_by_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_by_user_device ON refresh_tokens (user_id, device_id);

-- The development SMS provider's outbox (never written in production).
CREATE TABLE sms_outbox (
  id bigserial PRIMARY KEY,
  phone_number text NOT NULL,
  body text NOT NULL,
  sent_at bigint NOT NULL
);
CREATE INDEX sms_outbox_by_phone ON sms_outbox (phone_number, id DESC);
