-- Issue 26: single sign-on enters an account only through a domain the organization has proven it owns (decision 023).

-- A domain is claimed by any number of organizations but verified by one at most: each claim carries its own random
-- token, published by the owner as a DNS TXT record "perch-verification=<token>" at the domain or at _perch.<domain>.
-- Claims made before this migration are unverified: their organizations verify them before anyone signs in there.
ALTER TABLE sso_domains DROP CONSTRAINT sso_domains_pkey;
ALTER TABLE sso_domains ADD PRIMARY KEY (organization_id, domain);
ALTER TABLE sso_domains
  ADD COLUMN verification_token text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', ''),
  ADD COLUMN verified_at timestamptz,
  ADD COLUMN checked_at timestamptz,
  -- Daily re-checks in a row that found no record; at three the domain is no longer verified.
  ADD COLUMN missed_checks integer NOT NULL DEFAULT 0,
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE sso_domains ALTER COLUMN verification_token DROP DEFAULT;
CREATE UNIQUE INDEX sso_domains_verified_once ON sso_domains (domain) WHERE verified_at IS NOT NULL;
CREATE INDEX sso_domains_domain_idx ON sso_domains (domain);

-- A person's identity at an organization's provider (issuer and subject), linked to their account: by a sign-in in a
-- domain the organization has verified, or by the person themselves with their password or passkey.
CREATE TABLE sso_identities (
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  issuer text NOT NULL,
  subject text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  linked_by text NOT NULL CHECK (linked_by IN ('verified-domain', 'password', 'passkey')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, issuer, subject)
);
CREATE INDEX sso_identities_user_idx ON sso_identities (user_id);

-- A sign-in is bound to the browser that started it: the digest of a token kept in that browser's cookie.
DELETE FROM sso_logins;
ALTER TABLE sso_logins ADD COLUMN browser_digest text NOT NULL;

-- How each session was opened, so that an organization requiring single sign-on admits only sessions opened
-- through its own connection. Sessions before this migration are counted as password sessions.
ALTER TABLE sessions
  ADD COLUMN sign_in_method text NOT NULL DEFAULT 'password'
    CHECK (sign_in_method IN ('password', 'passkey', 'sso', 'registration', 'invitation', 'email-link')),
  ADD COLUMN sso_organization_id uuid REFERENCES organizations (id) ON DELETE CASCADE;

-- An identity a provider asserted for an existing account outside the organization's verified domains, waiting for
-- the account's owner to link it by signing in with their own password or passkey in the same browser (ten minutes).
-- Keyed by the digest of the token in that browser's cookie.
CREATE TABLE sso_pending_links (
  id text PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  issuer text NOT NULL,
  subject text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sso_pending_links_expires_idx ON sso_pending_links (expires_at);
CREATE INDEX sso_pending_links_user_idx ON sso_pending_links (user_id);
