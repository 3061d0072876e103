import { accountMessages, newPasswordMinLength, passwordMaxLength, publicUserSchema, tokenSchema } from './account.ts';
import { roles } from './organization.ts';
import { isSubscriptionEnabled, type Subscription } from './subscription.ts';
import { hasNoControlCharacters } from './text.ts';
import { z } from './zod.ts';

export const teamMessages = {
  emailsRequired: 'Please enter at least one email address',
  emailsInvalid: 'Please enter valid email addresses separated by commas or new lines',
  tooManyEmails: 'Please invite at most 200 email addresses at once',
  role: 'Role must be admin or member',
  subscribeToInvite: 'Subscribe to invite users',
  upgradeToInvite: 'Upgrade your plan to invite more users',
  invalidAddress: 'Invalid email address',
  alreadyMember: 'Already a member of this organization',
  mailFailed: 'The invitation email could not be sent. Try resending it from the pending invitations.',
  cannotChangeOwnRole: 'You cannot change your own role.',
  cannotRemoveSelf: 'You cannot remove yourself from the organization.',
  lastAdmin: 'An organization needs at least one admin: this is the last one.',
  memberNotFound: 'Member not found.',
  invitationNotFound: 'Invitation not found or has expired.',
  organizationFull: "This organization has reached its plan's user limit. Ask an administrator to upgrade the plan.",
  alreadyJoined: 'You are already a member of this organization.',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordRequired: 'Please enter your password',
  confirmRequired: 'Please confirm your password',
  passwordsDiffer: "Passwords don't match",
} as const;

/** Invitation links work for seven days (server contract). */
export const invitationLifetimeDays = 7;
export const maxInvitesPerRequest = 200;

const emailFormat = z.email();

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && emailFormat.safeParse(value).success;
}

/**
 * Spec section 5, Invite: addresses split on commas or new lines (an array is taken as it is),
 * trimmed, lowercased, blanks dropped, each address once, in the order given.
 */
export function splitInviteEmails(input: string | readonly string[]): string[] {
  const pieces = typeof input === 'string' ? input.split(/[,\r\n]+/) : input.flatMap((item) => item.split(/[,\r\n]+/));
  const seen = new Set<string>();
  for (const piece of pieces) {
    const email = piece.trim().toLowerCase();
    if (email) seen.add(email);
  }
  return [...seen];
}

export const roleSchema = z.enum(roles, { error: teamMessages.role });

/**
 * POST /api/organizations/{id}/invite. Only emptiness and size are refused as a whole: each address
 * then succeeds or fails on its own (an invalid one is reported in `errors`, not as a 400).
 */
export const inviteSchema = z.strictObject({
  emails: z
    .union([z.string().max(100_000, teamMessages.tooManyEmails), z.array(z.string().max(1000)).max(1000)], {
      error: teamMessages.emailsRequired,
    })
    .transform(splitInviteEmails)
    .refine((emails) => emails.length > 0, teamMessages.emailsRequired)
    .refine((emails) => emails.length <= maxInvitesPerRequest, teamMessages.tooManyEmails),
  role: roleSchema.default('member'),
});
export type InviteInput = z.infer<typeof inviteSchema>;
/** What a client sends: the addresses as typed (comma or newline separated) or as a list, and the role. */
export type InviteRequest = z.input<typeof inviteSchema>;

export const updateRoleSchema = z.strictObject({ role: roleSchema });

/**
 * The invite form (spec section 5): every address is checked before anything is sent, in this order; the text is
 * sent as typed, for inviteSchema to split.
 */
export const inviteFormSchema = z.object({
  emails: z
    .string()
    .refine((text) => splitInviteEmails(text).length > 0, { error: teamMessages.emailsRequired, abort: true })
    .refine((text) => splitInviteEmails(text).every(isValidEmail), { error: teamMessages.emailsInvalid, abort: true })
    .refine((text) => splitInviteEmails(text).length <= maxInvitesPerRequest, teamMessages.tooManyEmails),
  role: roleSchema,
});

const personName = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(100, `${label} must be at most 100 characters`)
    .refine(hasNoControlCharacters, `${label} contains characters that are not allowed`);

/**
 * POST /api/signup-with-invitation. Names and the 8-character minimum apply when a new account is
 * created; an invitee who already has an account only proves its password (which may be an older,
 * shorter one), so those rules live in the service.
 */
