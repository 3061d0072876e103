-- Issue 29: assigned desks that free up (decision 029). A permanent booking made for a person (`userId`) is that
-- person's assigned desk (is_assigned). Its owner, or an admin, releases whole days of it (booking_releases); on those
-- days others may book the desk. The guarantee stays the one exclusion constraint of migration 0004: `occupied`
-- becomes a tsmultirange, the booking's range less its released days, so that
--   - a booking of a released day does not overlap the permanent booking, and the constraint lets it in;
--   - taking a day back while someone holds it makes the permanent booking's row overlap theirs, and the same
--     constraint refuses the update (23P01), whatever the interleaving of requests.
-- src/domain/releases.ts holds the rules (which days, the validation); this holds the facts.

ALTER TABLE bookings
  ADD COLUMN is_assigned boolean NOT NULL DEFAULT false,
  -- The released days as local wall-clock ranges [day 00:00, next day 00:00), kept from booking_releases by the
  -- trigger below (never written otherwise): what `occupied` subtracts.
  ADD COLUMN released tsmultirange NOT NULL DEFAULT '{}',
  ADD CONSTRAINT bookings_assigned_is_permanent CHECK (is_permanent OR NOT is_assigned);

-- Only admins make permanent bookings: one held by a person who is not an admin of its organization was made for them.
-- (One held by an admin stays a block, as it was shown before.)
UPDATE bookings b SET is_assigned = true
WHERE b.is_permanent AND b.status = 'active'
  AND NOT EXISTS (SELECT FROM memberships m
    WHERE m.organization_id = b.organization_id AND m.user_id = b.user_id AND m.role = 'admin');

ALTER TABLE bookings DROP CONSTRAINT bookings_no_double_booking;
ALTER TABLE bookings DROP COLUMN occupied;
-- As in migration 0004 (the slot's place in its day, a permanent booking with no end), less the released days.
-- tsmultirange && tsrange and tsmultirange && tsmultirange are operators of GiST's multirange_ops (PostgreSQL 14+),
-- so every `occupied && '[...)'::tsrange` query keeps reading the constraint's index.
ALTER TABLE bookings ADD COLUMN occupied tsmultirange GENERATED ALWAYS AS (
  tsmultirange(
    tsrange(
      booking_date + CASE time_slot WHEN 'afternoon' THEN time '13:00' ELSE time '09:00' END,
      CASE
        WHEN is_permanent THEN NULL
        ELSE booking_date + CASE time_slot WHEN 'morning' THEN time '13:00' ELSE time '18:00' END
      END,
      '[)'
    )
  ) - released
) STORED;
ALTER TABLE bookings ADD CONSTRAINT bookings_no_double_booking
  EXCLUDE USING gist (desk_id WITH =, occupied WITH &&) WHERE (status = 'active');

-- The assigned desks with released days: what a new booking looks up (after its answer) to tell an owner that someone
-- took one of their released days. Holds only those few rows.
CREATE INDEX bookings_with_released_days_idx ON bookings (desk_id, booking_date)
  WHERE status = 'active' AND is_permanent AND released <> '{}'::tsmultirange;

CREATE TABLE booking_releases (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_id uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  start_date date NOT NULL,
  end_date date NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT booking_releases_dates CHECK (start_date <= end_date AND end_date - start_date < 366),
  -- Two releases of one booking never overlap (src/domain/releases.ts says so first, with the dates).
  CONSTRAINT booking_releases_no_overlap
    EXCLUDE USING gist (booking_id WITH =, daterange(start_date, end_date, '[]') WITH &&)
);
CREATE INDEX booking_releases_created_by_idx ON booking_releases (created_by) WHERE created_by IS NOT NULL;

-- Keeps bookings.released equal to the booking's releases. The booking's row is locked first and its releases read by
-- a later statement (a fresh snapshot at READ COMMITTED): two releases of one booking written at once each see the
-- other's, rather than the second writing a stale union. The update re-checks the exclusion constraint: taking back a
-- day someone has booked fails there.
CREATE FUNCTION perch_sync_booking_released() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid := CASE TG_OP WHEN 'DELETE' THEN OLD.booking_id ELSE NEW.booking_id END;
BEGIN
  PERFORM FROM bookings WHERE id = target FOR UPDATE;
  UPDATE bookings SET released = coalesce(
      (SELECT range_agg(tsrange(r.start_date::timestamp, (r.end_date + 1)::timestamp, '[)'))
        FROM booking_releases r WHERE r.booking_id = target),
      '{}'::tsmultirange)
    WHERE id = target;
  IF TG_OP = 'UPDATE' AND OLD.booking_id <> NEW.booking_id THEN
    RAISE EXCEPTION 'a release belongs to its booking for good';
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER booking_releases_sync AFTER INSERT OR UPDATE OR DELETE ON booking_releases
  FOR EACH ROW EXECUTE FUNCTION perch_sync_booking_released();
