-- Typo-tolerant search (issue 15 item 7): PostgreSQL trigram matching (pg_trgm) over stop names, route names and
-- places, with trigram GIN indexes on the lowercased names the search compares.
--
-- The extension lives in the public schema and every use names it (public.word_similarity, OPERATOR(public.<%),
-- public.gin_trgm_ops): API tests run each file in its own schema of one database, with only that schema on the
-- search_path, and an extension exists once per database. The lock makes two test files migrating at once create it
-- once. PGlite loads the extension's files when the database is opened (api/src/platform/db.ts).
SELECT pg_advisory_xact_lock(hashtext('sawari:extension:pg_trgm'));
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

CREATE INDEX stops_name_trgm ON stops USING gin (lower(stop_name) public.gin_trgm_ops);
CREATE INDEX routes_name_trgm ON routes USING gin ((lower(coalesce(route_short_name, '') || ' ' || coalesce(route_long_name, ''))) public.gin_trgm_ops);
CREATE INDEX places_name_trgm ON places USING gin (lower(name) public.gin_trgm_ops);