export const invitationSignupSchema = z.strictObject({
  token: tokenSchema,
  firstName: personName('First name').optional(),
  lastName: personName('Last name').optional(),
  password: z
    .string({ error: teamMessages.passwordRequired })
    .min(1, teamMessages.passwordRequired)
    .max(200, 'Password must be at most 200 characters'),
});
export type InvitationSignupInput = z.infer<typeof invitationSignupSchema>;

const confirmPasswordSchema = z.string().min(newPasswordMinLength, teamMessages.confirmRequired);

/**
 * Spec section 5, the invitation signup form of someone new: both names, a password of at least 8 characters and
 * its confirmation; a mismatch is said as soon as the confirmation is long enough, whatever else is wrong.
 */
export const invitationSignupFormSchema = z
  .object({
    firstName: personName('First name').min(1, teamMessages.firstNameRequired),
    lastName: personName('Last name').min(1, teamMessages.lastNameRequired),
    password: z
      .string()
      .min(newPasswordMinLength, teamMessages.passwordTooShort)
      .max(passwordMaxLength, accountMessages.passwordTooLong),
    confirmPassword: confirmPasswordSchema,
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    error: teamMessages.passwordsDiffer,
    when: ({ value }) =>
      z.object({ password: z.string(), confirmPassword: confirmPasswordSchema }).safeParse(value).success,
  });

/** The invitation signup form of someone who has an account with the invited address: its password, however short. */
export const invitationSignInFormSchema = z.object({ password: invitationSignupSchema.shape.password });

/** Spec section 4: why inviting is switched off, or null when it is on. */
export function inviteBlocker(subscription: Subscription | null | undefined, memberCount: number, now: Date) {
  if (!isSubscriptionEnabled(subscription, now)) return teamMessages.subscribeToInvite;
  if (subscription && memberCount >= subscription.maxUsers) return teamMessages.upgradeToInvite;
  return null;
}

export function inviteResultMessage(sent: number, failed: number): string {
  if (sent === 0) return failed === 1 ? 'The invitation could not be sent.' : 'No invitations were sent.';
  const sentText = `Sent ${sent} ${sent === 1 ? 'invitation' : 'invitations'}`;
  return failed === 0 ? `${sentText}.` : `${sentText}; ${failed} could not be sent.`;
}

/** Spec section 8: the second toast after a partly failed invite. */
export function failedInvitesTitle(failed: number): string {
  return `${failed} invitation(s) could not be sent...`;
}

/** A member of an organization with its role: the member list, one's own membership, a role change. */
export const memberSchema = z.object({
  userId: z.string(),
  role: z.enum(roles),
  createdAt: z.string(),
  user: publicUserSchema,
});
export type MemberView = z.infer<typeof memberSchema>;

/** A pending invitation, as its organization's admins see it. */
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(roles),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type InvitationView = z.infer<typeof invitationSchema>;

const inviteErrorSchema = z.object({ email: z.string(), message: z.string() });
export type InviteError = z.infer<typeof inviteErrorSchema>;

/** POST /api/organizations/{id}/invite: each address succeeded or failed on its own. */
export const inviteResultSchema = z.object({
  message: z.string(),
  summary: z.object({ sent: z.number().int(), failed: z.number().int() }),
  errors: z.array(inviteErrorSchema),
});
export type InviteResult = z.infer<typeof inviteResultSchema>;

/** POST .../invitations/{invitationId}/resend: the invitation with its fresh expiry. */
export const resentInvitationSchema = z.object({ message: z.string(), invitation: invitationSchema });
export type ResentInvitation = z.infer<typeof resentInvitationSchema>;

/** GET /api/invitations/{token}: what the invitation sign-up page shows. */
export const invitationDetailsSchema = z.object({
  organizationName: z.string(),
  role: z.enum(roles),
  email: z.string(),
  hasAccount: z.boolean(),
});
export type InvitationDetails = z.infer<typeof invitationDetailsSchema>;

/** DELETE /api/organizations/{id}/members/{userId}: the member's upcoming bookings went with it. */
export const removeMemberResultSchema = z.object({ message: z.string(), cancelledBookings: z.number().int() });
export type RemoveMemberResult = z.infer<typeof removeMemberResultSchema>;
