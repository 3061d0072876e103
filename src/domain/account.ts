import { hasNoControlCharacters } from './text.ts';
import { z } from './zod.ts';

/**
 * Every password field (sign-in, registration, reset, invitation sign-up, account deletion) stops here: long enough
 * for any passphrase, short enough that nobody makes the server hash megabytes.
 */
export const passwordMaxLength = 200;

export const accountMessages = {
  missingInformation: 'Missing information',
  emailInvalid: 'Please enter a valid email address',
  registerPasswordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: `Password must be at most ${passwordMaxLength} characters`,
  resetPasswordTooShort: 'Password must be at least 6 characters long',
  invalidCredentials: 'Invalid email or password',
  forgotPasswordSent: 'If an account exists for that email, we have sent a link to reset the password.',
  passwordResetSignedIn: 'Your password has been reset, and you are signed in.',
  passwordResetSignInNext: 'Your password has been reset. You can now sign in with your new password.',
} as const;

/** An e-mail address as registration takes it: trimmed and lowercased, so that uniqueness is case-insensitive. */
export const emailSchema = z
  .string({ error: accountMessages.missingInformation })
  .trim()
  .min(1, accountMessages.missingInformation)
  .max(254, accountMessages.emailInvalid)
  .pipe(z.email(accountMessages.emailInvalid))
  .transform((value) => value.toLowerCase());

export const requiredPassword = z
  .string({ error: accountMessages.missingInformation })
  .min(1, accountMessages.missingInformation)
  .max(passwordMaxLength, accountMessages.passwordTooLong);

export const personName = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(100, `${label} must be at most 100 characters`)
    .refine(hasNoControlCharacters, `${label} contains characters that are not allowed`);

const email = emailSchema;

export const loginSchema = z.strictObject({ email, password: requiredPassword });
export type LoginInput = z.infer<typeof loginSchema>;

/** A new account's password (registration, invitation sign-up) is at least 8 characters long. */
export const newPasswordMinLength = 8;

export const registerSchema = z.strictObject({
  email,
  password: requiredPassword.pipe(z.string().min(newPasswordMinLength, accountMessages.registerPasswordTooShort)),
  firstName: personName('First name').optional(),
  lastName: personName('Last name').optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.strictObject({ email });

export const tokenSchema = z
  .string({ error: 'Token is required' })
  .min(1, 'Token is required')
  .max(200, 'Token is invalid');

/** Spec section 9: a reset password is at least 6 characters long. */
const resetPasswordMinLength = 6;

export const resetPasswordSchema = z.strictObject({
  token: tokenSchema,
  newPassword: z
    .string({ error: accountMessages.resetPasswordTooShort })
    .min(resetPasswordMinLength, accountMessages.resetPasswordTooShort)
    .max(passwordMaxLength, accountMessages.passwordTooLong),
});

export interface FormProblem {
  title: string;
  description: string;
}

/** The reset form's problems (spec section 5), each the title and the description of a toast. */
export const resetPasswordProblems = {
  missingInformation: { title: 'Missing information', description: 'Please fill in both password fields' },
  passwordTooShort: { title: 'Password too short', description: accountMessages.resetPasswordTooShort },
  passwordsDiffer: { title: "Passwords don't match", description: 'Please make sure both passwords are identical' },
  tokenMissing: { title: 'Invalid reset link', description: 'The reset token is missing from the URL' },
} as const satisfies Record<string, FormProblem>;

/**
 * The reset form (spec section 5): only its first problem in the spec's order, on the field it concerns, with the
 * toast's description as its message (resetPasswordProblemOf gives the whole toast back).
 */
export const resetPasswordFormSchema = z
  .object({ newPassword: z.string(), confirmPassword: z.string(), token: z.string().nullable() })
  .superRefine(({ newPassword, confirmPassword, token }, context) => {
    const report = (field: 'newPassword' | 'confirmPassword' | 'token', problem: FormProblem) =>
      context.addIssue({ code: 'custom', path: [field], message: problem.description });
    if (!newPassword || !confirmPassword) {
      report(newPassword ? 'confirmPassword' : 'newPassword', resetPasswordProblems.missingInformation);
    } else if (newPassword.length < resetPasswordMinLength) {
      report('newPassword', resetPasswordProblems.passwordTooShort);
    } else if (newPassword !== confirmPassword) {
      report('confirmPassword', resetPasswordProblems.passwordsDiffer);
    } else if (!token) {
      report('token', resetPasswordProblems.tokenMissing);
    }
  });

/** The toast for a message of resetPasswordFormSchema. */
export function resetPasswordProblemOf(message: string): FormProblem {
  const problem = Object.values(resetPasswordProblems).find((item) => item.description === message);
  return problem ?? { title: 'Error', description: message };
}

/** A user as anyone may see it: what registration, sign-in and GET /api/user answer. */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/**
 * POST /api/reset-password's answer. `user` is the person, now signed in by the reset (the link was mailed to their
 * address); null when a password sign-in would not be admitted (their organization requires single sign-on, or their
 * address awaits confirmation), and they sign in as they otherwise would. `hasCalendarFeed`: their calendar feed's
 * address, which a new password does not change, still works, so the page offers to replace it (issue 26).
 */
export const passwordResetResultSchema = z.object({
  message: z.string(),
  user: publicUserSchema.nullable(),
  hasCalendarFeed: z.boolean(),
});
export type PasswordResetResult = z.infer<typeof passwordResetResultSchema>;

/** POST /api/register's 202 when e-mail verification is on: no session yet, a link has been mailed. */
export const registrationPendingSchema = z.object({ requiresVerification: z.literal(true), message: z.string() });
export type RegistrationPending = z.infer<typeof registrationPendingSchema>;

/** First plus last name, else whichever exists, else the part of the e-mail before the at-sign. */
export function displayName(user: Pick<PublicUser, 'email' | 'firstName' | 'lastName'>): string {
  const parts = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean);
  if (parts.length > 0) return parts.join(' ');
  return user.email.split('@')[0] ?? user.email;
}
