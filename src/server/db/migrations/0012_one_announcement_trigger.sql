-- One trigger function announces every change (issue 18). Migration 0008 gave each table its own copy of the same
-- steps (take the changed rows, group them by organization, aggregate a few columns, call perch_announce); here one
-- function does them, and each table's triggers say in their arguments what differs. The payloads stay as they
-- were: the same kinds, keys and values, row-level where 0008 was row-level (floors, organizations, renamed users)
-- and statement-level where it was statement-level.
--
-- perch_announce_changes(kind, organization, [key, aggregate, columns]...), an AFTER trigger:
--   kind          the payload's kind.
--   organization  where a changed row's organization is: a column of the row ('organization_id'; 'id' for the
--                 organizations table itself); 'memberships.user_id' for each organization of the memberships whose
--                 user_id is the row's id (a user); or 'none': organizationId null, announced once per statement.
--   then triples: a payload key, and how it is computed from one organization's changed rows:
--     'ids'        the distinct values of the column, null ("all of them") beyond 50 (perch_id_list); 'ids:100' beyond 100
--     'min', 'max' the least or greatest value of the column
--     'any'        whether the (boolean) column is true in any of them
--     'changed'    whether any of the comma-separated columns differs between a row's old and new version (rows
--                  matched by their id column); false for an insert or a delete
-- The changed rows are, statement-level, the transition tables new_rows and old_rows (both for an update) and,
-- row-level, NEW and OLD. When a row-level change is worth announcing is the trigger's WHEN clause.
--
-- The statement is built from the arguments and planned at each call (EXECUTE): about 0.15 ms more per changed
-- statement than 0008's cached plans (PostgreSQL 15, this project's machines), small beside a request's commit.
CREATE FUNCTION perch_announce_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  organization text := TG_ARGV[1];
  organization_of_row text;
  joined text := '';
  grouped text := '';
  new_side text := CASE TG_LEVEL WHEN 'ROW' THEN 'SELECT ($1).*' ELSE 'SELECT * FROM new_rows' END;
  old_side text := CASE TG_LEVEL WHEN 'ROW' THEN 'SELECT ($2).*' ELSE 'SELECT * FROM old_rows' END;
  changed_rows text;
  details text[] := '{}';
  aggregate text;
  columns text;
  query text;
BEGIN
  IF TG_NARGS < 2 OR (TG_NARGS - 2) % 3 <> 0 THEN
    RAISE EXCEPTION 'perch_announce_changes on %: expected kind, organization, then key, aggregate, columns triples',
      TG_TABLE_NAME;
  END IF;

  IF organization = 'none' THEN
    organization_of_row := 'NULL::uuid';
  ELSIF organization LIKE '%.%' THEN
    joined := format(' JOIN %I AS via ON via.%I = changed.id', split_part(organization, '.', 1),
      split_part(organization, '.', 2));
    organization_of_row := 'via.organization_id';
    grouped := ' GROUP BY via.organization_id';
  ELSE
    organization_of_row := format('changed.%I', organization);
    grouped := ' GROUP BY ' || organization_of_row;
  END IF;

  FOR i IN 2 .. TG_NARGS - 1 BY 3 LOOP
    columns := (SELECT string_agg(format('changed.%I', trim(listed.name)), ', ')
      FROM unnest(string_to_array(TG_ARGV[i + 2], ',')) AS listed(name));
    aggregate := CASE split_part(TG_ARGV[i + 1], ':', 1)
      WHEN 'ids' THEN format('perch_id_list(array_agg(DISTINCT %s), %s)', columns,
        coalesce(nullif(split_part(TG_ARGV[i + 1], ':', 2), ''), '50')::int)
      WHEN 'min' THEN format('min(%s)', columns)
      WHEN 'max' THEN format('max(%s)', columns)
      WHEN 'any' THEN format('bool_or(%s)', columns)
      WHEN 'changed' THEN format('count(DISTINCT (changed.id, %s)) > count(DISTINCT changed.id)', columns)
    END;
    IF aggregate IS NULL THEN
      RAISE EXCEPTION 'perch_announce_changes on %: unknown aggregate % for %', TG_TABLE_NAME, TG_ARGV[i + 1], TG_ARGV[i];
    END IF;
    details := details || format('%L, %s', TG_ARGV[i], aggregate);
  END LOOP;

  changed_rows := CASE TG_OP
    WHEN 'INSERT' THEN new_side
    WHEN 'DELETE' THEN old_side
    ELSE new_side || ' UNION ALL ' || old_side
  END;
  -- HAVING: a statement that changed no rows announces nothing (it matters only without GROUP BY).
  query := format('SELECT perch_announce(%s, %L, jsonb_build_object(%s)) FROM (%s) AS changed%s%s HAVING count(*) > 0',
    organization_of_row, TG_ARGV[0], array_to_string(details, ', '), changed_rows, joined, grouped);
  IF TG_LEVEL = 'ROW' THEN
    EXECUTE query USING NEW, OLD;
  ELSE
    EXECUTE query;
  END IF;
  RETURN NULL;
END;
$$;

