import { z } from 'zod';

export const deleteAccountSchema = z.strictObject({
  password: z
    .string({ error: 'Please enter your password (password)' })
    .min(1, 'Please enter your password (password)')
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
