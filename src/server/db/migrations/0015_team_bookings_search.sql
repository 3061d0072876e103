-- Team Bookings at scale (issue 15): paging, search by person or desk, filters and sort over every booking of an
-- organization (src/server/modules/team-bookings). Both extensions come with postgresql-contrib, like btree_gist,
-- and are trusted (a database owner may create them); PGlite loads them in src/server/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

-- What search compares and sort orders by: lower case without accents ('Élodie Łukasz' → 'elodie lukasz'), the same
-- on PostgreSQL and PGlite. unaccent() itself is only STABLE (it reads its dictionary by name); naming the dictionary
-- lets the wrapper be IMMUTABLE, which an index expression needs.
CREATE FUNCTION perch_search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;

-- A person is found by any part of their name or e-mail: trigrams make `LIKE '%ada%'` an index lookup rather than a
-- scan of every user of the platform.
CREATE INDEX users_search_idx ON users
  USING gin (perch_search_fold(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email) gin_trgm_ops);

-- A desk by any part of its name (an organization's desks are few, but every desk of the platform is in desks).
CREATE INDEX desks_search_idx ON desks USING gin (perch_search_fold(name) gin_trgm_ops);

-- Every booking of an organization in date order, whatever its status: a page is read in index order and stops after
-- its rows, and the totals are counted from the index alone (status, permanent, desk and person are in it).
CREATE INDEX bookings_team_by_date_idx ON bookings (organization_id, booking_date, id)
  INCLUDE (status, is_permanent, desk_id, user_id);

-- Permanent bookings hold their desk from their date on, so a date range also shows those that began before it.
CREATE INDEX bookings_permanent_by_date_idx ON bookings (organization_id, booking_date, id) WHERE is_permanent;