DROP TRIGGER bookings_inserted_announce ON bookings;
DROP TRIGGER bookings_updated_announce ON bookings;
DROP TRIGGER bookings_deleted_announce ON bookings;
DROP TRIGGER desks_inserted_announce ON desks;
DROP TRIGGER desks_updated_announce ON desks;
DROP TRIGGER desks_deleted_announce ON desks;
DROP TRIGGER floors_changed_announce ON floors;
DROP TRIGGER organizations_changed_announce ON organizations;
DROP TRIGGER memberships_inserted_announce ON memberships;
DROP TRIGGER memberships_updated_announce ON memberships;
DROP TRIGGER memberships_deleted_announce ON memberships;
DROP TRIGGER invitations_inserted_announce ON invitations;
DROP TRIGGER invitations_updated_announce ON invitations;
DROP TRIGGER invitations_deleted_announce ON invitations;
DROP TRIGGER subscriptions_inserted_announce ON subscriptions;
DROP TRIGGER subscriptions_updated_announce ON subscriptions;
DROP TRIGGER subscriptions_deleted_announce ON subscriptions;
DROP TRIGGER sessions_deleted_announce ON sessions;
DROP TRIGGER users_renamed_announce ON users;

DROP FUNCTION announce_booking_changes();
DROP FUNCTION announce_desk_changes();
DROP FUNCTION announce_floor_change();
DROP FUNCTION announce_organization_change();
DROP FUNCTION announce_membership_changes();
DROP FUNCTION announce_organization_rows();
DROP FUNCTION announce_ended_sessions();
DROP FUNCTION announce_renamed_user();

-- A statement-level trigger with transition tables answers one event only, so a table's changes take three: the
-- insert, update and delete triggers of one argument list, under 0008's names (triggers of one event fire in name
-- order, and these keep their place beside the revision triggers of migrations 0003 and 0010).
CREATE FUNCTION pg_temp.announce_statements_of(table_name text, VARIADIC arguments text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  listed text := (SELECT string_agg(quote_literal(argument), ', ') FROM unnest(arguments) AS argument);
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION perch_announce_changes(%s)', table_name || '_inserted_announce', table_name, listed);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION perch_announce_changes(%s)', table_name || '_updated_announce', table_name, listed);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION perch_announce_changes(%s)', table_name || '_deleted_announce', table_name, listed);
END;
$$;

-- Bookings: the dates a statement touched (a permanent booking counts on every later date) and whose bookings changed.
SELECT pg_temp.announce_statements_of('bookings', 'bookings', 'organization_id',
  'fromDate', 'min', 'booking_date', 'toDate', 'max', 'booking_date', 'hasPermanent', 'any', 'is_permanent',
  'userIds', 'ids', 'user_id');
-- Desks: the floors whose desks changed, and whether a name changed (bookings show desk names).
SELECT pg_temp.announce_statements_of('desks', 'desks', 'organization_id',
  'floorIds', 'ids', 'floor_id', 'renamed', 'changed', 'name');
-- Memberships: the members who joined, changed role or left (listeners close the live streams of those who left).
SELECT pg_temp.announce_statements_of('memberships', 'members', 'organization_id', 'userIds', 'ids', 'user_id');
-- Invitations and the subscription: only "it changed".
SELECT pg_temp.announce_statements_of('invitations', 'invitations', 'organization_id');
SELECT pg_temp.announce_statements_of('subscriptions', 'subscription', 'organization_id');

DROP FUNCTION pg_temp.announce_statements_of(text, text[]);

-- Floors, row-level (few rows). Every desk change bumps floors.desks_revision (migration 0003); that alone is
-- already announced as a desk change, so an update is announced only when something else about the floor changed.
CREATE TRIGGER floors_inserted_announce AFTER INSERT ON floors
  FOR EACH ROW EXECUTE FUNCTION perch_announce_changes('floors', 'organization_id', 'floorIds', 'ids', 'id');
CREATE TRIGGER floors_updated_announce AFTER UPDATE ON floors
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'desks_revision') IS DISTINCT FROM (to_jsonb(NEW) - 'desks_revision'))
  EXECUTE FUNCTION perch_announce_changes('floors', 'organization_id', 'floorIds', 'ids', 'id');
CREATE TRIGGER floors_deleted_announce AFTER DELETE ON floors
  FOR EACH ROW EXECUTE FUNCTION perch_announce_changes('floors', 'organization_id', 'floorIds', 'ids', 'id');

-- The organization itself (name, time zone, its own floor plan and zoom), when anything about it changed.
CREATE TRIGGER organizations_updated_announce AFTER UPDATE ON organizations
  FOR EACH ROW WHEN (to_jsonb(OLD) IS DISTINCT FROM to_jsonb(NEW))
  EXECUTE FUNCTION perch_announce_changes('organization', 'id');
CREATE TRIGGER organizations_deleted_announce AFTER DELETE ON organizations
  FOR EACH ROW EXECUTE FUNCTION perch_announce_changes('organization', 'id');

-- Ended sessions (sign-out, password reset, expiry clean-up): listeners close the live streams they carried.
-- Not tied to one organization, so organizationId is null.
CREATE TRIGGER sessions_deleted_announce AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION perch_announce_changes('sessions', 'none', 'userIds', 'ids:100', 'user_id');

-- A member's name or e-mail shows in the team list and on bookings: announced to each of their organizations.
CREATE TRIGGER users_renamed_announce AFTER UPDATE OF first_name, last_name, email ON users
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION perch_announce_changes('members', 'memberships.user_id',
    'userIds', 'ids', 'id', 'renamed', 'changed', 'first_name,last_name,email');
