import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { defaultSiteClock, type SiteClock } from '#domain/sites.ts';
import { type Site, useSites } from './list-sites.ts';
import { useSetHomeSite } from './set-home-site.ts';
import { siteClockOf } from './site-clock.ts';

/** The organization as the site hooks need it: its id, its zone (the first site's), the caller's home site. */
export interface SiteOrganization {
  id: string;
  timeZone: string;
  /** The caller's home site (PUT /api/organizations/{id}/home-site), when they have chosen one. */
  homeSiteId: string | null;
}

/** The site the dashboard shows and its clock: "today", slot times, check-in windows and working days follow it. */
export interface CurrentSite {
  /** Undefined while the sites are being read: the clock is then the organization's zone with the default hours. */
  site: Site | undefined;
  clock: SiteClock;
  sites: readonly Site[];
}

const CurrentSiteContext = createContext<CurrentSite | null>(null);

/** Gives the dashboard's subtree the chosen site's clock (issue 28). */
export function CurrentSiteProvider({ value, children }: { value: CurrentSite; children: ReactNode }) {
  return <CurrentSiteContext.Provider value={value}>{children}</CurrentSiteContext.Provider>;
}

const noSites: Site[] = [];

/**
 * The site the dashboard is about and its clock. Outside the dashboard (no provider) it is the organization's first
 * site; while the sites are read, the organization's zone with the default hours.
 */
export function useCurrentSite(organization: SiteOrganization): CurrentSite {
  const provided = useContext(CurrentSiteContext);
  const sites = useSites(organization.id);
  if (provided) return provided;
  const list = sites.data ?? noSites;
  const site = list[0];
  return { site, sites: list, clock: site ? siteClockOf(site) : defaultSiteClock(organization.timeZone) };
}

/** A booking or desk's site, by its id: the first site when it is not known (a booking read before sites existed). */
export type SiteLookup = (siteId: string | null | undefined) => { site: Site | undefined; clock: SiteClock };

/**
 * For lists of several sites' bookings (My Bookings, Team Bookings): each booking's site and clock from its siteId,
 * the first site when it has none or it is unknown, the organization's zone while the sites are read.
 */
export function useSiteLookup(organization: SiteOrganization): SiteLookup {
  const sites = useSites(organization.id);
  const list = sites.data ?? noSites;
  const { timeZone } = organization;
  return useCallback(
    (siteId) => {
      const site = list.find((item) => item.id === siteId) ?? list[0];
      return { site, clock: site ? siteClockOf(site) : defaultSiteClock(timeZone) };
    },
    [list, timeZone],
  );
}

/** The site the dashboard shows: the one chosen on this screen, else the person's home site, else the first. */
export function shownSite<S extends { id: string }>(
  sites: readonly S[],
  chosenId: string | null,
  homeSiteId: string | null | undefined,
): S | undefined {
  return sites.find((site) => site.id === chosenId) ?? sites.find((site) => site.id === homeSiteId) ?? sites[0];
}

/**
 * The dashboard's choice of site: the one picked on this screen, else the person's home site, else the first. Picking
 * one remembers it as the home site (on every device); `show` switches without remembering (a desk found on another
 * site's floor).
 */
export function useSiteChoice(organization: SiteOrganization) {
  const sites = useSites(organization.id);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const homeSite = useSetHomeSite(organization.id);
  const list = sites.data ?? noSites;
  const site = shownSite(list, chosenId, organization.homeSiteId);
  const current = useMemo<CurrentSite>(
    () => ({ site, sites: list, clock: site ? siteClockOf(site) : defaultSiteClock(organization.timeZone) }),
    [site, list, organization.timeZone],
  );
  const { mutate: remember } = homeSite;
  const choose = useCallback(
    (siteId: string) => {
      setChosenId(siteId);
      if (siteId !== organization.homeSiteId) remember(siteId);
    },
    [organization.homeSiteId, remember],
  );
  // Only the first read holds the floors back: a later read (a new reader of a failed query) never unmounts the map.
  return { current, choose, show: setChosenId, isLoading: sites.isPending && !sites.isFetched };
}
