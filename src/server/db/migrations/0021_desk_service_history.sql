-- Analytics counts a desk out of service only on the days it held a booking (as Today's Statistics does). Which days
-- those were needs the history of the desk's flag, not its value today: each period a desk spends out of service is
-- kept here, in the organization's dates, from the day it was set (starts_on) to the day it was set back (ends_on,
-- not included; null while it lasts). A desk set out and back on one day keeps no period: it is judged at the end of
-- each day. Periods outlive their desk (a deleted desk's history is analytics', migration 0018) and go with the
-- organization.

CREATE TABLE desk_service_periods (
  desk_id uuid NOT NULL,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  starts_on date NOT NULL,
  ends_on date,
  PRIMARY KEY (desk_id, starts_on),
  CHECK (ends_on IS NULL OR ends_on > starts_on)
);
CREATE INDEX desk_service_periods_organization_idx ON desk_service_periods (organization_id);

-- Desks out of service before this migration: since they were made, which is what analytics assumed until now.
INSERT INTO desk_service_periods (desk_id, organization_id, starts_on)
SELECT d.id, d.organization_id, (d.created_at AT TIME ZONE o.time_zone)::date
FROM desks d JOIN organizations o ON o.id = d.organization_id
WHERE NOT d.bookable
UNION ALL
SELECT r.id, r.organization_id, (r.created_at AT TIME ZONE o.time_zone)::date
FROM retired_desks r JOIN organizations o ON o.id = r.organization_id
WHERE NOT r.bookable;

CREATE FUNCTION perch_record_desk_service() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  today date;
BEGIN
  SELECT (now() AT TIME ZONE time_zone)::date INTO today FROM organizations WHERE id = NEW.organization_id;
  IF NOT NEW.bookable THEN
    INSERT INTO desk_service_periods (desk_id, organization_id, starts_on)
    VALUES (NEW.id, NEW.organization_id, today)
    ON CONFLICT (desk_id, starts_on) DO UPDATE SET ends_on = NULL;
  ELSE
    DELETE FROM desk_service_periods WHERE desk_id = NEW.id AND ends_on IS NULL AND starts_on >= today;
    UPDATE desk_service_periods SET ends_on = today WHERE desk_id = NEW.id AND ends_on IS NULL;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER desks_service_made AFTER INSERT ON desks
  FOR EACH ROW WHEN (NOT NEW.bookable) EXECUTE FUNCTION perch_record_desk_service();
CREATE TRIGGER desks_service_changed AFTER UPDATE OF bookable ON desks
  FOR EACH ROW WHEN (OLD.bookable IS DISTINCT FROM NEW.bookable) EXECUTE FUNCTION perch_record_desk_service();
