// The organizations feature's public entry: other features, pages and the app import it from here only.
export { useCreateOrganization } from './create-organization.ts';
export { type Organization, organizationsKey, organizationsQuery, useOrganizations } from './list-organizations.ts';
