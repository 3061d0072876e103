-- Invitations by e-mail. The link's token is never stored, only its SHA-256 digest.
CREATE TABLE invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  role text NOT NULL CHECK (role IN ('admin', 'member')),
  token_digest text NOT NULL,
  invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Re-sending gives the invitation a fresh token and expiry and moves sent_at; created_at stays.
  sent_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by uuid REFERENCES users (id) ON DELETE SET NULL,
  revoked_at timestamptz,
  CONSTRAINT invitations_closed_once CHECK (accepted_at IS NULL OR revoked_at IS NULL)
);
CREATE UNIQUE INDEX invitations_token_digest_key ON invitations (token_digest);
-- One open invitation per address and organization: inviting again re-sends that one.
CREATE UNIQUE INDEX invitations_open_email_key ON invitations (organization_id, email)
  WHERE accepted_at IS NULL AND revoked_at IS NULL;
CREATE INDEX invitations_invited_by_idx ON invitations (invited_by) WHERE invited_by IS NOT NULL;
CREATE INDEX invitations_accepted_by_idx ON invitations (accepted_by) WHERE accepted_by IS NOT NULL;

