-- A hold (POST /api/reservations/v1/bookings) takes the rider's idempotency-key like every other order: one booking
-- per (rider, key), so a retried or repeated hold never takes seats twice (docs/money-integrity.md).
ALTER TABLE reservation_bookings ADD COLUMN order_key text;
CREATE UNIQUE INDEX reservation_bookings_order_key ON reservation_bookings (user_id, order_key);
-- a change of slot being paid locks the booking it replaces: found by the replaced booking
CREATE INDEX reservation_bookings_prev ON reservation_bookings (prev_booking_id) WHERE prev_booking_id IS NOT NULL;
