-- A day read's cached answer (src/server/modules/bookings/day-cache.ts) is valid for one bookings revision of its
-- organization (migration 0010). Its times also follow the desks' sites' clocks (issue 28): a change of a site's zone
-- or office hours, or a floor moved to another site, moves the times of every booking there. Each now raises the
-- revisions of the desks it moves, as a renamed floor does, so that the revision alone says whether an answer is
-- current and the hot read need not read the sites at every call.
CREATE FUNCTION bump_revisions_of_site_clock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO desk_booking_revisions AS r (organization_id, desk_id, revision)
    SELECT d.organization_id, d.id, 1 FROM desks d JOIN floors f ON f.id = d.floor_id
    WHERE f.site_id = NEW.id ORDER BY d.organization_id, d.id
    ON CONFLICT (organization_id, desk_id) DO UPDATE SET revision = r.revision + 1;
  RETURN NULL;
END;
$$;
CREATE TRIGGER sites_clock_bump_desk_revisions AFTER UPDATE OF time_zone, day_start, midday, day_end ON sites
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone OR OLD.day_start IS DISTINCT FROM NEW.day_start
    OR OLD.midday IS DISTINCT FROM NEW.midday OR OLD.day_end IS DISTINCT FROM NEW.day_end)
  EXECUTE FUNCTION bump_revisions_of_site_clock();

CREATE TRIGGER floors_moved_bump_desk_revisions AFTER UPDATE OF site_id ON floors
  FOR EACH ROW WHEN (OLD.site_id IS DISTINCT FROM NEW.site_id)
  EXECUTE FUNCTION bump_revisions_of_renamed_floor();
