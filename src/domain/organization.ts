import { subscriptionSchema, subscriptionStatuses } from './subscription.ts';
import { hasNoControlCharacters } from './text.ts';
import { z } from './zod.ts';

export const organizationMessages = {
  nameTooShort: 'Organization name must be at least 2 characters',
  slugTooShort: 'Slug must be at least 3 characters',
  slugCharacters: 'Slug can only contain lowercase letters, numbers, and hyphens',
  nameTooLong: 'Organization name must be at most 100 characters',
  slugTooLong: 'Slug must be at most 60 characters',
  timeZone: 'Time zone must be an IANA time zone name, such as Europe/London',
} as const;

/**
 * Spec section 5: lowercased, other characters removed, spaces become hyphens,
 * repeated hyphens collapse. Leading and trailing hyphens are trimmed so that the
 * result is a usable address segment.
 */
export function deriveSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

// An IANA name: 'UTC', 'Europe/London', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5'. Not an offset such as
// '+05:00', which Intl accepts and PostgreSQL reads as POSIX, with the opposite sign.
const ianaName = /^[A-Za-z][A-Za-z0-9_-]*(\/[A-Za-z0-9_+-]+)*$/;

export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64 || !ianaName.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const organizationNameSchema = z
  .string({ error: organizationMessages.nameTooShort })
  .trim()
  .min(2, organizationMessages.nameTooShort)
  .max(100, organizationMessages.nameTooLong)
  .refine(hasNoControlCharacters, 'Organization name contains characters that are not allowed');

export const slugSchema = z
  .string({ error: organizationMessages.slugTooShort })
  .min(3, organizationMessages.slugTooShort)
  .max(60, organizationMessages.slugTooLong)
  .regex(/^[a-z0-9-]+$/, organizationMessages.slugCharacters);

export const createOrganizationSchema = z.strictObject({
  name: organizationNameSchema,
  slug: slugSchema,
  timeZone: z.string().refine(isTimeZone, organizationMessages.timeZone).optional(),
});
export type CreateOrganizationInput = z.infer<typeof createOrganizationSchema>;

export const roles = ['admin', 'member'] as const;
export type Role = (typeof roles)[number];

/** An organization as its member sees it: GET /api/organizations and /api/organizations/{id}. */
export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  timeZone: z.string(),
  floorPlanUrl: z.string().nullable(),
  defaultZoomLevel: z.number().nullable(),
  createdAt: z.string(),
  role: z.enum(roles),
  /** The caller's home site (issue 28): the site the dashboard opens on; null for the organization's first site. */
  homeSiteId: z.string().nullable(),
  /** Issue 29: members (not admins) see no other person's name on bookings, in Who's in or on the map. */
  hideNames: z.boolean(),
  /** True only for the platform organization (fixed id from configuration). */
  isPlatform: z.boolean(),
  subscription: subscriptionSchema,
});
export type OrganizationView = z.infer<typeof organizationSchema>;

/** One row of GET /api/admin/organizations (platform admins only), in that answer's own field names. */
export const organizationOverviewSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  member_count: z.number().int(),
  created_at: z.string(),
  admin_emails: z.array(z.string()),
  subscription: z.object({
    plan: z.string().nullable(),
    planId: z.string().nullable(),
    status: z.enum(subscriptionStatuses),
    maxUsers: z.number().int(),
    isOverridden: z.boolean(),
    isBillingOff: z.boolean(),
    overrideReason: z.string().nullable(),
    nextBillingTime: z.string().nullable(),
    endsAt: z.string().nullable(),
  }),
});
export type OrganizationOverview = z.infer<typeof organizationOverviewSchema>;
