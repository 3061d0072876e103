-- Who did what, and when: admin actions per organization (issue 8), and platform actions (overrides).
-- Rows are never updated. Actors and organizations may be deleted later; the record keeps their e-mail and name.
CREATE TABLE audit_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id uuid REFERENCES organizations (id) ON DELETE CASCADE,
  actor_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  actor_email text,
  action text NOT NULL CHECK (length(action) BETWEEN 1 AND 100),
  target_type text CHECK (length(target_type) <= 50),
  target_id text CHECK (length(target_id) <= 200),
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_events_organization_idx ON audit_events (organization_id, created_at DESC, id DESC);
CREATE INDEX audit_events_action_idx ON audit_events (action, created_at DESC);
CREATE INDEX audit_events_actor_idx ON audit_events (actor_user_id) WHERE actor_user_id IS NOT NULL;
