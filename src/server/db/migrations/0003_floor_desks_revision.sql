-- A floor's desks_revision grows with every change to its desks, in the same transaction as the change.
-- The desk list of a floor is the floor plan's hot read (thousands of desks, many clients): a server instance may
-- keep it serialised and serve it again for as long as the floor row it reads anyway shows the same revision.
-- Being in the database, the revision sees every writer: any server instance, a migration, a manual fix.
ALTER TABLE floors ADD COLUMN desks_revision bigint NOT NULL DEFAULT 0;

-- Statement-level, so that deleting 2,000 desks updates each floor once, not 2,000 times.
CREATE FUNCTION bump_floor_desks_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE floors SET desks_revision = desks_revision + 1 WHERE id IN (SELECT floor_id FROM new_desks);
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE floors SET desks_revision = desks_revision + 1
    WHERE id IN (SELECT floor_id FROM new_desks UNION SELECT floor_id FROM old_desks);
  ELSE
    UPDATE floors SET desks_revision = desks_revision + 1 WHERE id IN (SELECT floor_id FROM old_desks);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER desks_inserted_bump_floor_revision AFTER INSERT ON desks
  REFERENCING NEW TABLE AS new_desks
  FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_desks_revision();
CREATE TRIGGER desks_updated_bump_floor_revision AFTER UPDATE ON desks
  REFERENCING OLD TABLE AS old_desks NEW TABLE AS new_desks
  FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_desks_revision();
CREATE TRIGGER desks_deleted_bump_floor_revision AFTER DELETE ON desks
  REFERENCING OLD TABLE AS old_desks
  FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_desks_revision();
