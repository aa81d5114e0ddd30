-- Payments (docs/payments.md). Amounts are integer paise; times are epoch milliseconds (bigint) like the other tables.

-- One row per pay attempt, keyed by the rider's idempotency key: a retried, double-clicked or replayed pay finds this
-- row instead of charging again. request_hash is an HMAC of the request (card numbers never stored, not even hashed
-- in the clear). status: CREATED (charge in flight), PENDING, SUCCESS, FAILED.
CREATE TABLE payments (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  order_kind text NOT NULL,
  order_id text NOT NULL,
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  method text NOT NULL,
  instrument text NOT NULL,
  status text NOT NULL CHECK (status IN ('CREATED', 'PENDING', 'SUCCESS', 'FAILED')),
  gateway_ref text,
  failure_reason text,
  -- Outcome delivery to the order kind's listener: claimed (lease) then marked notified, so it runs once.
  notify_claimed_at bigint,
  notified_at bigint,
  reconcile_lease_until bigint,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  UNIQUE (user_id, idempotency_key)
);
-- At most one live (in flight, pending or successful) payment per order: a second key cannot charge it again.
CREATE UNIQUE INDEX payments_one_live_per_order ON payments (order_kind, order_id) WHERE status IN ('CREATED', 'PENDING', 'SUCCESS');
CREATE INDEX payments_unsettled ON payments (updated_at) WHERE status IN ('CREATED', 'PENDING') OR (status IN ('SUCCESS', 'FAILED') AND notified_at IS NULL);
CREATE INDEX payments_order ON payments (order_kind, order_id, created_at);

-- The sandbox gateway's own ledger (what a real gateway keeps on its side): survives restarts, shared by instances.
CREATE TABLE sandbox_charges (
  gateway_ref text PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  amount_paise bigint NOT NULL,
  method text NOT NULL,
  instrument text NOT NULL,
  status text NOT NULL CHECK (status IN ('SUCCESS', 'PENDING', 'FAILED')),
  failure_reason text,
  -- A pending charge settles to resolves_to at resolves_at (by the clock); cash has no time and waits for the counter.
  resolves_at bigint,
  resolves_to text,
  resolves_reason text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
