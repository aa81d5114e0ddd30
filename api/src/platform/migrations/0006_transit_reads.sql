-- Transit reads (issue 4): the credit line of each feed, GTFS translations, walking transfers the importer generates
-- when a feed has none, and the project's own landmark places for place search.

ALTER TABLE feeds ADD COLUMN attribution text;

-- GTFS translations.txt (the table_name / field_name form). Deleted with its feed like the other GTFS tables.
CREATE TABLE translations (
  feed_id integer NOT NULL,
  table_name text NOT NULL,
  field_name text NOT NULL,
  language text NOT NULL,
  translation text NOT NULL,
  record_id text,
  record_sub_id text,
  field_value text
);
CREATE INDEX translations_by_table ON translations (feed_id, table_name, language);

-- true: made by the importer (stops within walking distance, min_transfer_time = walking time at 4 km/h).
ALTER TABLE transfers ADD COLUMN generated boolean NOT NULL DEFAULT false;

-- Landmarks for search results of type PLACE (airports, stations, malls, hospitals), per city.
CREATE TABLE places (
  city_id text NOT NULL REFERENCES cities (id),
  place_id text NOT NULL,
  name text NOT NULL,
  kind text NOT NULL,
  lat double precision NOT NULL,
  lon double precision NOT NULL,
  PRIMARY KEY (city_id, place_id)
);
