// The sites feature's public entry (issue 28): other features, pages and the app import it from here only.
export { type Site, sitesKey, sitesQuery, useSites } from './list-sites.ts';
