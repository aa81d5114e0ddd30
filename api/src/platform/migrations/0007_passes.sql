-- Passes: the product catalogue per city (spec §3 Product configuration), pass orders, issued passes, operator
-- verification decisions and bank offers. Amounts are integers in paise.

CREATE TABLE pass_configs (
  city_id text NOT NULL REFERENCES cities (id),
  id text NOT NULL,
  name text NOT NULL,
  service_type text NOT NULL,
  product_type text NOT NULL,
  product_sub_type text,
  agency text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  is_visible boolean NOT NULL DEFAULT true,
  is_proof_required boolean,
  is_renewable boolean NOT NULL DEFAULT false,
  active_duration_ms bigint,
  max_trips_per_day integer,
  landing_message text,
  terms jsonb NOT NULL DEFAULT '[]',
  -- categories, sub-categories and fare mappings as in the catalogue JSON (spec §3 Product configuration)
  body jsonb NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  PRIMARY KEY (city_id, id)
);

CREATE TABLE pass_bank_offers (
  id text PRIMARY KEY,
  city_id text NOT NULL REFERENCES cities (id),
  bank text NOT NULL,
  percent_off integer NOT NULL CHECK (percent_off > 0 AND percent_off < 100),
  config_ids jsonb NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  UNIQUE (city_id, bank)
);

CREATE TABLE pass_orders (
  transaction_id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  city_id text NOT NULL,
  agency text NOT NULL,
  config_id text NOT NULL,
  category_id text NOT NULL,
  fm_id text NOT NULL,
  status text NOT NULL,
  pass_start_date text NOT NULL,
  proofs jsonb NOT NULL DEFAULT '[]',
  payload jsonb NOT NULL,
  fare_info jsonb NOT NULL,
  payable_paise integer NOT NULL CHECK (payable_paise >= 0),
  renew_of text,
  rejection_reason text,
  paid_at bigint,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE INDEX pass_orders_by_user ON pass_orders (user_id, created_at DESC);
CREATE INDEX pass_orders_by_status ON pass_orders (status, updated_at);

CREATE TABLE passes (
  id text PRIMARY KEY,
  transaction_id text NOT NULL UNIQUE REFERENCES pass_orders (transaction_id),
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  city_id text NOT NULL,
  config_id text NOT NULL,
  category_id text NOT NULL,
  fm_id text NOT NULL,
  status text NOT NULL,
  start_time bigint NOT NULL,
  expiry_time bigint NOT NULL,
  is_renewable boolean NOT NULL,
  record jsonb NOT NULL,
  issued_at bigint NOT NULL
);
CREATE INDEX passes_by_user ON passes (user_id, issued_at DESC);

CREATE TABLE verification_decisions (
  id bigserial PRIMARY KEY,
  transaction_id text NOT NULL REFERENCES pass_orders (transaction_id),
  action text NOT NULL,
  from_status text NOT NULL,
  to_status text NOT NULL,
  actor text NOT NULL,
  reason text,
  decided_at bigint NOT NULL
);
CREATE INDEX verification_decisions_by_order ON verification_decisions (transaction_id, decided_at);
