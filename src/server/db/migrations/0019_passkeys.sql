-- Issue 19: passkeys. A person adds WebAuthn credentials from the account menu and signs in with them on /auth.

-- One credential: its id as the authenticator made it (base64url), its COSE public key, and the signature counter
-- the authenticator last reported (0 for authenticators that keep none). A credential belongs to one account.
CREATE TABLE passkeys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE CHECK (length(credential_id) BETWEEN 1 AND 1400),
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
  transports text[] NOT NULL DEFAULT '{}'::text[],
  -- 'singleDevice' or 'multiDevice' (synced, as in a password manager), and whether it is backed up now.
  device_type text NOT NULL CHECK (device_type IN ('singleDevice', 'multiDevice')),
  backed_up boolean NOT NULL DEFAULT false,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX passkeys_user_idx ON passkeys (user_id, created_at DESC);

-- The challenges Perch handed out for a registration or a sign-in, each awaiting its answer. The browser holds a
-- random token in an HttpOnly cookie; only its SHA-256 digest is kept here. A challenge is used once (its row is
-- deleted as it is checked) and within five minutes; abandoned ones are pruned as new ones are made.
CREATE TABLE webauthn_challenges (
  id text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('registration', 'authentication')),
  -- The person adding a passkey; null for a sign-in, where nobody is known yet.
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  challenge text NOT NULL CHECK (length(challenge) BETWEEN 16 AND 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  CHECK ((purpose = 'registration') = (user_id IS NOT NULL))
);
CREATE INDEX webauthn_challenges_expiry_idx ON webauthn_challenges (expires_at);
CREATE INDEX webauthn_challenges_user_idx ON webauthn_challenges (user_id) WHERE user_id IS NOT NULL;
