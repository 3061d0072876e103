-- Floors, desks and floor-plan uploads.
CREATE TABLE floors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  floor_plan_url text,
  default_zoom_level numeric(4, 2) CHECK (default_zoom_level BETWEEN 0.5 AND 3),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- lets desks reference (organization, floor) so a desk can never sit on another tenant's floor
  UNIQUE (organization_id, id)
);
CREATE INDEX floors_organization_idx ON floors (organization_id, created_at);

CREATE TABLE desks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL,
  floor_id uuid NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
  description text,
  position_x numeric(10, 2) NOT NULL CHECK (position_x >= 0 AND position_x <= 1920),
  position_y numeric(10, 2) NOT NULL CHECK (position_y >= 0 AND position_y <= 1080),
  width numeric(10, 2) NOT NULL CHECK (width > 0 AND width <= 1920),
  height numeric(10, 2) NOT NULL CHECK (height > 0 AND height <= 1080),
  rotation integer NOT NULL DEFAULT 0 CHECK (rotation >= 0 AND rotation < 360),
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (organization_id, floor_id) REFERENCES floors (organization_id, id) ON DELETE CASCADE
);
CREATE INDEX desks_floor_idx ON desks (floor_id, created_at);
CREATE INDEX desks_organization_idx ON desks (organization_id);

-- One row per signed upload URL: single use, short-lived, tied to the organization that asked for it.
CREATE TABLE uploads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_digest text NOT NULL UNIQUE, -- SHA-256 of the token in the upload URL
  object_key text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  content_type text CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
  size_bytes integer CHECK (size_bytes BETWEEN 1 AND 10485760),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_organization_idx ON uploads (organization_id);
