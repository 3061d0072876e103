-- Issue 29: teams and neighbourhoods. A team is a named group of an organization's members, with booking limits of its
-- own that override the organization's for its members (null: the organization's). A neighbourhood groups desks of
-- one floor; restricted to teams (neighbourhood_teams), its desks are bookable only by their members, on its weekdays
-- (empty: every day). src/domain/teams.ts holds the rules; this holds the facts.
CREATE TABLE teams (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  colour text NOT NULL CHECK (colour ~ '^#[0-9a-f]{6}$'),
  max_days_ahead integer CHECK (max_days_ahead BETWEEN 0 AND 730),
  max_bookings_per_week integer CHECK (max_bookings_per_week BETWEEN 1 AND 7),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organization_id, id)
);
CREATE UNIQUE INDEX teams_name_key ON teams (organization_id, lower(name));

-- Removing a person from the organization (their membership) removes them from its teams.
CREATE TABLE team_members (
  organization_id uuid NOT NULL,
  team_id uuid NOT NULL,
  user_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, user_id),
  FOREIGN KEY (organization_id, team_id) REFERENCES teams (organization_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organization_id, user_id) REFERENCES memberships (organization_id, user_id) ON DELETE CASCADE
);
CREATE INDEX team_members_person_idx ON team_members (organization_id, user_id);

CREATE TABLE neighbourhoods (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL,
  floor_id uuid NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  colour text NOT NULL CHECK (colour ~ '^#[0-9a-f]{6}$'),
  -- ISO weekdays (1 Monday … 7 Sunday) on which the restriction holds; empty: every day.
  weekdays smallint[] NOT NULL DEFAULT '{}' CHECK (weekdays <@ '{1,2,3,4,5,6,7}'::smallint[]),
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (organization_id, floor_id) REFERENCES floors (organization_id, id) ON DELETE CASCADE,
  UNIQUE (organization_id, id),
  UNIQUE (floor_id, id)
);
CREATE UNIQUE INDEX neighbourhoods_name_key ON neighbourhoods (floor_id, lower(name));

CREATE TABLE neighbourhood_teams (
  organization_id uuid NOT NULL,
  neighbourhood_id uuid NOT NULL,
  team_id uuid NOT NULL,
  PRIMARY KEY (neighbourhood_id, team_id),
  FOREIGN KEY (organization_id, neighbourhood_id) REFERENCES neighbourhoods (organization_id, id) ON DELETE CASCADE,
  FOREIGN KEY (organization_id, team_id) REFERENCES teams (organization_id, id) ON DELETE CASCADE
);
CREATE INDEX neighbourhood_teams_team_idx ON neighbourhood_teams (team_id);

-- A desk is in at most one neighbourhood, of its own floor; deleting the neighbourhood leaves its desks in none.
ALTER TABLE desks ADD COLUMN neighbourhood_id uuid;
ALTER TABLE desks ADD CONSTRAINT desks_neighbourhood_fkey FOREIGN KEY (floor_id, neighbourhood_id)
  REFERENCES neighbourhoods (floor_id, id) ON DELETE SET NULL (neighbourhood_id);
CREATE INDEX desks_neighbourhood_idx ON desks (neighbourhood_id) WHERE neighbourhood_id IS NOT NULL;

-- A desk moved to another floor leaves its neighbourhood (which is of the floor it left).
CREATE FUNCTION perch_desk_leaves_neighbourhood() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.floor_id IS DISTINCT FROM OLD.floor_id AND NEW.neighbourhood_id IS NOT DISTINCT FROM OLD.neighbourhood_id THEN
    NEW.neighbourhood_id := NULL;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER desks_leave_neighbourhood BEFORE UPDATE OF floor_id ON desks
  FOR EACH ROW EXECUTE FUNCTION perch_desk_leaves_neighbourhood();

-- Live screens learn of changes: a team's (and its members') as the organization's, a neighbourhood's as its floor's.
CREATE TRIGGER teams_inserted_announce AFTER INSERT ON teams
  FOR EACH ROW EXECUTE FUNCTION perch_announce_changes('organization', 'organization_id');
CREATE TRIGGER teams_updated_announce AFTER UPDATE ON teams
  FOR EACH ROW EXECUTE FUNCTION perch_announce_changes('organization', 'organization_id');
