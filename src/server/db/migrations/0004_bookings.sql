-- Bookings. The database itself refuses a double booking: the exclusion constraint below holds for
-- every interleaving of requests on any number of server instances; the service only maps its 23P01.

-- Lets bookings reference (organization, desk), so a booking can never point at another tenant's desk.
ALTER TABLE desks ADD CONSTRAINT desks_organization_id_id_key UNIQUE (organization_id, id);

CREATE TABLE bookings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- No separate reference to organizations: the desk reference below already ties the row to an
  -- existing organization, and a second key check on one hot organization row would make every
  -- concurrent insert share-lock it.
  organization_id uuid NOT NULL,
  desk_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  booking_date date NOT NULL,
  time_slot text NOT NULL CHECK (time_slot IN ('full-day', 'morning', 'afternoon')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'cancelled')),
  notes text CHECK (length(notes) <= 500),
  is_permanent boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  cancelled_at timestamptz,
  cancelled_by uuid REFERENCES users (id) ON DELETE SET NULL,
  -- The local wall-clock time the booking holds its desk: the slot on its date, or for a permanent
  -- booking from its slot's start with no end. Slot times as in src/domain/bookings.ts (slotTimes).
  occupied tsrange GENERATED ALWAYS AS (
    tsrange(
      booking_date + CASE time_slot WHEN 'afternoon' THEN time '13:00' ELSE time '09:00' END,
      CASE
        WHEN is_permanent THEN NULL
        ELSE booking_date + CASE time_slot WHEN 'morning' THEN time '13:00' ELSE time '18:00' END
      END,
      '[)'
    )
  ) STORED,
  FOREIGN KEY (organization_id, desk_id) REFERENCES desks (organization_id, id) ON DELETE CASCADE,
  CONSTRAINT bookings_cancellation_recorded CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL)),
  CONSTRAINT bookings_no_double_booking EXCLUDE USING gist (desk_id WITH =, occupied WITH &&) WHERE (status = 'active')
);

-- The floor plan's day read and the Team Bookings range: active rows of one organization by date.
CREATE INDEX bookings_active_by_date_idx ON bookings (organization_id, booking_date) WHERE status = 'active';
-- Permanent bookings count on every later date: the range read adds those that started by its end.
CREATE INDEX bookings_active_permanent_idx ON bookings (organization_id, booking_date)
  WHERE status = 'active' AND is_permanent;
-- My Bookings, and cancelling all of a member's bookings.
CREATE INDEX bookings_user_idx ON bookings (user_id, organization_id, booking_date);
-- Deleting a desk cascades to its bookings, cancelled ones included (the exclusion index covers only active rows).
CREATE INDEX bookings_desk_idx ON bookings (desk_id);
CREATE INDEX bookings_cancelled_by_idx ON bookings (cancelled_by) WHERE cancelled_by IS NOT NULL;
