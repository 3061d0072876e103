-- Issue 19: single sign-on with OpenID Connect, one provider per organization (decision 021).

-- The organization's provider. The client secret is stored only encrypted (AES-256-GCM with SSO_SECRET_KEY, as
-- base64 of nonce, tag and ciphertext); it is never sent back. `required`: members cannot sign in with a password.
CREATE TABLE sso_connections (
  organization_id uuid PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  issuer text NOT NULL,
  client_id text NOT NULL,
  client_secret_encrypted text NOT NULL,
  required boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The e-mail domains a connection covers: one row per domain, so that the primary key guarantees one domain, one
-- organization (an array column could not carry that constraint).
CREATE TABLE sso_domains (
  domain text PRIMARY KEY CHECK (domain = lower(domain)),
  organization_id uuid NOT NULL REFERENCES sso_connections (organization_id) ON DELETE CASCADE
);
CREATE INDEX sso_domains_organization_idx ON sso_domains (organization_id);

-- Sign-ins on their way through the provider: the SHA-256 digest of the random state is the key, so the state in a
-- browser's address bar is worth nothing in a database dump. Consumed (deleted) by the callback, so each is single
-- use; unused ones expire after 10 minutes.
CREATE TABLE sso_logins (
  id text PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  return_path text NOT NULL DEFAULT '/',
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sso_logins_expires_idx ON sso_logins (expires_at);
