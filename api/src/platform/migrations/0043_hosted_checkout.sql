-- Payments through the gateway's hosted page (docs/payment-gateway.md). payments.gateway_ref is the gateway's order
-- id for online methods (the counter's charge ref for cash); gateway_payment_id is the attempt that was captured
-- for it (refunds go against it). return_path: where the gateway sends the rider back. checkout_expires_at: when
-- the gateway's page stops taking the payment, after which an unpaid one fails. declared_bank: the bank the rider
-- chose on our page (a bank offer's price was made for it; the gateway's report of the payment must agree).
ALTER TABLE payments ADD COLUMN gateway_payment_id TEXT;
ALTER TABLE payments ADD COLUMN return_path TEXT;
ALTER TABLE payments ADD COLUMN checkout_expires_at BIGINT;
ALTER TABLE payments ADD COLUMN declared_bank TEXT;
ALTER TABLE payments ADD COLUMN prefill JSONB;
-- The paying bank the gateway reported for the captured payment (checked against declared_bank before issuing).
ALTER TABLE payments ADD COLUMN paid_bank TEXT;
CREATE UNIQUE INDEX payments_gateway_ref ON payments (gateway_ref) WHERE gateway_ref IS NOT NULL;

-- A refund goes against one captured gateway payment: the payment's own, or a second or late capture on its
-- gateway order that is refunded in full (gateway_payment_id set).
ALTER TABLE payment_refunds ADD COLUMN gateway_payment_id TEXT;

-- Gateway events (webhooks) processed, by the gateway's event id: a replay or a second delivery changes nothing.
CREATE TABLE payment_gateway_events (
  gateway TEXT NOT NULL,
  event_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  gateway_order_id TEXT,
  outcome TEXT NOT NULL,
  received_at BIGINT NOT NULL,
  PRIMARY KEY (gateway, event_id)
);

-- A successful payment whose order payments refused to issue (the order changed, the product can no longer be used)
-- and refunded in full is no longer the order's live payment: the order can be paid again (at its new quote).
ALTER TABLE payments ADD COLUMN refused_at BIGINT;
DROP INDEX payments_one_live_per_order;
CREATE UNIQUE INDEX payments_one_live_per_order ON payments (order_kind, order_id)
  WHERE status IN ('CREATED', 'PENDING', 'SUCCESS') AND refused_at IS NULL;
