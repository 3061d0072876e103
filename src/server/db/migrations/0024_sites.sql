-- Issue 28: an organization has one or more sites, each with its own time zone, office hours and working days.
-- Floors belong to a site, and every clock rule (today, slot times, check-in, release, horizon, analytics days)
-- follows the site of the desk. src/domain/sites.ts holds the rules; this holds the facts.
CREATE TABLE sites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  address text CHECK (length(address) <= 300),
  time_zone text NOT NULL CHECK (length(time_zone) BETWEEN 1 AND 64),
  -- Office hours on the site's wall clock: the morning runs from day_start to midday, the afternoon from midday to
  -- day_end. Whole minutes, as 'HH:MM' in the API.
  day_start time NOT NULL DEFAULT '09:00',
  midday time NOT NULL DEFAULT '13:00',
  day_end time NOT NULL DEFAULT '18:00',
  -- ISO weekdays (1 Monday … 7 Sunday) people come in on; booking another day is for admins only.
  working_days smallint[] NOT NULL DEFAULT '{1,2,3,4,5}',
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT sites_hours_in_order CHECK (day_start < midday AND midday < day_end),
  CONSTRAINT sites_hours_whole_minutes CHECK (
    date_trunc('minute', day_start) = day_start AND date_trunc('minute', midday) = midday
    AND date_trunc('minute', day_end) = day_end),
  CONSTRAINT sites_working_days_valid CHECK (
    cardinality(working_days) BETWEEN 1 AND 7 AND working_days <@ '{1,2,3,4,5,6,7}'::smallint[]),
  -- lets floors reference (organization, site) so a floor can never sit in another tenant's site
  UNIQUE (organization_id, id)
);
CREATE INDEX sites_organization_idx ON sites (organization_id, created_at, id);

-- Every organization has its first site: the one it had before sites existed, with its zone and today's hours.
INSERT INTO sites (organization_id, name, time_zone, created_at)
  SELECT id, 'Main office', time_zone, created_at FROM organizations;

ALTER TABLE floors ADD COLUMN site_id uuid;
UPDATE floors SET site_id = sites.id FROM sites WHERE sites.organization_id = floors.organization_id;
ALTER TABLE floors ALTER COLUMN site_id SET NOT NULL;
-- No cascade: a site with floors cannot be deleted (the API says so with a 409 before trying).
ALTER TABLE floors ADD CONSTRAINT floors_site_fkey
  FOREIGN KEY (organization_id, site_id) REFERENCES sites (organization_id, id);
CREATE INDEX floors_site_idx ON floors (site_id);

-- A person's home site: the site the dashboard opens on. Null: the organization's first site.
ALTER TABLE memberships ADD COLUMN home_site_id uuid REFERENCES sites (id) ON DELETE SET NULL;

-- The organization's first site is made with the organization, in its zone: there is always one.
CREATE FUNCTION perch_first_site() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sites (organization_id, name, time_zone, created_at) VALUES (NEW.id, 'Main office', NEW.time_zone, NEW.created_at);
  RETURN NULL;
END;
$$;
CREATE TRIGGER organizations_first_site AFTER INSERT ON organizations
  FOR EACH ROW EXECUTE FUNCTION perch_first_site();

-- A floor made without a site (every path that existed before sites, and the API's default) joins the first site.
CREATE FUNCTION perch_floor_site() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.site_id IS NULL THEN
    NEW.site_id := (SELECT id FROM sites WHERE organization_id = NEW.organization_id ORDER BY created_at, id LIMIT 1);
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER floors_default_site BEFORE INSERT ON floors
  FOR EACH ROW EXECUTE FUNCTION perch_floor_site();

-- organizations.time_zone stays as the zone of the organization's first site, for the spec's clients, which know one
-- zone per organization (GET /api/organizations answers it). Sites are the truth; this keeps the copy equal.
CREATE FUNCTION perch_organization_zone() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  organization uuid := CASE TG_OP WHEN 'DELETE' THEN OLD.organization_id ELSE NEW.organization_id END;
  first_zone text;
BEGIN
  first_zone := (SELECT time_zone FROM sites WHERE organization_id = organization ORDER BY created_at, id LIMIT 1);
  IF first_zone IS NOT NULL THEN
    UPDATE organizations SET time_zone = first_zone WHERE id = organization AND time_zone IS DISTINCT FROM first_zone;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER sites_organization_zone AFTER INSERT OR UPDATE OF time_zone OR DELETE ON sites
  FOR EACH ROW EXECUTE FUNCTION perch_organization_zone();

-- A site changed: announced as a change of the organization (its settings), so every screen reads its sites again.
CREATE TRIGGER sites_inserted_announce AFTER INSERT ON sites
  FOR EACH ROW EXECUTE FUNCTION perch_announce_changes('organization', 'organization_id');
CREATE TRIGGER sites_updated_announce AFTER UPDATE ON sites
  FOR EACH ROW WHEN (to_jsonb(OLD) IS DISTINCT FROM to_jsonb(NEW))
  EXECUTE FUNCTION perch_announce_changes('organization', 'organization_id');
CREATE TRIGGER sites_deleted_announce AFTER DELETE ON sites
  FOR EACH ROW EXECUTE FUNCTION perch_announce_changes('organization', 'organization_id');
