/** The Analytics screen of an organization (issue 17), for its admins. */
export function analyticsPath(organizationId: string): string {
  return `/organizations/${organizationId}/analytics`;
}
