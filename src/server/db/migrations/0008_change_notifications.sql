-- Live updates (decision 007): the database itself announces every change an organization's members can see,
-- on the channel perch_changes, as a small JSON payload naming the organization and what changed. PostgreSQL
-- delivers a NOTIFY only when its transaction commits, so a rolled-back change is never announced, and every
-- writer is covered: any server instance, any service, a migration, a manual fix in psql. Identical payloads in
-- one transaction are delivered once. Payloads stay far below the 8,000-byte limit: id lists longer than 50
-- (100 for sessions) become null, which listeners read as "all of them".

CREATE FUNCTION perch_announce(organization uuid, kind text, details jsonb DEFAULT '{}'::jsonb) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_notify('perch_changes', (jsonb_build_object('organizationId', organization, 'kind', kind) || details)::text)
$$;

-- The distinct ids of a payload's id list, or null ("all of them") when there are more than `most`.
CREATE FUNCTION perch_id_list(ids uuid[], most int DEFAULT 50) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN cardinality(ids) <= most THEN to_jsonb(ids) END
$$;

-- Bookings, statement-level: one announcement per organization per statement, with the dates it touched
-- (a permanent booking counts on every later date) and the members whose bookings changed.
CREATE FUNCTION announce_booking_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM perch_announce(organization_id, 'bookings', jsonb_build_object(
      'fromDate', min(booking_date), 'toDate', max(booking_date), 'hasPermanent', bool_or(is_permanent),
      'userIds', perch_id_list(array_agg(DISTINCT user_id))))
    FROM new_rows GROUP BY organization_id;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM perch_announce(organization_id, 'bookings', jsonb_build_object(
      'fromDate', min(booking_date), 'toDate', max(booking_date), 'hasPermanent', bool_or(is_permanent),
      'userIds', perch_id_list(array_agg(DISTINCT user_id))))
    FROM (
      SELECT organization_id, booking_date, is_permanent, user_id FROM new_rows
      UNION ALL SELECT organization_id, booking_date, is_permanent, user_id FROM old_rows
    ) AS changed GROUP BY organization_id;
  ELSE
    PERFORM perch_announce(organization_id, 'bookings', jsonb_build_object(
      'fromDate', min(booking_date), 'toDate', max(booking_date), 'hasPermanent', bool_or(is_permanent),
      'userIds', perch_id_list(array_agg(DISTINCT user_id))))
    FROM old_rows GROUP BY organization_id;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER bookings_inserted_announce AFTER INSERT ON bookings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_booking_changes();
CREATE TRIGGER bookings_updated_announce AFTER UPDATE ON bookings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_booking_changes();
CREATE TRIGGER bookings_deleted_announce AFTER DELETE ON bookings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_booking_changes();

-- Desks, statement-level: the floors whose desks changed, and whether a name changed (bookings show desk names).
CREATE FUNCTION announce_desk_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM perch_announce(organization_id, 'desks', jsonb_build_object(
      'floorIds', perch_id_list(array_agg(DISTINCT floor_id)), 'renamed', false))
    FROM new_rows GROUP BY organization_id;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM perch_announce(changed.organization_id, 'desks', jsonb_build_object(
      'floorIds', perch_id_list(array_agg(DISTINCT changed.floor_id)),
      'renamed', EXISTS (
        SELECT 1 FROM new_rows JOIN old_rows USING (id)
        WHERE new_rows.organization_id = changed.organization_id AND new_rows.name IS DISTINCT FROM old_rows.name)))
    FROM (
      SELECT organization_id, floor_id FROM new_rows UNION ALL SELECT organization_id, floor_id FROM old_rows
    ) AS changed GROUP BY changed.organization_id;
  ELSE
    PERFORM perch_announce(organization_id, 'desks', jsonb_build_object(
      'floorIds', perch_id_list(array_agg(DISTINCT floor_id)), 'renamed', false))
    FROM old_rows GROUP BY organization_id;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER desks_inserted_announce AFTER INSERT ON desks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_desk_changes();
CREATE TRIGGER desks_updated_announce AFTER UPDATE ON desks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_desk_changes();
CREATE TRIGGER desks_deleted_announce AFTER DELETE ON desks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_desk_changes();

