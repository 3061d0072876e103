import { describe, expect, it } from 'vitest';
import type { Subscription } from './subscription.ts';
import {
  failedInvitesTitle,
  invitationSignInFormSchema,
  invitationSignupFormSchema,
  invitationSignupSchema,
  inviteBlocker,
  inviteFormSchema,
  inviteResultMessage,
  inviteSchema,
  splitInviteEmails,
  updateRoleSchema,
} from './team.ts';

function problemsOf(schema: { safeParse(input: unknown): { success: boolean; error?: any } }, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? [] : (result.error.issues as Array<{ message: string }>).map((issue) => issue.message);
}

/** What a form shows: the first problem of each field, by field. */
function fieldProblemsOf(schema: { safeParse(input: unknown): { success: boolean; error?: any } }, input: unknown) {
  const result = schema.safeParse(input);
  const problems: Record<string, string> = {};
  for (const issue of (result.error?.issues ?? []) as Array<{ path: string[]; message: string }>) {
    problems[issue.path.join('.')] ??= issue.message;
  }
  return problems;
}

describe('splitInviteEmails', () => {
  it('splits a string on commas and new lines, trimming each address', () => {
    expect(splitInviteEmails(' ada@example.com,grace@example.com\nalan@example.com \r\n edsger@example.com')).toEqual([
      'ada@example.com',
      'grace@example.com',
      'alan@example.com',
      'edsger@example.com',
    ]);
  });

  it('lowercases and keeps each address once, in the order first given', () => {
    expect(splitInviteEmails('Ada@Example.com, grace@example.com, ADA@example.COM')).toEqual([
      'ada@example.com',
      'grace@example.com',
    ]);
  });

  it('drops blanks left by doubled or trailing separators', () => {
    expect(splitInviteEmails(',,ada@example.com,\n\n, ,grace@example.com,\n')).toEqual([
      'ada@example.com',
      'grace@example.com',
    ]);
  });

  it('takes an array as it is, still trimming, lowercasing and de-duplicating', () => {
    expect(splitInviteEmails([' Ada@example.com ', 'ada@example.com', 'grace@example.com', ''])).toEqual([
      'ada@example.com',
      'grace@example.com',
    ]);
  });

  it('answers an empty list for an empty string', () => {
    expect(splitInviteEmails('  \n , ')).toEqual([]);
  });
});

describe('inviteFormSchema (the invite form)', () => {
  const emailsProblem = (emails: string) => fieldProblemsOf(inviteFormSchema, { emails, role: 'member' }).emails;

  it("answers 'Please enter at least one email address' for nothing but separators", () => {
    expect(emailsProblem('')).toBe('Please enter at least one email address');
    expect(emailsProblem(' ,\n ')).toBe('Please enter at least one email address');
  });

  it('answers the spec message when any address is not valid', () => {
    expect(emailsProblem('ada@example.com, not-an-address')).toBe(
      'Please enter valid email addresses separated by commas or new lines',
    );
    expect(emailsProblem('ada@example.com grace@example.com')).toBe(
      'Please enter valid email addresses separated by commas or new lines',
    );
  });

  it('names an invalid address before too many of them', () => {
    const many = Array.from({ length: 201 }, (_, index) => `user${index}@example.com`);
    expect(emailsProblem(many.join(','))).toBe('Please invite at most 200 email addresses at once');
    expect(emailsProblem([...many, 'nope'].join(','))).toBe(
      'Please enter valid email addresses separated by commas or new lines',
    );
  });

  it('accepts valid addresses separated by commas or new lines and keeps the text as typed', () => {
    const text = 'ada@example.com,\ngrace@example.org';
    expect(inviteFormSchema.parse({ emails: text, role: 'admin' })).toEqual({ emails: text, role: 'admin' });
  });
});

describe('inviteSchema', () => {
  it('turns a comma/newline string into the list of addresses and defaults the role to member', () => {
    expect(inviteSchema.parse({ emails: 'A@example.com\nb@example.com' })).toEqual({
      emails: ['a@example.com', 'b@example.com'],
      role: 'member',
    });
  });

  it('takes an array and an admin role', () => {
    expect(inviteSchema.parse({ emails: ['a@example.com'], role: 'admin' })).toEqual({
      emails: ['a@example.com'],
      role: 'admin',
    });
  });

  it('keeps invalid addresses for the service to report one by one', () => {
    expect(inviteSchema.parse({ emails: 'a@example.com, nope' }).emails).toEqual(['a@example.com', 'nope']);
  });

  it.each([
    ['an empty string', { emails: '' }],
    ['an empty array', { emails: [] }],
    ['a missing field', {}],
    ['a number', { emails: 42 }],
  ])("refuses %s with 'Please enter at least one email address'", (_name, input) => {
    expect(problemsOf(inviteSchema, input)).toEqual(['Please enter at least one email address']);
  });

  it('refuses more than 200 addresses at once', () => {
    const emails = Array.from({ length: 201 }, (_, index) => `user${index}@example.com`);
    expect(problemsOf(inviteSchema, { emails })).toEqual(['Please invite at most 200 email addresses at once']);
  });

  it('refuses a role other than admin or member', () => {
    expect(problemsOf(inviteSchema, { emails: 'a@example.com', role: 'owner' })).toEqual([
      'Role must be admin or member',
    ]);
    expect(problemsOf(updateRoleSchema, { role: 'owner' })).toEqual(['Role must be admin or member']);
    expect(problemsOf(updateRoleSchema, {})).toEqual(['Role must be admin or member']);
  });
});

