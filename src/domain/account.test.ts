import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  accountMessages,
  displayName,
  forgotPasswordSchema,
  loginSchema,
  passwordMaxLength,
  registerSchema,
  resetPasswordFormSchema,
  resetPasswordProblemOf,
  resetPasswordSchema,
} from './account.ts';
import { deleteAccountSchema } from './data-rights.ts';
import { invitationSignupSchema } from './team.ts';

function problemsOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('loginSchema', () => {
  it('accepts an e-mail and password and lowercases and trims the e-mail', () => {
    expect(loginSchema.parse({ email: '  Ada@Example.COM ', password: 'secret' })).toEqual({
      email: 'ada@example.com',
      password: 'secret',
    });
  });

  it.each([
    ['no e-mail', { password: 'secret' }],
    ['an empty e-mail', { email: '', password: 'secret' }],
    ['a blank e-mail', { email: '   ', password: 'secret' }],
    ['no password', { email: 'ada@example.com' }],
    ['an empty password', { email: 'ada@example.com', password: '' }],
  ])("answers 'Missing information' for %s", (_label, input) => {
    expect(problemsOf(loginSchema, input)).toEqual(['Missing information']);
  });

  it('does not check the length of a sign-in password, only that there is one', () => {
    expect(problemsOf(loginSchema, { email: 'ada@example.com', password: 'x' })).toEqual([]);
  });

  it('refuses an address that is not an e-mail', () => {
    expect(problemsOf(loginSchema, { email: 'not-an-email', password: 'secret' })).toEqual([
      accountMessages.emailInvalid,
    ]);
  });

  it('refuses values that are not text and unknown fields', () => {
    expect(problemsOf(loginSchema, { email: 42, password: 'secret' })).toEqual([accountMessages.missingInformation]);
    expect(problemsOf(loginSchema, { email: 'ada@example.com', password: 'secret', remember: true })).not.toEqual([]);
  });
});

describe('registerSchema', () => {
  const valid = { email: 'Grace@Example.com', password: 'longenough', firstName: ' Grace ', lastName: 'Hopper' };

  it('accepts a complete registration, lowercasing the e-mail and trimming names', () => {
    expect(registerSchema.parse(valid)).toEqual({
      email: 'grace@example.com',
      password: 'longenough',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
  });

  it('leaves the names optional', () => {
    expect(problemsOf(registerSchema, { email: 'grace@example.com', password: 'longenough' })).toEqual([]);
  });

  it("answers 'Missing information' when e-mail or password is missing", () => {
    expect(problemsOf(registerSchema, { password: 'longenough' })).toEqual(['Missing information']);
    expect(problemsOf(registerSchema, { email: 'grace@example.com', password: '' })).toEqual(['Missing information']);
  });

  it('requires a password of at least 8 characters', () => {
    expect(problemsOf(registerSchema, { ...valid, password: '1234567' })).toEqual([
      accountMessages.registerPasswordTooShort,
    ]);
    expect(problemsOf(registerSchema, { ...valid, password: '12345678' })).toEqual([]);
  });

  it('refuses a password over 200 characters', () => {
    expect(problemsOf(registerSchema, { ...valid, password: 'x'.repeat(201) })).toEqual([
      accountMessages.passwordTooLong,
    ]);
  });

  it('refuses unknown fields, so a client cannot set anything else about the account', () => {
    expect(problemsOf(registerSchema, { ...valid, emailVerifiedAt: '2020-01-01' })).not.toEqual([]);
  });
});

describe('forgotPasswordSchema and resetPasswordSchema', () => {
  it('needs an e-mail to send a reset link', () => {
    expect(problemsOf(forgotPasswordSchema, {})).toEqual([accountMessages.missingInformation]);
    expect(forgotPasswordSchema.parse({ email: 'ADA@example.com' })).toEqual({ email: 'ada@example.com' });
  });

  it('requires a new password of at least 6 characters', () => {
    expect(problemsOf(resetPasswordSchema, { token: 't', newPassword: '12345' })).toEqual([
      'Password must be at least 6 characters long',
    ]);
    expect(problemsOf(resetPasswordSchema, { token: 't', newPassword: '123456' })).toEqual([]);
  });

  it('requires a token', () => {
    expect(problemsOf(resetPasswordSchema, { token: '', newPassword: '123456' })).toEqual(['Token is required']);
    expect(problemsOf(resetPasswordSchema, { newPassword: '123456' })).toEqual(['Token is required']);
  });
});

describe('every schema that takes a password', () => {
  const schemas: Array<[string, z.ZodType, Record<string, unknown>, string]> = [
    ['sign-in', loginSchema, { email: 'ada@example.com' }, 'password'],
    ['registration', registerSchema, { email: 'ada@example.com' }, 'password'],
    ['password reset', resetPasswordSchema, { token: 't' }, 'newPassword'],
    ['sign-up with an invitation', invitationSignupSchema, { token: 't' }, 'password'],
    ['account deletion', deleteAccountSchema, {}, 'password'],
  ];

  it('allows passwords up to 200 characters', () => {
    expect(passwordMaxLength).toBe(200);
  });

  it.each(schemas)('%s accepts a password of exactly 200 characters', (_label, schema, rest, field) => {
    expect(problemsOf(schema, { ...rest, [field]: 'p'.repeat(passwordMaxLength) })).toEqual([]);
  });

  it.each(schemas)(
    '%s refuses a password of 201 characters, on that field, with a sentence',
    (_l, schema, rest, field) => {
      const result = schema.safeParse({ ...rest, [field]: 'p'.repeat(passwordMaxLength + 1) });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        [field, 'Password must be at most 200 characters'],
      ]);
    },
  );
});

