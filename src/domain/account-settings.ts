import {
  accountMessages,
  emailSchema,
  newPasswordMinLength,
  personName,
  requiredPassword,
  tokenSchema,
} from './account.ts';
import { z } from './zod.ts';

// Issue 27: the account settings dialog changes one's name, e-mail address and password.

export const accountSettingsMessages = {
  nameSaved: 'Your name has been saved.',
  wrongPassword: 'That password is not correct.',
  wrongCurrentPassword: 'Your current password is not correct.',
  /** Accounts made through single sign-on or with a passkey only have no password to confirm a change with. */
  noPassword:
    'Your account has no password yet. Sign out, choose Forgot password? on the sign-in page to set one through a link to your address, then try again.',
  sameEmail: 'That is already your email address.',
  emailTaken: 'An account with this email already exists.',
  emailChangeSent: (email: string) =>
    `We have sent a link to ${email}. Your address changes when you follow it (within 24 hours).`,
  emailChangeLinkInvalid: 'This link is invalid, has expired or has already been used.',
  emailChanged: (email: string) => `Your email address is now ${email}.`,
  passwordChanged: 'Your password has been changed. Other browsers signed in to your account were signed out.',
  confirmPassword: 'Please confirm your new password',
  passwordsDiffer: "Passwords don't match",
} as const;

/** PATCH /api/user: first and last name, by sign-up's rules; an empty one is cleared. */
export const updateNameSchema = z.strictObject({
  firstName: personName('First name'),
  lastName: personName('Last name'),
});
export type UpdateNameInput = z.infer<typeof updateNameSchema>;

/** POST /api/user/email: the new address, confirmed with the current password (a stolen session must not do it). */
export const requestEmailChangeSchema = z.strictObject({ newEmail: emailSchema, password: requiredPassword });
export type RequestEmailChangeInput = z.infer<typeof requestEmailChangeSchema>;

/** POST /api/user/email/confirm: the token of the link mailed to the new address. */
export const confirmEmailChangeSchema = z.strictObject({ token: tokenSchema });
export type ConfirmEmailChangeInput = z.infer<typeof confirmEmailChangeSchema>;

export const emailChangedSchema = z.object({ message: z.string(), email: z.string() });
export type EmailChanged = z.infer<typeof emailChangedSchema>;

const newPassword = requiredPassword.pipe(
  z.string().min(newPasswordMinLength, accountMessages.registerPasswordTooShort),
);

/** POST /api/user/password: the current password and a new one of at least 8 characters, as at sign-up. */
export const changePasswordSchema = z.strictObject({ currentPassword: requiredPassword, newPassword });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The dialog's password form: the request's fields and the new password typed twice. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: requiredPassword,
    newPassword,
    confirmPassword: z.string().min(1, accountSettingsMessages.confirmPassword),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: accountSettingsMessages.passwordsDiffer,
  });
