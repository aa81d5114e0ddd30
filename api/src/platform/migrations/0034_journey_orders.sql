-- A planned journey bought in one go (docs/money-integrity.md "A journey: one order, a ticket per leg"): one order
-- holding the fare of every bus leg, paid once through payments (order kind `journey`), issued as one single-journey
-- ticket per leg (a ticket_orders row and its ticket each, linked back here), all in payments' issue transaction.
CREATE TABLE journey_orders (
  order_id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  city_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('PENDING', 'SUCCESS', 'PAYMENT_FAILED')),
  -- the legs as priced when the order was made: [{routeId, routeName, agency, fromStopId, fromStopName, toStopId,
  -- toStopName, distanceMeters, stages, fare: spec §3 fare result}]
  legs jsonb NOT NULL,
  passengers jsonb NOT NULL,
  -- the sum of the legs' payable amounts
  payable_paise integer NOT NULL CHECK (payable_paise > 0),
  device_id text NOT NULL,
  app_ver text NOT NULL,
  order_key text,
  frozen_at bigint,
  paid_at bigint,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE UNIQUE INDEX journey_orders_rider_key ON journey_orders (user_id, order_key);
CREATE INDEX journey_orders_by_user ON journey_orders (user_id, city_id, created_at DESC);

-- a leg's ticket order belongs to its journey; one per leg, whatever is retried
ALTER TABLE ticket_orders ADD COLUMN journey_order_id text REFERENCES journey_orders (order_id);
ALTER TABLE ticket_orders ADD COLUMN journey_leg smallint;
CREATE UNIQUE INDEX ticket_orders_journey_leg ON ticket_orders (journey_order_id, journey_leg) WHERE journey_order_id IS NOT NULL;
