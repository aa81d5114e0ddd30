-- Money integrity (docs/money-integrity.md): frozen orders, refunds, server-minted order ids, scoped offers.

-- Payments' own record of every order it took (or gave) money for: the quote frozen at payment start. state: OPEN
-- (released after a failed payment; the seller may re-quote it), FROZEN (a payment is live: price, product and quantity
-- are fixed), ISSUED (the product was issued, exactly once: issued_payment_id is null for a free order).
CREATE TABLE payment_orders (
  order_kind text NOT NULL,
  order_id text NOT NULL,
  user_id text NOT NULL,
  city_id text NOT NULL,
  amount_paise bigint NOT NULL CHECK (amount_paise >= 0),
  product_ref text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  label text NOT NULL,
  return_data jsonb NOT NULL DEFAULT '{}',
  free_offer_id text,
  free_label text,
  state text NOT NULL CHECK (state IN ('OPEN', 'FROZEN', 'ISSUED')),
  frozen_at bigint,
  frozen_payment_id text,
  issued_at bigint,
  issued_payment_id text,
  product_id text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  PRIMARY KEY (order_kind, order_id)
);

-- Refunds, owned by payments: one row per refund key of a payment (a retried refund finds its row). The sum of a
-- payment's refunds that are not FAILED never exceeds its amount (checked with the payment row locked).
CREATE TABLE payment_refunds (
  id text PRIMARY KEY,
  payment_id text NOT NULL REFERENCES payments (id),
  refund_key text NOT NULL,
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  reason text NOT NULL,
  status text NOT NULL CHECK (status IN ('CREATED', 'PENDING', 'SUCCESS', 'FAILED')),
  gateway_ref text,
  failure_reason text,
  reconcile_lease_until bigint,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  UNIQUE (payment_id, refund_key)
);
CREATE INDEX payment_refunds_unsettled ON payment_refunds (updated_at) WHERE status IN ('CREATED', 'PENDING');

-- The sandbox gateway's refunds (its own ledger, like sandbox_charges).
CREATE TABLE sandbox_refunds (
  gateway_ref text PRIMARY KEY,
  charge_ref text NOT NULL REFERENCES sandbox_charges (gateway_ref),
  idempotency_key text NOT NULL UNIQUE,
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  status text NOT NULL CHECK (status IN ('SUCCESS', 'PENDING', 'FAILED')),
  failure_reason text,
  resolves_at bigint,
  resolves_to text,
  resolves_reason text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);

-- Server-minted order ids: the client's idempotency key is kept beside the order, scoped to the rider. frozen_at: a
-- payment started; the order can no longer be re-quoted (409 ORDER_FROZEN) until that payment fails.
ALTER TABLE pass_orders ADD COLUMN order_key text;
ALTER TABLE pass_orders ADD COLUMN frozen_at bigint;
CREATE UNIQUE INDEX pass_orders_rider_key ON pass_orders (user_id, order_key);
ALTER TABLE ticket_orders ADD COLUMN order_key text;
ALTER TABLE ticket_orders ADD COLUMN frozen_at bigint;
CREATE UNIQUE INDEX ticket_orders_rider_key ON ticket_orders (user_id, order_key);

-- Offers state the products they apply to (shared/domain OfferScope: configIds, numOfDays, categoryIds, fare range in
-- paise); an empty scope {} applies to every product. Bank offers are bound to the instrument: card BIN ranges
-- (["489377", "552260-552269"]); netbanking and UPI by the bank the gateway reports.
ALTER TABLE trial_offers ADD COLUMN scope jsonb NOT NULL DEFAULT '{}';
ALTER TABLE pass_bank_offers ADD COLUMN card_bins jsonb NOT NULL DEFAULT '[]';

-- Databases seeded before this migration: the demo offers get the scope and BIN ranges api/data now states (a fresh
-- database is seeded after the migrations and gets them from the data files).
UPDATE trial_offers SET scope = '{"configIds": ["mum-general"], "categoryIds": ["adult"], "numOfDays": [7]}' WHERE id = 'mumbai-welcome' AND scope = '{}';
UPDATE trial_offers SET scope = '{"configIds": ["koc-general"], "categoryIds": ["adult"], "numOfDays": [3]}' WHERE id = 'kochi-trial' AND scope = '{}';
UPDATE pass_bank_offers SET card_bins = '["489377", "552260-552269"]' WHERE bank = 'HDFC' AND card_bins = '[]';
UPDATE pass_bank_offers SET card_bins = '["402656", "524193"]' WHERE bank = 'ICICI' AND card_bins = '[]';
