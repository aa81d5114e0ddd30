-- Transit cards (docs/cards.md): the operator's closed-loop card and NCMC. A card number is never stored: only a keyed
-- hash (HMAC-SHA256 under a key derived from the server secret), its last four digits and the card's own reference.
-- Amounts in paise. The chip holds at most ₹2,000 (200000 paise) at every moment.

-- Cards the system knows: read by a terminal at least once (or issued by the operator). The chip balance is what the
-- last terminal wrote.
CREATE TABLE transit_cards (
  card_ref text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('closedLoop', 'ncmc')),
  number_hash text NOT NULL UNIQUE,
  last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'BLOCKED')),
  -- YYYY-MM as read from the chip (null: no expiry known)
  valid_thru text CHECK (valid_thru IS NULL OR valid_thru ~ '^20[0-9]{2}-(0[1-9]|1[0-2])$'),
  chip_balance_paise integer NOT NULL DEFAULT 0 CHECK (chip_balance_paise >= 0 AND chip_balance_paise <= 200000),
  chip_seen_at bigint,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);

-- One rider per card at a time.
CREATE TABLE card_links (
  card_ref text PRIMARY KEY REFERENCES transit_cards (card_ref),
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  linked_at bigint NOT NULL
);
CREATE INDEX card_links_user ON card_links (user_id, linked_at);

-- Recharge orders (payments order kinds cardRecharge and ncmcCardRecharge). A paid order is a load: STAGED (NCMC: paid,
-- waiting for the rider's transfer into the offline wallet), PENDING_ON_CARD (written at the next tap), WRITTEN (by
-- exactly one tap: written_tap_id), or REFUNDED (it can never be written).
CREATE TABLE card_recharge_orders (
  order_id text PRIMARY KEY,
  order_kind text NOT NULL CHECK (order_kind IN ('cardRecharge', 'ncmcCardRecharge')),
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  card_ref text NOT NULL REFERENCES transit_cards (card_ref),
  -- the rider's city when ordering (the checkout's payment methods)
  city_id text NOT NULL,
  amount_paise integer NOT NULL CHECK (amount_paise > 0 AND amount_paise <= 200000),
  fee_paise integer NOT NULL CHECK (fee_paise >= 0),
  status text NOT NULL CHECK (status IN ('CREATED', 'PAYMENT_PROCESSING', 'PAYMENT_FAILED', 'STAGED', 'PENDING_ON_CARD', 'WRITTEN', 'REFUNDED')),
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  payment_started_at bigint,
  paid_at bigint,
  transferred_at bigint,
  written_at bigint,
  written_tap_id text,
  refunded_at bigint,
  refund_reason text,
  -- set once payments accepted the refund request (a failed request is retried)
  refund_requested_at bigint,
  -- the client's idempotency-key of the create request: the same key answers the same order
  order_key text
);
CREATE UNIQUE INDEX card_recharge_orders_rider_key ON card_recharge_orders (user_id, order_key);
CREATE INDEX card_recharge_orders_card ON card_recharge_orders (card_ref, status);
CREATE INDEX card_recharge_orders_user ON card_recharge_orders (user_id, created_at);
CREATE INDEX card_recharge_orders_refunds_due ON card_recharge_orders (refunded_at) WHERE status = 'REFUNDED' AND refund_requested_at IS NULL;

-- Taps as terminals reported them, one row per terminal tap id: a retried tap replays this row's answer.
CREATE TABLE card_taps (
  tap_id text PRIMARY KEY,
  card_ref text NOT NULL REFERENCES transit_cards (card_ref),
  -- HMAC of the request (card, fare, route, terminal): the same tap id with another request is refused
  request_hash text NOT NULL,
  fare_paise integer NOT NULL CHECK (fare_paise >= 0),
  status text NOT NULL CHECK (status IN ('ACCEPTED', 'DECLINED')),
  decline_reason text,
  previous_balance_paise integer NOT NULL CHECK (previous_balance_paise >= 0 AND previous_balance_paise <= 200000),
  balance_paise integer NOT NULL CHECK (balance_paise >= 0 AND balance_paise <= 200000),
  -- [{orderId, amountPaise}] written by this tap
  written jsonb NOT NULL,
  route_name text,
  terminal_id text,
  recorded_by text NOT NULL,
  tapped_at bigint NOT NULL
);
CREATE INDEX card_taps_card ON card_taps (card_ref, tapped_at);
