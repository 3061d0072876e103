-- Subscriptions through a payment provider (issue 6): checkouts started at the provider, webhook events
-- already handled (replays change nothing), the built-in local checkout's own subscriptions, and the trial
-- reminder mark.

-- A subscription created at the provider, and the organization and tier it was created for. The
-- organization's row in `subscriptions` changes only once the provider confirms it (return or webhook).
CREATE TABLE payment_checkouts (
  provider_subscription_id text PRIMARY KEY CHECK (length(provider_subscription_id) BETWEEN 1 AND 100),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  plan_id text NOT NULL CHECK (plan_id IN ('tier-1', 'tier-2', 'tier-3', 'tier-4')),
  provider_plan_id text NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  activated_at timestamptz
);
CREATE INDEX payment_checkouts_organization_idx ON payment_checkouts (organization_id, created_at DESC);

CREATE TABLE payment_webhook_events (
  event_id text PRIMARY KEY CHECK (length(event_id) BETWEEN 1 AND 200),
  event_type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- The local checkout keeps its "provider side" in the database, so any instance can show and approve it.
CREATE TABLE local_checkout_subscriptions (
  id text PRIMARY KEY,
  provider_plan_id text NOT NULL,
  custom_id text,
  status text NOT NULL CHECK (status IN ('APPROVAL_PENDING', 'APPROVED', 'ACTIVE', 'SUSPENDED', 'CANCELLED', 'EXPIRED')),
  return_url text NOT NULL,
  cancel_url text NOT NULL,
  request_id text NOT NULL,
  display jsonb NOT NULL DEFAULT '{}'::jsonb,
  next_billing_time timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX local_checkout_subscriptions_request_idx ON local_checkout_subscriptions (request_id);

ALTER TABLE subscriptions ADD COLUMN trial_reminder_sent_at timestamptz;
CREATE INDEX subscriptions_status_ends_idx ON subscriptions (status, ends_at);
