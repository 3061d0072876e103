// The sites feature's public entry (issue 28): other features, pages and the app import it from here only.
export {
  type CurrentSite,
  CurrentSiteProvider,
  type SiteLookup,
  type SiteOrganization,
  useCurrentSite,
  useSiteChoice,
  useSiteLookup,
} from './current-site.tsx';
export { type Site, sitesKey, sitesQuery, useSites } from './list-sites.ts';
export { useSetHomeSite } from './set-home-site.ts';
export {
  isElsewhere,
  siteClockOf,
  siteTimeNow,
  slotInViewerTime,
  slotTimesText,
  viewerTimeZone,
} from './site-clock.ts';
export { SitePicker } from './site-picker.tsx';
