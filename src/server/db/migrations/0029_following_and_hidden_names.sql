-- Issue 29, planning the week together. A person follows colleagues of the same organization (both memberships: the
-- row ends with either), sees them first in Who's in and may ask for a mail the evening before a day they are in.
-- organizations.hide_names: members (not admins) see no other person's name on bookings (src/domain/privacy.ts).
ALTER TABLE organizations ADD COLUMN hide_names boolean NOT NULL DEFAULT false;

CREATE TABLE follows (
  organization_id uuid NOT NULL,
  follower_id uuid NOT NULL,
  followee_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, follower_id, followee_id),
  CHECK (follower_id <> followee_id),
  FOREIGN KEY (organization_id, follower_id) REFERENCES memberships (organization_id, user_id) ON DELETE CASCADE,
  FOREIGN KEY (organization_id, followee_id) REFERENCES memberships (organization_id, user_id) ON DELETE CASCADE
);
CREATE INDEX follows_followee_idx ON follows (organization_id, followee_id);

-- Who wants "Tomorrow: Ana and Raj are in, 3rd floor": a row per person and organization (none: no mail). Apart from
-- memberships so that opting in does not announce a change of members to every screen.
CREATE TABLE daily_mail_subscribers (
  organization_id uuid NOT NULL,
  user_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, user_id),
  FOREIGN KEY (organization_id, user_id) REFERENCES memberships (organization_id, user_id) ON DELETE CASCADE
);

-- The daily mails sent: one per person, organization and day it is about, claimed by an insert so that no instance
-- sends twice (as check_in_reminders_sent).
CREATE TABLE daily_mails_sent (
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  mail_date date NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, user_id, mail_date)
);
