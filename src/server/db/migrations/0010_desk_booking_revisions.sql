-- A revision per desk that grows with every change to what the bookings read shows of that desk: a booking
-- made, cancelled or deleted, the desk renamed or moved to another floor, its floor renamed, a booker's name or
-- e-mail changed. The sum over an organization's desks is the key of each server instance's cache of a day's
-- bookings (src/server/modules/bookings/day-cache.ts, decision 009): rows are only ever added or incremented,
-- so every committed change raises the sum, whichever instance or hand-written SQL made it.
--
-- Per desk rather than per organization: writers of one desk already queue on its advisory lock (decision 005),
-- so the row lock of its revision adds no waiting, where one organization-wide counter would make every booking
-- of the organization wait for the previous one's commit. Statements that touch several desks bump them in
-- (organization, desk) order, as weekly series take their desk locks, so that two of them cannot deadlock.
-- No foreign keys: the row of a deleted desk stays (its sum must not fall), and an insert does not key-share
-- lock the organization's row.
CREATE TABLE desk_booking_revisions (
  organization_id uuid NOT NULL,
  desk_id uuid NOT NULL,
  revision bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (organization_id, desk_id)
) WITH (fillfactor = 50);

INSERT INTO desk_booking_revisions (organization_id, desk_id) SELECT organization_id, id FROM desks;

CREATE FUNCTION bump_desk_booking_revisions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO desk_booking_revisions AS r (organization_id, desk_id, revision)
      SELECT DISTINCT organization_id, desk_id, 1 FROM new_bookings ORDER BY organization_id, desk_id
      ON CONFLICT (organization_id, desk_id) DO UPDATE SET revision = r.revision + 1;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO desk_booking_revisions AS r (organization_id, desk_id, revision)
      SELECT organization_id, desk_id, 1
      FROM (SELECT organization_id, desk_id FROM new_bookings UNION SELECT organization_id, desk_id FROM old_bookings) AS changed
      ORDER BY organization_id, desk_id
      ON CONFLICT (organization_id, desk_id) DO UPDATE SET revision = r.revision + 1;
  ELSE
    INSERT INTO desk_booking_revisions AS r (organization_id, desk_id, revision)
      SELECT DISTINCT organization_id, desk_id, 1 FROM old_bookings ORDER BY organization_id, desk_id
      ON CONFLICT (organization_id, desk_id) DO UPDATE SET revision = r.revision + 1;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER bookings_inserted_bump_desk_revision AFTER INSERT ON bookings
  REFERENCING NEW TABLE AS new_bookings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_desk_booking_revisions();
CREATE TRIGGER bookings_updated_bump_desk_revision AFTER UPDATE ON bookings
  REFERENCING OLD TABLE AS old_bookings NEW TABLE AS new_bookings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_desk_booking_revisions();
CREATE TRIGGER bookings_deleted_bump_desk_revision AFTER DELETE ON bookings
  REFERENCING OLD TABLE AS old_bookings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_desk_booking_revisions();

-- The names a booking shows: its desk's, its floor's, its booker's.
CREATE FUNCTION bump_revision_of_renamed_desk() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO desk_booking_revisions AS r (organization_id, desk_id, revision) VALUES (NEW.organization_id, NEW.id, 1)
    ON CONFLICT (organization_id, desk_id) DO UPDATE SET revision = r.revision + 1;
  RETURN NULL;
END;
$$;
CREATE TRIGGER desks_renamed_bump_desk_revision AFTER UPDATE OF name, floor_id ON desks
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.floor_id IS DISTINCT FROM NEW.floor_id)
  EXECUTE FUNCTION bump_revision_of_renamed_desk();

CREATE FUNCTION bump_revisions_of_renamed_floor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO desk_booking_revisions AS r (organization_id, desk_id, revision)
    SELECT organization_id, id, 1 FROM desks WHERE floor_id = NEW.id ORDER BY organization_id, id
    ON CONFLICT (organization_id, desk_id) DO UPDATE SET revision = r.revision + 1;
  RETURN NULL;
END;
$$;
CREATE TRIGGER floors_renamed_bump_desk_revisions AFTER UPDATE OF name ON floors
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION bump_revisions_of_renamed_floor();

CREATE FUNCTION bump_revisions_of_renamed_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE desk_booking_revisions AS r SET revision = r.revision + 1
    FROM (SELECT r2.organization_id, r2.desk_id FROM desk_booking_revisions r2
          JOIN memberships m ON m.organization_id = r2.organization_id AND m.user_id = NEW.id
          ORDER BY r2.organization_id, r2.desk_id FOR UPDATE OF r2) AS mine
    WHERE r.organization_id = mine.organization_id AND r.desk_id = mine.desk_id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER users_renamed_bump_desk_revisions AFTER UPDATE OF first_name, last_name, email ON users
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION bump_revisions_of_renamed_user();
