-- Issue 16: bookings that match reality. Check-in (src/domain/check-in.ts has the window), walk-ins, the release of
-- bookings nobody checked in to, reminders before the window opens, and a calendar feed per person.

ALTER TABLE organizations
  -- People confirm they came: the window opens 30 minutes before the slot and closes this many minutes after it starts.
  ADD COLUMN check_in_required boolean NOT NULL DEFAULT false,
  ADD COLUMN check_in_grace_minutes integer NOT NULL DEFAULT 30 CHECK (check_in_grace_minutes BETWEEN 5 AND 240),
  -- A booking not checked in when its window closes is released (a no-show); acts only while check-in is required.
  ADD COLUMN auto_release boolean NOT NULL DEFAULT true,
  -- When check-in last became required: only bookings whose window opened after it can be released, so turning it
  -- on at 10:00 does not release the morning's bookings at once.
  ADD COLUMN check_in_required_since timestamptz,
  ADD CONSTRAINT organizations_check_in_since CHECK (NOT check_in_required OR check_in_required_since IS NOT NULL);

ALTER TABLE bookings
  -- When the person (or an admin for them) confirmed being at the desk.
  ADD COLUMN checked_in_at timestamptz,
  -- Set with status 'cancelled' when the release job ended the booking: a no-show, kept for analytics.
  ADD COLUMN released_at timestamptz,
  -- Made on the spot from the desk's QR code ("Sit here"), checked in at once.
  ADD COLUMN is_walk_in boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT bookings_release_ends_it CHECK (released_at IS NULL OR status = 'cancelled'),
  ADD CONSTRAINT bookings_released_not_checked_in CHECK (released_at IS NULL OR checked_in_at IS NULL);

-- Each person may turn the reminder mails off in their account menu.
ALTER TABLE users ADD COLUMN check_in_reminders boolean NOT NULL DEFAULT true;

-- The reminders sent: one per person, organization and day, claimed by an insert so that no instance sends twice.
-- Kept apart from bookings so that sending one does not change what a bookings read shows (nor its revision).
CREATE TABLE check_in_reminders_sent (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  booking_date date NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, organization_id, booking_date)
);
CREATE INDEX check_in_reminders_sent_organization_idx ON check_in_reminders_sent (organization_id);

-- A person's calendar feed: a secret address, stored only as the SHA-256 digest of its token. One per person;
-- asking again replaces it, and revoking deletes the row, so the old address answers 404.
CREATE TABLE calendar_feeds (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  token_digest text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
