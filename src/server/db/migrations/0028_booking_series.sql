-- Issue 29: office days that repeat. A series is the rule a person's recurring booking was made by (a desk, a slot,
-- ISO weekdays, every week or every other week, from a start date until an end date); each date it booked is an
-- ordinary booking row pointing at it, so the exclusion constraint against double booking guards every one, and a
-- single date is cancelled as any booking. src/domain/recurring-bookings.ts holds the rules; this holds the facts.
CREATE TABLE booking_series (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  desk_id uuid NOT NULL,
  time_slot text NOT NULL CHECK (time_slot IN ('full-day', 'morning', 'afternoon')),
  weekdays smallint[] NOT NULL
    CHECK (cardinality(weekdays) BETWEEN 1 AND 7 AND weekdays <@ '{1,2,3,4,5,6,7}'::smallint[]),
  interval_weeks smallint NOT NULL CHECK (interval_weeks IN (1, 2)),
  start_date date NOT NULL,
  until_date date NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set when no upcoming booking of the series is left after a cancellation of the series (or from a date on).
  cancelled_at timestamptz,
  CONSTRAINT booking_series_dates CHECK (until_date >= start_date AND until_date <= start_date + 733),
  -- The desk is the organization's: deleting it deletes its series, as it does its bookings.
  FOREIGN KEY (organization_id, desk_id) REFERENCES desks (organization_id, id) ON DELETE CASCADE,
  UNIQUE (organization_id, id)
);
-- My Bookings lists a person's series.
CREATE INDEX booking_series_person_idx ON booking_series (user_id, organization_id);
CREATE INDEX booking_series_desk_idx ON booking_series (desk_id);
CREATE INDEX booking_series_created_by_idx ON booking_series (created_by) WHERE created_by IS NOT NULL;

-- A booking made by a series, of the same organization; a deleted series leaves its bookings as one-off ones.
ALTER TABLE bookings ADD COLUMN series_id uuid;
ALTER TABLE bookings ADD CONSTRAINT bookings_series_fkey FOREIGN KEY (organization_id, series_id)
  REFERENCES booking_series (organization_id, id) ON DELETE SET NULL (series_id);
CREATE INDEX bookings_series_idx ON bookings (series_id) WHERE series_id IS NOT NULL;
