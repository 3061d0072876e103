-- Changes are announced after commit (issue 34, decision 032). Since migration 0008 every change called pg_notify
-- inside its transaction: PostgreSQL then takes its notification queue's lock from pre-commit to commit, so every
-- announcing transaction (every booking) committed one at a time, each with its own WAL flush. Now perch_announce,
-- which every announcing trigger calls (0012's generic function among them), writes the change to a table in the
-- transaction instead: no lock beyond the row's own, committed or rolled back with the change it describes.
--
-- Each instance reads the changes committed since its last read (src/server/realtime/change-feed.ts): it keeps the
-- snapshot of that read, and a change is new when its transaction was invisible then and is visible now, that is,
-- when its transaction id is at or past that snapshot's xmax or was in progress then (its xip list). Both are
-- lookups on the transaction id index, however long another transaction stays open. A change committed while no
-- instance runs, or while the one that made it dies, is still in the table for the others: none is lost.
-- Rows are removed once their transaction ended long before any instance's last read (the feed does it).
CREATE TABLE perch_changes (
  position bigint GENERATED ALWAYS AS IDENTITY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  payload jsonb NOT NULL
);
CREATE INDEX perch_changes_transaction_idx ON perch_changes (transaction_id);

CREATE OR REPLACE FUNCTION perch_announce(organization uuid, kind text, details jsonb DEFAULT '{}'::jsonb) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO perch_changes (payload) VALUES (jsonb_build_object('organizationId', organization, 'kind', kind) || details)
$$;
