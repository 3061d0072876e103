-- Issue 15: the booking rules an organization sets, the amenities it keeps, and what a desk says about itself.

-- Booking rules (src/domain/booking-rules.ts judges them; the server runs that judgement inside the booking's
-- transaction, under the person's lock, so that concurrent requests cannot slip past them).
ALTER TABLE organizations
  -- A person holds at most one desk for a date and half day (a full day holds both halves); permanent bookings
  -- are desk blocks and do not count.
  ADD COLUMN one_desk_per_person boolean NOT NULL DEFAULT true,
  -- Bookings open this many days ahead of the organization's today (0: today only).
  ADD COLUMN max_days_ahead integer NOT NULL DEFAULT 90 CHECK (max_days_ahead BETWEEN 0 AND 730),
  -- Days a person may book in one week, Monday to Sunday (null: no quota).
  ADD COLUMN max_bookings_per_week integer CHECK (max_bookings_per_week BETWEEN 1 AND 7),
  -- Admins are exempt from the advance window and the weekly quota (never from one desk per person).
  ADD COLUMN admins_exempt_from_limits boolean NOT NULL DEFAULT true,
  -- The amenity tags the organization offers for its desks.
  ADD COLUMN amenities text[] NOT NULL
    DEFAULT ARRAY['monitor', 'standing desk', 'docking station', 'window', 'quiet']::text[]
    CHECK (cardinality(amenities) <= 50);

ALTER TABLE desks
  ADD COLUMN amenities text[] NOT NULL DEFAULT '{}'::text[] CHECK (cardinality(amenities) <= 20),
  -- An unbookable desk stays on the map, with the reason members see ("Out of service: chair broken").
  ADD COLUMN bookable boolean NOT NULL DEFAULT true,
  ADD COLUMN unavailable_reason text CHECK (length(unavailable_reason) <= 200),
  ADD CONSTRAINT desks_description_length CHECK (length(description) <= 500);

-- One person's bookings of a week, for the weekly quota and one desk per person.
CREATE INDEX bookings_active_by_user_idx ON bookings (user_id, organization_id, booking_date) WHERE status = 'active';
