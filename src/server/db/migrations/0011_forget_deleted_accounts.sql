-- Deleting an account forgets the person (issue 13). From now on the deletion itself does this, in its transaction
-- (src/server/modules/accounts/data-rights-service.ts). This migration clears what earlier deletions left behind,
-- as far as the data itself proves who is gone; it can run again without harm.
--
-- Booking revisions stay without a foreign key (migration 0010: a booking must not key-share lock its
-- organization's row, and a deleted organization's cascade bumps them on its way out), so the deletion removes
-- the revisions of the organizations it deleted after the cascade. Here: every row whose organization is gone.
DELETE FROM desk_booking_revisions r
  WHERE NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = r.organization_id);

-- The local checkout's page of a deleted organization still showed its name.
DELETE FROM local_checkout_subscriptions s
  WHERE s.custom_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id::text = s.custom_id);

-- An accepted invitation whose account is gone (accepted_by set null) is the deleted person's address.
DELETE FROM invitations WHERE accepted_at IS NOT NULL AND accepted_by IS NULL;

-- The audit log keeps a pseudonymous reference, "a deleted user", instead of a deleted person's e-mail and name.
-- Who is provably gone: actors whose account was deleted (actor_user_id set null), members whose deletion was
-- recorded, and people an event was about whose account no longer exists. An address that an account holds today
-- is left alone: it may be someone who registered it again.
CREATE TEMPORARY TABLE forgotten_emails ON COMMIT DROP AS
  SELECT actor_email AS email FROM audit_events WHERE actor_user_id IS NULL AND actor_email IS NOT NULL
  UNION
  SELECT e.details #>> '{member,email}' FROM audit_events e
    WHERE e.action = 'member.account_deleted'
      OR (e.target_type = 'user' AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id::text = e.target_id));
DELETE FROM forgotten_emails f
  WHERE f.email IS NULL OR f.email = 'a deleted user' OR EXISTS (SELECT 1 FROM users u WHERE u.email = f.email);

-- A string that is such an address, and the name and e-mail of an object that carries one (a member, an owner),
-- become "a deleted user", at any depth of the details.
CREATE OR REPLACE FUNCTION pg_temp.forget_people(value jsonb, emails text[]) RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  CASE jsonb_typeof(value)
    WHEN 'object' THEN
      RETURN (SELECT coalesce(jsonb_object_agg(t.key,
          CASE WHEN t.key IN ('name', 'email') AND value ->> 'email' = ANY (emails) THEN to_jsonb('a deleted user'::text)
               ELSE pg_temp.forget_people(t.item, emails) END), '{}'::jsonb)
        FROM jsonb_each(value) AS t(key, item));
    WHEN 'array' THEN
      RETURN (SELECT coalesce(jsonb_agg(pg_temp.forget_people(t.item, emails) ORDER BY t.n), '[]'::jsonb)
        FROM jsonb_array_elements(value) WITH ORDINALITY AS t(item, n));
    WHEN 'string' THEN
      RETURN CASE WHEN value #>> '{}' = ANY (emails) THEN to_jsonb('a deleted user'::text) ELSE value END;
    ELSE
      RETURN value;
  END CASE;
END;
$$;

UPDATE audit_events e
  SET details = pg_temp.forget_people(e.details, (SELECT array_agg(email) FROM forgotten_emails))
  WHERE EXISTS (SELECT 1 FROM forgotten_emails f WHERE strpos(e.details::text, f.email) > 0);

UPDATE audit_events SET actor_email = 'a deleted user'
  WHERE actor_user_id IS NULL AND actor_email IS NOT NULL AND actor_email <> 'a deleted user';

-- The deletion recorded its member's name; the event says enough without it.
UPDATE audit_events SET details = jsonb_set(details, '{member}', '{"name": "a deleted user"}'::jsonb)
  WHERE action = 'member.account_deleted' AND details ? 'member'
    AND details -> 'member' <> '{"name": "a deleted user"}'::jsonb;

DROP FUNCTION pg_temp.forget_people(jsonb, text[]);
