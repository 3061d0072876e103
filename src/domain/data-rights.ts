import { roles } from './organization.ts';
import { z } from './zod.ts';

// The form's text (the error handler names the field itself: "... (password)" in a 400).
const passwordRequired = 'Please enter your password.';

export const deleteAccountSchema = z.strictObject({
  password: z
    .string({ error: passwordRequired })
    .min(1, passwordRequired)
    .max(200, 'Password must be at most 200 characters'),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

export const dataRightsMessages = {
  wrongPassword: 'That password is not correct. Your account was not deleted.',
  lastAdmin: (organizationName: string) =>
    `You are the only administrator of ${organizationName}, which has other members. Make someone else an administrator there first, then delete your account.`,
  stillBilled: (organizationName: string) =>
    `${organizationName} has an active subscription. Cancel it on the Subscription page first, then delete your account.`,
  deleted: 'Your account has been deleted.',
} as const;

const timestamp = z.string();

/** GET /api/user/export: everything Perch holds about the signed-in user (the privacy policy's copy of one's data). */
export const userDataExportSchema = z.object({
  exportedAt: timestamp,
  account: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    emailVerifiedAt: timestamp.nullable(),
    createdAt: timestamp,
    /** Issue 16: the reminder mails before a check-in window, and when the calendar feed's address was made. */
    checkInReminders: z.boolean(),
    calendarFeedCreatedAt: timestamp.nullable(),
  }),
  memberships: z.array(
    z.object({
      organization: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
      role: z.enum(roles),
      joinedAt: timestamp,
      /** Issue 28: the site the person's dashboard opens on (null: the organization's first). */
      homeSite: z.string().nullable(),
      /** Issue 29: the person's teams there. */
      teams: z.array(z.string()),
    }),
  ),
  bookings: z.array(
    z.object({
      organization: z.string(),
      desk: z.string(),
      floor: z.string(),
      bookingDate: z.string(),
      timeSlot: z.string(),
      status: z.string(),
      isPermanent: z.boolean(),
      notes: z.string().nullable(),
      createdAt: timestamp,
      cancelledAt: timestamp.nullable(),
      checkedInAt: timestamp.nullable(),
      releasedAt: timestamp.nullable(),
      isWalkIn: z.boolean(),
      /** Issue 17: a booking of a desk deleted since, kept for the organization's analytics (its notes are not). */
      deskDeleted: z.boolean(),
    }),
  ),
  invitationsSent: z.array(
    z.object({
      organization: z.string(),
      email: z.string(),
      role: z.enum(roles),
      createdAt: timestamp,
      sentAt: timestamp,
      expiresAt: timestamp,
      acceptedAt: timestamp.nullable(),
      revokedAt: timestamp.nullable(),
    }),
  ),
  /** Issue 26: how each session was opened (password, passkey, sso, registration, invitation, email-link). */
  sessions: z.array(
    z.object({ createdAt: timestamp, lastSeenAt: timestamp, expiresAt: timestamp, signInMethod: z.string() }),
  ),
  /** Issue 26: the identities at organizations' providers linked to the account. */
  singleSignOnLinks: z.array(
    z.object({ organization: z.string(), issuer: z.string(), linkedBy: z.string(), createdAt: timestamp }),
  ),
  /** Issue 19: the passkeys the person signs in with (their public keys are not personal data worth a copy). */
  passkeys: z.array(z.object({ name: z.string(), createdAt: timestamp, lastUsedAt: timestamp.nullable() })),
  administratorActions: z.array(
    z.object({ organization: z.string().nullable(), action: z.string(), createdAt: timestamp }),
  ),
});
export type UserDataExport = z.infer<typeof userDataExportSchema>;

/** DELETE /api/user: what went with the account. */
export const deleteAccountResponseSchema = z.object({
  message: z.string(),
  cancelledBookings: z.number().int(),
  deletedOrganizations: z.array(z.string()),
});
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;