-- Floors, row-level (few rows). Every desk change bumps floors.desks_revision (migration 0003); that alone is
-- already announced as a desk change, so an update is announced only when something else about the floor changed.
CREATE FUNCTION announce_floor_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM perch_announce(NEW.organization_id, 'floors', jsonb_build_object('floorIds', jsonb_build_array(NEW.id)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM perch_announce(OLD.organization_id, 'floors', jsonb_build_object('floorIds', jsonb_build_array(OLD.id)));
  ELSIF (to_jsonb(OLD) - 'desks_revision') IS DISTINCT FROM (to_jsonb(NEW) - 'desks_revision') THEN
    PERFORM perch_announce(NEW.organization_id, 'floors', jsonb_build_object('floorIds', jsonb_build_array(NEW.id)));
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER floors_changed_announce AFTER INSERT OR UPDATE OR DELETE ON floors
  FOR EACH ROW EXECUTE FUNCTION announce_floor_change();

-- The organization itself: name, time zone, its own floor plan and zoom.
CREATE FUNCTION announce_organization_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM perch_announce(OLD.id, 'organization');
  ELSIF to_jsonb(OLD) IS DISTINCT FROM to_jsonb(NEW) THEN
    PERFORM perch_announce(NEW.id, 'organization');
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER organizations_changed_announce AFTER UPDATE OR DELETE ON organizations
  FOR EACH ROW EXECUTE FUNCTION announce_organization_change();

-- Memberships, statement-level: the members who joined, changed role or left. Listeners also close the live
-- streams of members who left.
CREATE FUNCTION announce_membership_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM perch_announce(organization_id, 'members', jsonb_build_object(
      'userIds', perch_id_list(array_agg(DISTINCT user_id))))
    FROM new_rows GROUP BY organization_id;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM perch_announce(organization_id, 'members', jsonb_build_object(
      'userIds', perch_id_list(array_agg(DISTINCT user_id))))
    FROM (SELECT organization_id, user_id FROM new_rows UNION ALL SELECT organization_id, user_id FROM old_rows) AS changed
    GROUP BY organization_id;
  ELSE
    PERFORM perch_announce(organization_id, 'members', jsonb_build_object(
      'userIds', perch_id_list(array_agg(DISTINCT user_id))))
    FROM old_rows GROUP BY organization_id;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER memberships_inserted_announce AFTER INSERT ON memberships
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_membership_changes();
CREATE TRIGGER memberships_updated_announce AFTER UPDATE ON memberships
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_membership_changes();
CREATE TRIGGER memberships_deleted_announce AFTER DELETE ON memberships
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_membership_changes();

-- Invitations and the subscription: only "it changed" (the kind comes as the trigger's argument).
CREATE FUNCTION announce_organization_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM perch_announce(organization_id, TG_ARGV[0]) FROM (SELECT DISTINCT organization_id FROM old_rows) AS changed;
  ELSE
    PERFORM perch_announce(organization_id, TG_ARGV[0]) FROM (SELECT DISTINCT organization_id FROM new_rows) AS changed;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER invitations_inserted_announce AFTER INSERT ON invitations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_organization_rows('invitations');
CREATE TRIGGER invitations_updated_announce AFTER UPDATE ON invitations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_organization_rows('invitations');
CREATE TRIGGER invitations_deleted_announce AFTER DELETE ON invitations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_organization_rows('invitations');
CREATE TRIGGER subscriptions_inserted_announce AFTER INSERT ON subscriptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_organization_rows('subscription');
CREATE TRIGGER subscriptions_updated_announce AFTER UPDATE ON subscriptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_organization_rows('subscription');
CREATE TRIGGER subscriptions_deleted_announce AFTER DELETE ON subscriptions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_organization_rows('subscription');

-- Ended sessions (sign-out, password reset, expiry clean-up): listeners close the live streams they carried.
-- Not tied to one organization, so organizationId is null.
CREATE FUNCTION announce_ended_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('perch_changes', jsonb_build_object(
    'organizationId', NULL, 'kind', 'sessions',
    'userIds', perch_id_list(array_agg(DISTINCT user_id), 100))::text)
  FROM old_rows HAVING count(*) > 0;
  RETURN NULL;
END;
$$;

CREATE TRIGGER sessions_deleted_announce AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_ended_sessions();

-- A member's name or e-mail shows in the team list and on bookings: announced to each of their organizations.
CREATE FUNCTION announce_renamed_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM perch_announce(organization_id, 'members',
    jsonb_build_object('userIds', jsonb_build_array(NEW.id), 'renamed', true))
  FROM memberships WHERE user_id = NEW.id;
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_renamed_announce AFTER UPDATE OF first_name, last_name, email ON users
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION announce_renamed_user();
