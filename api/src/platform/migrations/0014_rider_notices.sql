-- Issue 16 item 9: text messages to riders about their orders (verification outcomes, payments), written in the same
-- transaction as the change they report (a transactional outbox: a rolled-back change sends nothing, a committed one
-- is sent once), then delivered through the SMS port by api/src/modules/notices.
CREATE TABLE rider_notices (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL,
  -- what it reports, e.g. 'pass-approved:<transactionId>': one notice per event however often the event is replayed
  event_key text NOT NULL UNIQUE,
  body text NOT NULL,
  created_at bigint NOT NULL,
  sent_at bigint,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at bigint NOT NULL,
  last_error text
);
CREATE INDEX rider_notices_due ON rider_notices (next_attempt_at) WHERE sent_at IS NULL;
