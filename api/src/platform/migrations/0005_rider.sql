-- Rider data: profile, uploaded files, SOS, favourites and trial/welcome offers.

CREATE TABLE profiles (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  first_name text NOT NULL,
  last_name text NOT NULL,
  mail_id text,
  gender text,
  dob_ms bigint,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);

-- Metadata only; the bytes live in the FileStorage (disk under DATA_DIR/files by default).
CREATE TABLE files (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL,
  created_at bigint NOT NULL
);

CREATE TABLE sos_settings (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  message text NOT NULL,
  contacts jsonb NOT NULL,
  updated_at bigint NOT NULL
);

CREATE TABLE sos_alerts (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  lat double precision,
  lon double precision,
  sent_to integer NOT NULL DEFAULT 0
);
CREATE INDEX sos_alerts_by_user ON sos_alerts (user_id, created_at DESC);

CREATE TABLE favourites (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  city text NOT NULL,
  ref_id text NOT NULL,
  label text NOT NULL,
  detail text NOT NULL,
  created_at bigint NOT NULL,
  UNIQUE (user_id, kind, city, ref_id)
);

-- kind 'welcome': only for accounts younger than max_account_age_days; kind 'trial': any rider, once.
CREATE TABLE trial_offers (
  id text PRIMARY KEY,
  city_id text NOT NULL REFERENCES cities (id),
  kind text NOT NULL CHECK (kind IN ('welcome', 'trial')),
  title text NOT NULL,
  description text NOT NULL,
  validity_days integer NOT NULL CHECK (validity_days > 0),
  max_account_age_days integer,
  active boolean NOT NULL DEFAULT true
);
CREATE UNIQUE INDEX trial_offers_one_active_per_city ON trial_offers (city_id) WHERE active;

CREATE TABLE offer_claims (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  offer_id text NOT NULL REFERENCES trial_offers (id),
  claimed_at bigint NOT NULL,
  valid_until bigint NOT NULL,
  PRIMARY KEY (user_id, offer_id)
);
