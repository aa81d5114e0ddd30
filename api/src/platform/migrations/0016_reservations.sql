-- Reserved seats (premium buses, airport express, event trips): ONE seat-inventory engine (docs/reservations.md).
-- Lines (a bookable service with its stops, fares per stop pair and passenger category, and a schedule), trips (one
-- departure of a line with a seat capacity; made on demand from the schedule), bookings (holds, paid seats, the
-- reschedule chain, pop-up flags), refunds (one per booking and reason) and the operators' decisions. Amounts in paise.

CREATE TABLE reservation_lines (
  id text PRIMARY KEY,
  city_id text NOT NULL REFERENCES cities (id),
  product text NOT NULL CHECK (product IN ('PREMIUM', 'AIRPORT', 'EVENT')),
  code text NOT NULL,
  name text NOT NULL,
  -- 'ac' or the spec's special marker 'non-ac'
  bus_type text NOT NULL,
  agency text NOT NULL,
  capacity integer NOT NULL CHECK (capacity > 0 AND capacity <= 200),
  description text NOT NULL DEFAULT '',
  -- the transit feed's route id when the line runs on a GTFS route (live tracking), else null
  transit_route_id text,
  -- [{stopId, name, lat, lon, offsetMin}] in running order
  stops jsonb NOT NULL,
  -- [{fromStopId, toStopId, fares: {adult, child?, senior?}}] in paise
  fares jsonb NOT NULL,
  -- {kind: 'headway', weekdays: [0..6], firstMin, lastMin, headwayMin} | {kind: 'dates', departures: ['YYYYMMDDHHMM', ...]}
  schedule jsonb NOT NULL,
  -- how many days ahead slots are sold
  horizon_days integer NOT NULL DEFAULT 7 CHECK (horizon_days BETWEEN 1 AND 400),
  is_active boolean NOT NULL DEFAULT true
);
CREATE INDEX reservation_lines_city ON reservation_lines (city_id, product);

CREATE TABLE reservation_trips (
  id text PRIMARY KEY,
  line_id text NOT NULL REFERENCES reservation_lines (id),
  start_time bigint NOT NULL,
  capacity integer NOT NULL CHECK (capacity > 0),
  -- seats held or booked; the CHECK is the last guard against overselling (the engine never relies on it alone)
  seats_taken integer NOT NULL DEFAULT 0 CHECK (seats_taken >= 0 AND seats_taken <= capacity),
  status text NOT NULL DEFAULT 'PLANNED' CHECK (status IN ('PLANNED', 'ACTIVE', 'CANCELLED', 'COMPLETED')),
  vehicle_no text,
  disruption text CHECK (disruption IN ('WEATHER', 'TRAFFIC', 'BREAKDOWN')),
  disruption_note text,
  updated_at bigint NOT NULL,
  UNIQUE (line_id, start_time)
);

CREATE TABLE reservation_bookings (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  trip_id text NOT NULL REFERENCES reservation_trips (id),
  line_id text NOT NULL REFERENCES reservation_lines (id),
  city_id text NOT NULL,
  product text NOT NULL,
  from_stop_id text NOT NULL,
  to_stop_id text NOT NULL,
  passengers jsonb NOT NULL,
  seats integer NOT NULL CHECK (seats > 0),
  -- the spec §3 fare result of the seat(s), frozen at booking
  fare jsonb NOT NULL,
  -- the seat's full fare, and what this order charges (a reschedule charges only the difference; a pass booking 0)
  fare_paise integer NOT NULL CHECK (fare_paise >= 0),
  amount_paise integer NOT NULL CHECK (amount_paise >= 0),
  status text NOT NULL,
  -- whether this booking's seats are counted in its trip's seats_taken right now
  seats_held boolean NOT NULL,
  hold_expires_at bigint,
  first_booking_id text NOT NULL,
  prev_booking_id text,
  prev_booking_status text,
  paid_with text NOT NULL DEFAULT 'PAYMENT' CHECK (paid_with IN ('PAYMENT', 'PASS', 'RESCHEDULE')),
  pass_id text,
  created_at bigint NOT NULL,
  issued_at bigint,
  cancelled_at bigint,
  cancellation_popup_shown boolean NOT NULL DEFAULT false,
  reschedule_popup_shown boolean NOT NULL DEFAULT false,
  updated_at bigint NOT NULL
);
CREATE INDEX reservation_bookings_user ON reservation_bookings (user_id, created_at DESC);
CREATE INDEX reservation_bookings_trip ON reservation_bookings (trip_id, status);
CREATE INDEX reservation_bookings_chain ON reservation_bookings (first_booking_id);
CREATE INDEX reservation_bookings_holds ON reservation_bookings (hold_expires_at) WHERE seats_held AND status = 'BOOKING_UNDER_PROCESS';
-- the premium pass daily limit counts bookings paid with a pass per pass and slot day
CREATE INDEX reservation_bookings_pass ON reservation_bookings (pass_id) WHERE pass_id IS NOT NULL;

-- One refund per paid order, reason (USER_CANCEL, SYSTEM_CANCEL, FARE_DIFFERENCE, NOT_ISSUED) and the booking that
-- caused it (the cancelled booking, the cheaper new slot, ...): retries and lost answers never refund twice, and two
-- separate causes (two moves to cheaper slots) each refund once.
CREATE TABLE reservation_refunds (
  id text PRIMARY KEY,
  booking_id text NOT NULL REFERENCES reservation_bookings (id),
  reason text NOT NULL,
  cause_booking_id text NOT NULL,
  amount_paise integer NOT NULL CHECK (amount_paise > 0),
  status text NOT NULL CHECK (status IN ('REQUESTED', 'PENDING', 'SUCCESS', 'FAILED')),
  payments_refund_id text,
  failure_reason text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  UNIQUE (booking_id, reason, cause_booking_id)
);

-- Every operator decision (cancel a trip, move its bookings, assign a vehicle), with who and what.
CREATE TABLE reservation_ops_log (
  id bigserial PRIMARY KEY,
  actor text NOT NULL,
  action text NOT NULL CHECK (action IN ('CANCEL_TRIP', 'MOVE_BOOKINGS', 'ASSIGN_VEHICLE')),
  trip_id text NOT NULL,
  details jsonb NOT NULL,
  at bigint NOT NULL
);
CREATE INDEX reservation_ops_log_trip ON reservation_ops_log (trip_id, at);
