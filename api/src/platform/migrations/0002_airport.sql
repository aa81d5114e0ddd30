-- Airport display boards: per product and terminal, the place and counter texts and the ordered route/stop pairs.
-- route_id and stop_id are GTFS ids, stable across feed versions, so they are not foreign keys into one feed.

CREATE TABLE airport_terminals (
  city_id text NOT NULL REFERENCES cities (id),
  product text NOT NULL,
  terminal_id text NOT NULL,
  place text NOT NULL,
  counter text NOT NULL,
  PRIMARY KEY (product, terminal_id)
);

CREATE TABLE airport_terminal_pairs (
  city_id text NOT NULL REFERENCES cities (id),
  product text NOT NULL,
  terminal_id text NOT NULL,
  position integer NOT NULL,
  route_id text NOT NULL,
  stop_id text NOT NULL,
  PRIMARY KEY (product, terminal_id, position),
  FOREIGN KEY (product, terminal_id) REFERENCES airport_terminals (product, terminal_id) ON DELETE CASCADE
);
