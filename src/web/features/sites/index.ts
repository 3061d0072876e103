// The sites feature's public entry (issue 28): other features, pages and the app import it from here only.
// The Sites dialog is not here: the sidebar loads it lazily by module path, in its own chunk.
export { createSite, useCreateSite } from './create-site.ts';
export {
  type CurrentSite,
  CurrentSiteProvider,
  type SiteLookup,
  type SiteOrganization,
  useCurrentSite,
  useSiteChoice,
  useSiteLookup,
} from './current-site.tsx';
export { deleteSite, useDeleteSite } from './delete-site.ts';
export { describeChangeConsequences, getChangeConsequences } from './get-change-consequences.ts';
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
export { TimeZoneField } from './time-zone-field.tsx';
export { allTimeZones, searchTimeZones, timeZoneOption, utcOffsetLabel } from './time-zone-options.ts';
export { updateSite, useUpdateSite } from './update-site.ts';
