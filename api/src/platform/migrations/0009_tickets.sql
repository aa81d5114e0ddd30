-- Tickets: the project's own fare tables per city and agency (the GTFS feeds carry no fares), the instant-ticket fares,
-- ticket orders (single journey, multi-route, instant) and issued tickets (one per paid order). Amounts in paise.

CREATE TABLE ticket_fare_tables (
  city_id text NOT NULL REFERENCES cities (id),
  -- the feed's agency_name, or '*' for the city's default table
  agency text NOT NULL,
  -- shared/domain FareTable: rule (stage or flat), passengerTypes, roundingLogic, maxPassengers
  body jsonb NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  PRIMARY KEY (city_id, agency)
);

CREATE TABLE ticket_instant_fares (
  city_id text NOT NULL REFERENCES cities (id),
  id text NOT NULL,
  name text NOT NULL,
  agency text NOT NULL,
  fare_paise integer NOT NULL CHECK (fare_paise > 0),
  is_active boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  PRIMARY KEY (city_id, id)
);

CREATE TABLE ticket_orders (
  transaction_id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  city_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('singleJourney', 'multiRoute', 'instant')),
  status text NOT NULL CHECK (status IN ('PENDING', 'SUCCESS', 'PAYMENT_FAILED')),
  agency text NOT NULL,
  -- the ride: legs [{routeId, routeName, agency, fromStopId, fromStopName, toStopId, toStopName, distanceMeters}]
  -- (one for a single journey, none for an instant ticket), passengers, instant fare id
  ride jsonb NOT NULL,
  -- the server's fare result (spec §3 Fare result with totals)
  fare jsonb NOT NULL,
  payable_paise integer NOT NULL CHECK (payable_paise > 0),
  device_id text NOT NULL,
  app_ver text NOT NULL,
  paid_at bigint,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE INDEX ticket_orders_by_user ON ticket_orders (user_id, city_id, created_at DESC);

CREATE TABLE tickets (
  ticket_id text PRIMARY KEY,
  -- one ticket per order, whatever number of success deliveries arrive
  transaction_id text NOT NULL UNIQUE REFERENCES ticket_orders (transaction_id),
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  city_id text NOT NULL,
  kind text NOT NULL,
  status text NOT NULL CHECK (status IN ('UNUSED', 'USED', 'EXPIRED')),
  start_time bigint NOT NULL,
  expiry_time bigint NOT NULL,
  activation_expiry_time bigint NOT NULL,
  booking_time bigint NOT NULL,
  used_at bigint,
  -- the spec §3 record fields that do not change after issue
  record jsonb NOT NULL,
  issued_at bigint NOT NULL
);
CREATE INDEX tickets_by_user ON tickets (user_id, city_id, booking_time DESC);
