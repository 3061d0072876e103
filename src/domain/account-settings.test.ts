import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordFormSchema,
  changePasswordSchema,
  confirmEmailChangeSchema,
  requestEmailChangeSchema,
  updateNameSchema,
} from './account-settings.ts';

function problemsOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('updateNameSchema', () => {
  it('trims both names and takes empty ones', () => {
    expect(updateNameSchema.parse({ firstName: ' Grace ', lastName: '' })).toEqual({
      firstName: 'Grace',
      lastName: '',
    });
  });

  it.each([
    [
      'a first name over 100 characters',
      { firstName: 'x'.repeat(101), lastName: 'Hopper' },
      'First name must be at most 100 characters',
    ],
    [
      'a control character',
      { firstName: 'Grace', lastName: 'Hop\u0000per' },
      'Last name contains characters that are not allowed',
    ],
    ['a number', { firstName: 42, lastName: 'Hopper' }, 'First name must be text'],
  ])('refuses %s', (_, input, message) => {
    expect(problemsOf(updateNameSchema, input)).toEqual([message]);
  });

  it('refuses a missing name and unknown keys', () => {
    expect(problemsOf(updateNameSchema, { firstName: 'Grace' })).not.toEqual([]);
    expect(
      problemsOf(updateNameSchema, { firstName: 'Grace', lastName: 'Hopper', email: 'x@example.com' }),
    ).not.toEqual([]);
  });
});

describe('requestEmailChangeSchema', () => {
  it('lowercases and trims the new address, as registration does', () => {
    expect(requestEmailChangeSchema.parse({ newEmail: ' Grace@Example.COM ', password: 'secret' })).toEqual({
      newEmail: 'grace@example.com',
      password: 'secret',
    });
  });

  it.each([
    ['an invalid address', { newEmail: 'not-an-email', password: 'secret' }, ['Please enter a valid email address']],
    ['no password', { newEmail: 'grace@example.com', password: '' }, ['Missing information']],
    [
      'a huge password',
      { newEmail: 'grace@example.com', password: 'x'.repeat(201) },
      ['Password must be at most 200 characters'],
    ],
  ])('refuses %s', (_, input, messages) => {
    expect(problemsOf(requestEmailChangeSchema, input)).toEqual(messages);
  });
});

describe('confirmEmailChangeSchema', () => {
  it('takes a token of up to 200 characters and no more', () => {
    expect(problemsOf(confirmEmailChangeSchema, { token: 'x'.repeat(43) })).toEqual([]);
    expect(problemsOf(confirmEmailChangeSchema, { token: 'x'.repeat(201) })).toEqual(['Token is invalid']);
  });
});

describe('changePasswordSchema', () => {
  it('asks for a new password of at least 8 characters, as sign-up does', () => {
    expect(problemsOf(changePasswordSchema, { currentPassword: 'old', newPassword: 'short' })).toEqual([
      'Password must be at least 8 characters',
    ]);
    expect(problemsOf(changePasswordSchema, { currentPassword: 'old', newPassword: 'long enough' })).toEqual([]);
  });
});

describe('changePasswordFormSchema', () => {
  it('says so beside the confirmation when the two new passwords differ', () => {
    const result = changePasswordFormSchema.safeParse({
      currentPassword: 'old one',
      newPassword: 'long enough',
      confirmPassword: 'long enougH',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['confirmPassword', "Passwords don't match"],
    ]);
  });

  it('asks for the confirmation when it is empty', () => {
    expect(
      problemsOf(changePasswordFormSchema, { currentPassword: 'old', newPassword: 'long enough', confirmPassword: '' }),
    ).toContain('Please confirm your new password');
  });
});
