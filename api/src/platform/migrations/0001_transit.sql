-- Transit schedule core: GTFS-shaped, multi-city, every row keyed by the feed it came from.
-- A city has at most one current feed; an import writes a new feed, flips is_current and deletes the old one in one
-- transaction, so readers never see half a feed. Times are integer seconds after the service day's start.
-- The GTFS tables carry feed_id without a foreign key: a per-row RI check costs about a quarter of an import's time
-- (331,935 shape points in the Kochi feed); the importer is the only writer and deletes a replaced feed's rows itself.

CREATE TABLE cities (
  id text PRIMARY KEY,
  name text NOT NULL,
  time_zone text NOT NULL
);

CREATE TABLE feeds (
  id serial PRIMARY KEY,
  city_id text NOT NULL REFERENCES cities (id),
  source text NOT NULL,
  imported_at timestamptz NOT NULL DEFAULT now(),
  is_current boolean NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX feeds_one_current_per_city ON feeds (city_id) WHERE is_current;

CREATE TABLE agency (
  feed_id integer NOT NULL,
  agency_id text NOT NULL,
  agency_name text NOT NULL,
  agency_url text,
  agency_timezone text NOT NULL,
  agency_lang text,
  agency_phone text,
  PRIMARY KEY (feed_id, agency_id)
);

CREATE TABLE routes (
  feed_id integer NOT NULL,
  route_id text NOT NULL,
  agency_id text,
  route_short_name text,
  route_long_name text,
  route_type integer NOT NULL,
  route_color text,
  route_text_color text,
  PRIMARY KEY (feed_id, route_id)
);

CREATE TABLE stops (
  feed_id integer NOT NULL,
  stop_id text NOT NULL,
  stop_code text,
  stop_name text,
  stop_lat double precision,
  stop_lon double precision,
  location_type integer NOT NULL DEFAULT 0,
  parent_station text,
  PRIMARY KEY (feed_id, stop_id)
);

CREATE TABLE calendar (
  feed_id integer NOT NULL,
  service_id text NOT NULL,
  monday smallint NOT NULL,
  tuesday smallint NOT NULL,
  wednesday smallint NOT NULL,
  thursday smallint NOT NULL,
  friday smallint NOT NULL,
  saturday smallint NOT NULL,
  sunday smallint NOT NULL,
  start_date char(8) NOT NULL,
  end_date char(8) NOT NULL,
  PRIMARY KEY (feed_id, service_id)
);

CREATE TABLE calendar_dates (
  feed_id integer NOT NULL,
  service_id text NOT NULL,
  date char(8) NOT NULL,
  exception_type smallint NOT NULL CHECK (exception_type IN (1, 2)),
  PRIMARY KEY (feed_id, service_id, date)
);

CREATE TABLE shapes (
  feed_id integer NOT NULL,
  shape_id text NOT NULL,
  shape_pt_sequence integer NOT NULL,
  shape_pt_lat double precision NOT NULL,
  shape_pt_lon double precision NOT NULL,
  shape_dist_traveled double precision,
  PRIMARY KEY (feed_id, shape_id, shape_pt_sequence)
);

CREATE TABLE trips (
  feed_id integer NOT NULL,
  trip_id text NOT NULL,
  route_id text NOT NULL,
  service_id text NOT NULL,
  trip_headsign text,
  direction_id smallint,
  shape_id text,
  PRIMARY KEY (feed_id, trip_id)
);
CREATE INDEX trips_by_route ON trips (feed_id, route_id);

CREATE TABLE stop_times (
  feed_id integer NOT NULL,
  trip_id text NOT NULL,
  stop_sequence integer NOT NULL,
  stop_id text NOT NULL,
  arrival_secs integer,
  departure_secs integer,
  PRIMARY KEY (feed_id, trip_id, stop_sequence)
);
CREATE INDEX stop_times_by_stop ON stop_times (feed_id, stop_id);

CREATE TABLE frequencies (
  feed_id integer NOT NULL,
  trip_id text NOT NULL,
  start_secs integer NOT NULL,
  end_secs integer NOT NULL,
  headway_secs integer NOT NULL CHECK (headway_secs > 0),
  exact_times smallint NOT NULL DEFAULT 0,
  PRIMARY KEY (feed_id, trip_id, start_secs)
);

CREATE TABLE transfers (
  feed_id integer NOT NULL,
  from_stop_id text NOT NULL,
  to_stop_id text NOT NULL,
  transfer_type smallint NOT NULL DEFAULT 0,
  min_transfer_time integer
);
CREATE INDEX transfers_by_from ON transfers (feed_id, from_stop_id);