/** The reset form's toast, or null when the form can be sent, as the page shows it. */
function checkResetPasswordForm(input: { newPassword: string; confirmPassword: string; token: string | null }) {
  const result = resetPasswordFormSchema.safeParse(input);
  const issues = result.error?.issues ?? [];
  expect(issues.length).toBeLessThanOrEqual(1);
  return issues[0] ? resetPasswordProblemOf(issues[0].message) : null;
}

describe('resetPasswordFormSchema (the reset form, spec section 5)', () => {
  it('answers nothing for a filled, long enough, matching form with a token', () => {
    expect(checkResetPasswordForm({ newPassword: 'secret1', confirmPassword: 'secret1', token: 'abc' })).toBeNull();
  });

  it('reports missing information first, even when every other check would fail too', () => {
    expect(checkResetPasswordForm({ newPassword: '', confirmPassword: '', token: null })).toEqual({
      title: 'Missing information',
      description: 'Please fill in both password fields',
    });
  });

  it('reports missing information when only one field is filled', () => {
    expect(checkResetPasswordForm({ newPassword: 'secret1', confirmPassword: '', token: 'abc' })?.title).toBe(
      'Missing information',
    );
    expect(checkResetPasswordForm({ newPassword: '', confirmPassword: 'secret1', token: 'abc' })?.title).toBe(
      'Missing information',
    );
  });

  it('reports a short password second, before a mismatch or a missing token', () => {
    expect(checkResetPasswordForm({ newPassword: '12345', confirmPassword: '99999', token: null })).toEqual({
      title: 'Password too short',
      description: 'Password must be at least 6 characters long',
    });
  });

  it('reports a mismatch third, before a missing token', () => {
    expect(checkResetPasswordForm({ newPassword: 'secret1', confirmPassword: 'secret2', token: null })).toEqual({
      title: "Passwords don't match",
      description: 'Please make sure both passwords are identical',
    });
  });

  it('reports a missing token last', () => {
    expect(checkResetPasswordForm({ newPassword: 'secret1', confirmPassword: 'secret1', token: null })).toEqual({
      title: 'Invalid reset link',
      description: 'The reset token is missing from the URL',
    });
    expect(checkResetPasswordForm({ newPassword: 'secret1', confirmPassword: 'secret1', token: '' })?.title).toBe(
      'Invalid reset link',
    );
  });

  it('accepts a password of exactly 6 characters', () => {
    expect(checkResetPasswordForm({ newPassword: '123456', confirmPassword: '123456', token: 'abc' })).toBeNull();
  });

  it('says each problem on the field it concerns', () => {
    const fieldOf = (input: { newPassword: string; confirmPassword: string; token: string | null }) =>
      resetPasswordFormSchema.safeParse(input).error?.issues[0]?.path.join('.');
    expect(fieldOf({ newPassword: '', confirmPassword: 'secret1', token: 'abc' })).toBe('newPassword');
    expect(fieldOf({ newPassword: 'secret1', confirmPassword: '', token: 'abc' })).toBe('confirmPassword');
    expect(fieldOf({ newPassword: '12345', confirmPassword: '12345', token: 'abc' })).toBe('newPassword');
    expect(fieldOf({ newPassword: 'secret1', confirmPassword: 'secret2', token: 'abc' })).toBe('confirmPassword');
    expect(fieldOf({ newPassword: 'secret1', confirmPassword: 'secret1', token: null })).toBe('token');
  });
});

describe('displayName', () => {
  it('joins first and last name', () => {
    expect(displayName({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
  });

  it('trims the names', () => {
    expect(displayName({ email: 'ada@example.com', firstName: '  Ada ', lastName: ' Lovelace  ' })).toBe(
      'Ada Lovelace',
    );
  });

  it('uses whichever name exists when only one does', () => {
    expect(displayName({ email: 'ada@example.com', firstName: 'Ada', lastName: null })).toBe('Ada');
    expect(displayName({ email: 'ada@example.com', firstName: null, lastName: 'Lovelace' })).toBe('Lovelace');
    expect(displayName({ email: 'ada@example.com', firstName: '   ', lastName: 'Lovelace' })).toBe('Lovelace');
  });

  it('falls back to the part of the e-mail before the at-sign when there is no name', () => {
    expect(displayName({ email: 'ada.l@example.com', firstName: null, lastName: null })).toBe('ada.l');
    expect(displayName({ email: 'ada.l@example.com', firstName: '', lastName: '  ' })).toBe('ada.l');
  });
});
