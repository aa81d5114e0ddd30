-- Validation (docs/validation.md): ticket-code state per ticket or pass, and punches (rides).

-- One row per validatable item once its first token is issued: the sound short code (fixed per transactionId) and the
-- device key the latest token is bound to (an online validator refuses codes bound to an older device).
CREATE TABLE validation_items (
  transaction_id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('pass', 'ticket')),
  user_id text NOT NULL,
  sound_code text NOT NULL UNIQUE CHECK (sound_code ~ '^[0-9a-f]{12}$'),
  device_key text NOT NULL,
  token_issued_at bigint NOT NULL,
  created_at bigint NOT NULL
);

-- Every punch, whoever recorded it: a validator (QR or sound, with the code's slot) or the rider's app (scan-qr, no
-- slot). A code's (transaction_id, slot) punches once; a rider's punch is idempotent by the punch_id made on the device.
CREATE TABLE ride_punches (
  punch_id text PRIMARY KEY,
  transaction_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('pass', 'ticket')),
  user_id text NOT NULL,
  punching_time bigint NOT NULL,
  source text NOT NULL CHECK (source IN ('QR', 'SOUND', 'SCAN_QR', 'MANUAL')),
  slot bigint,
  vehicle_no text,
  stop_id text,
  -- the validator key's name, or 'rider'
  recorded_by text NOT NULL,
  received_at bigint NOT NULL,
  UNIQUE (transaction_id, slot),
  CHECK ((slot IS NULL) = (source IN ('SCAN_QR', 'MANUAL')))
);
CREATE INDEX ride_punches_by_item ON ride_punches (transaction_id, punching_time);
