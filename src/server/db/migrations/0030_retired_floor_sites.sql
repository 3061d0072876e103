-- Issue 28's leftovers: a deleted floor keeps the site it was on, so analytics counts its desks' past days on that
-- site's calendar (migration 0024 could only put them at the organization's first site), and a deleted desk keeps
-- its bookings up to its own site's today rather than the organization's. Floors deleted before this kept no site:
-- they stay at the first site.
ALTER TABLE retired_floors ADD COLUMN site_id uuid;

CREATE OR REPLACE FUNCTION perch_retire_floor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO retired_floors (id, organization_id, name, site_id)
  SELECT OLD.id, OLD.organization_id, OLD.name, OLD.site_id
  WHERE EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id)
  ON CONFLICT (id) DO NOTHING;
  RETURN OLD;
END $$;

-- When the desk goes with its floor, the floor row is already gone: its site is the one the floor was retired with.
CREATE OR REPLACE FUNCTION perch_retire_desk() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text;
BEGIN
  SELECT time_zone INTO zone FROM organizations WHERE id = OLD.organization_id;
  IF NOT FOUND THEN
    RETURN OLD;
  END IF;
  zone := coalesce(
    (SELECT s.time_zone FROM floors f JOIN sites s ON s.id = f.site_id WHERE f.id = OLD.floor_id),
    (SELECT s.time_zone FROM retired_floors rf JOIN sites s ON s.id = rf.site_id WHERE rf.id = OLD.floor_id),
    zone);
  INSERT INTO retired_desks (id, organization_id, floor_id, name, bookable, created_at)
  VALUES (OLD.id, OLD.organization_id, OLD.floor_id, OLD.name, OLD.bookable, OLD.created_at)
  ON CONFLICT (id) DO NOTHING;
  INSERT INTO retired_bookings (id, organization_id, desk_id, user_id, booking_date, time_slot, status, is_permanent,
      created_at, cancelled_at, checked_in_at, released_at, is_walk_in)
  SELECT id, organization_id, desk_id, user_id, booking_date, time_slot, status, is_permanent,
      created_at, cancelled_at, checked_in_at, released_at, is_walk_in
  FROM bookings
  WHERE desk_id = OLD.id AND organization_id = OLD.organization_id
    AND booking_date <= (now() AT TIME ZONE zone)::date
  ON CONFLICT (id) DO NOTHING;
  RETURN OLD;
END $$;