describe('invitationSignupFormSchema (spec section 5)', () => {
  const valid = { firstName: 'Ada', lastName: 'Lovelace', password: 'analytical', confirmPassword: 'analytical' };
  const problems = (input: typeof valid) => fieldProblemsOf(invitationSignupFormSchema, input);

  it('accepts a complete form and trims the names', () => {
    expect(problems(valid)).toEqual({});
    expect(invitationSignupFormSchema.parse({ ...valid, firstName: ' Ada ' }).firstName).toBe('Ada');
  });

  it('requires first and last name, ignoring spaces', () => {
    expect(problems({ ...valid, firstName: '  ', lastName: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
  });

  it('requires a password of at least 8 characters', () => {
    expect(problems({ ...valid, password: 'seven77', confirmPassword: 'seven77' })).toEqual({
      password: 'Password must be at least 8 characters',
      confirmPassword: 'Please confirm your password',
    });
    expect(problems({ ...valid, password: '', confirmPassword: '' }).password).toBe(
      'Password must be at least 8 characters',
    );
  });

  it("asks to confirm the password when the confirmation is shorter than 8, and says when they don't match", () => {
    expect(problems({ ...valid, confirmPassword: '' }).confirmPassword).toBe('Please confirm your password');
    expect(problems({ ...valid, confirmPassword: 'analytic4l' }).confirmPassword).toBe("Passwords don't match");
  });

  it('says the passwords differ alongside the problems of other fields', () => {
    expect(problems({ ...valid, firstName: '', password: 'seven77', confirmPassword: 'analytic4l' })).toEqual({
      firstName: 'First name is required',
      password: 'Password must be at least 8 characters',
      confirmPassword: "Passwords don't match",
    });
  });

  it('refuses control characters in names, as the request does', () => {
    expect(problems({ ...valid, lastName: 'Love\u0000lace' }).lastName).toBe(
      'Last name contains characters that are not allowed',
    );
  });
});

describe('invitationSignInFormSchema (an invitee who has an account)', () => {
  it('only asks for the password, however short', () => {
    expect(fieldProblemsOf(invitationSignInFormSchema, { password: '' })).toEqual({
      password: 'Please enter your password',
    });
    expect(fieldProblemsOf(invitationSignInFormSchema, { password: 'short' })).toEqual({});
  });
});

describe('invitationSignupSchema', () => {
  it('lets names be left out (an existing account keeps its own) and trims them', () => {
    expect(invitationSignupSchema.parse({ token: 't', password: 'x' })).toEqual({ token: 't', password: 'x' });
    expect(invitationSignupSchema.parse({ token: 't', password: 'x', firstName: ' Ada ' }).firstName).toBe('Ada');
  });

  it('refuses a missing token or password, control characters in names and unknown fields', () => {
    expect(problemsOf(invitationSignupSchema, { password: 'x' })).toEqual(['Token is required']);
    expect(problemsOf(invitationSignupSchema, { token: 't', password: '' })).toEqual(['Please enter your password']);
    expect(problemsOf(invitationSignupSchema, { token: 't', password: 'x', firstName: 'A\u0000' })).toEqual([
      'First name contains characters that are not allowed',
    ]);
    expect(problemsOf(invitationSignupSchema, { token: 't', password: 'x', email: 'a@example.com' })).toHaveLength(1);
  });
});

describe('inviteBlocker (spec section 4)', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const subscription: Subscription = {
    planId: 'tier-1',
    planName: 'Tier 1',
    maxUsers: 3,
    status: 'active',
    nextBillingTime: null,
    endsAt: null,
    isOverridden: false,
    isBillingOff: false,
  };

  it('allows inviting with an enabled subscription and seats left', () => {
    expect(inviteBlocker(subscription, 2, now)).toBeNull();
  });

  it("says 'Upgrade your plan to invite more users' at or above maxUsers", () => {
    expect(inviteBlocker(subscription, 3, now)).toBe('Upgrade your plan to invite more users');
    expect(inviteBlocker(subscription, 4, now)).toBe('Upgrade your plan to invite more users');
  });

  it("says 'Subscribe to invite users' without an enabled subscription", () => {
    expect(inviteBlocker(undefined, 1, now)).toBe('Subscribe to invite users');
    expect(inviteBlocker({ ...subscription, status: 'cancelled' }, 1, now)).toBe('Subscribe to invite users');
    expect(inviteBlocker({ ...subscription, status: 'trial', endsAt: '2026-02-01T00:00:00Z' }, 1, now)).toBe(
      'Subscribe to invite users',
    );
  });
});

describe('invite messages', () => {
  it('sums up what was sent', () => {
    expect(inviteResultMessage(1, 0)).toBe('Sent 1 invitation.');
    expect(inviteResultMessage(3, 2)).toBe('Sent 3 invitations; 2 could not be sent.');
    expect(inviteResultMessage(0, 2)).toBe('No invitations were sent.');
    expect(inviteResultMessage(0, 1)).toBe('The invitation could not be sent.');
  });

  it("titles the second toast '{N} invitation(s) could not be sent...'", () => {
    expect(failedInvitesTitle(2)).toBe('2 invitation(s) could not be sent...');
  });
});