CREATE TRIGGER teams_deleted_announce AFTER DELETE ON teams
  FOR EACH ROW EXECUTE FUNCTION perch_announce_changes('organization', 'organization_id');
CREATE TRIGGER team_members_inserted_announce AFTER INSERT ON team_members REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION perch_announce_changes('organization', 'organization_id');
CREATE TRIGGER team_members_deleted_announce AFTER DELETE ON team_members REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION perch_announce_changes('organization', 'organization_id');
CREATE TRIGGER neighbourhoods_inserted_announce AFTER INSERT ON neighbourhoods
  FOR EACH ROW EXECUTE FUNCTION perch_announce_changes('floors', 'organization_id', 'floorIds', 'ids', 'floor_id');
CREATE TRIGGER neighbourhoods_updated_announce AFTER UPDATE ON neighbourhoods
  FOR EACH ROW EXECUTE FUNCTION perch_announce_changes('floors', 'organization_id', 'floorIds', 'ids', 'floor_id');
CREATE TRIGGER neighbourhoods_deleted_announce AFTER DELETE ON neighbourhoods
  FOR EACH ROW EXECUTE FUNCTION perch_announce_changes('floors', 'organization_id', 'floorIds', 'ids', 'floor_id');

-- The rules' context (migration 0016) also answers the person's teams with their limits, and reads the person's
-- bookings (under the person's lock) whenever any quota could apply: the organization's or one of their teams'.
-- Which limits win ("the most generous") is src/domain/teams.ts's to say, not this function's.
CREATE OR REPLACE FUNCTION perch_booking_rules_context(organization uuid, person uuid, booker uuid, from_date date, to_date date)
RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  o organizations%ROWTYPE;
  booker_role text;
  person_role text;
  person_row jsonb;
  person_teams jsonb;
  team_quota boolean;
  needs_held boolean;
  held jsonb := '[]'::jsonb;
BEGIN
  SELECT * INTO o FROM organizations WHERE id = organization;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT role INTO booker_role FROM memberships WHERE organization_id = organization AND user_id = booker;
  IF person = booker THEN
    person_role := booker_role;
  ELSE
    SELECT role INTO person_role FROM memberships WHERE organization_id = organization AND user_id = person;
  END IF;
  SELECT jsonb_build_object('firstName', first_name, 'lastName', last_name, 'email', email) INTO person_row
    FROM users WHERE id = person;
  SELECT coalesce(jsonb_agg(jsonb_build_object('id', t.id, 'name', t.name, 'maxDaysAhead', t.max_days_ahead,
      'maxBookingsPerWeek', t.max_bookings_per_week) ORDER BY t.id), '[]'::jsonb),
      coalesce(bool_or(t.max_bookings_per_week IS NOT NULL), false)
    INTO person_teams, team_quota
    FROM team_members tm JOIN teams t ON t.id = tm.team_id
    WHERE tm.organization_id = organization AND tm.user_id = person;
  needs_held := o.one_desk_per_person
    OR ((o.max_bookings_per_week IS NOT NULL OR team_quota)
      AND NOT (o.admins_exempt_from_limits AND booker_role = 'admin'));
  IF needs_held THEN
    PERFORM pg_advisory_xact_lock(hashtextextended(organization::text || person::text, 7472));
    SELECT coalesce(jsonb_agg(jsonb_build_object('deskId', d.id, 'deskName', d.name,
        'bookingDate', b.booking_date::text, 'timeSlot', b.time_slot) ORDER BY b.booking_date), '[]'::jsonb)
      INTO held
      FROM bookings b JOIN desks d ON d.id = b.desk_id
      WHERE b.user_id = person AND b.organization_id = organization AND b.status = 'active' AND NOT b.is_permanent
        AND b.booking_date BETWEEN from_date AND to_date;
  END IF;
  RETURN jsonb_build_object(
    'bookerRole', booker_role,
    'personRole', person_role,
    'person', person_row,
    'today', ((now() AT TIME ZONE o.time_zone)::date)::text,
    'rules', jsonb_build_object(
      'oneDeskPerPerson', o.one_desk_per_person,
      'maxDaysAhead', o.max_days_ahead,
      'maxBookingsPerWeek', o.max_bookings_per_week,
      'adminsExempt', o.admins_exempt_from_limits),
    'teams', person_teams,
    'held', held);
END;
$$;
