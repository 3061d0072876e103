-- Issue 15: a desk's name is unique on its floor, whatever its case. A unique index decides, so that two admins
-- renaming two desks to the same name at the same moment cannot both succeed (the second gets 409).
--
-- Floors that already hold two desks of one name keep the oldest as it is; each later one gets the first free
-- ' (2)', ' (3)'... suffix, its name cut so that the result stays within 40 characters.
DO $$
DECLARE
  duplicate record;
  candidate text;
  suffix integer;
BEGIN
  FOR duplicate IN
    SELECT ranked.id, ranked.floor_id, ranked.name
    FROM (
      SELECT id, floor_id, name,
        row_number() OVER (PARTITION BY floor_id, lower(name) ORDER BY created_at, id) AS position
      FROM desks
    ) AS ranked
    WHERE ranked.position > 1
    ORDER BY ranked.floor_id, lower(ranked.name), ranked.position
  LOOP
    suffix := 2;
    LOOP
      candidate := left(duplicate.name, 40 - length(' (' || suffix || ')')) || ' (' || suffix || ')';
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM desks WHERE floor_id = duplicate.floor_id AND lower(name) = lower(candidate)
      );
      suffix := suffix + 1;
    END LOOP;
    UPDATE desks SET name = candidate WHERE id = duplicate.id;
  END LOOP;
END;
$$;

CREATE UNIQUE INDEX desks_floor_name_key ON desks (floor_id, lower(name));

-- The revision triggers of migration 0003 (floors.desks_revision, the key of the floor's cached desk list) fire on
-- every update of desks, with no column list, so the new columns of 0013 (amenities, bookable, unavailable_reason)
-- and the description already bump it; the announcement triggers of 0012 likewise. Nothing to change there.
