import { describe, expect, it } from 'vitest';
import { deletedUserLabel as deletedUser } from '#domain/audit.ts';
import { forgetPerson, mentionsOf } from './data-rights-forget.ts';

const lee = { email: 'lee.leaver@example.com', firstName: 'Lee', lastName: 'Leaver' };

describe('forgetting a person in a recorded value', () => {
  it.each([
    ['their e-mail', 'lee.leaver@example.com', deletedUser],
    ['their e-mail in capitals', 'Lee.Leaver@Example.COM', deletedUser],
    ['their full name', 'Lee Leaver', deletedUser],
    ['their full name in other case', 'lee leaver', deletedUser],
    ['their first name alone', 'Lee', deletedUser],
    ['their last name alone', 'Leaver', deletedUser],
    [
      'their e-mail inside a sentence',
      'asked by lee.leaver@example.com on Monday',
      `asked by ${deletedUser} on Monday`,
    ],
    ['their e-mail ending a sentence', 'Ask lee.leaver@example.com.', `Ask ${deletedUser}.`],
    ['their full name inside a sentence', 'for Lee Leaver’s team', `for ${deletedUser}’s team`],
  ])('replaces %s with "a deleted user"', (_case, value, expected) => {
    expect(forgetPerson(value, lee)).toBe(expected);
  });

  it.each([
    ['another person’s e-mail', 'sam@example.com'],
    ['a word that merely contains the first name', 'Fleet management'],
    ['a longer e-mail that contains theirs', 'alee.leaver@example.com.au'],
    ['an e-mail of the same domain with a longer local part', 'x.lee.leaver@example.com'],
    ['an empty string', ''],
  ])('leaves %s alone', (_case, value) => {
    expect(forgetPerson(value, lee)).toBe(value);
  });

  it('reaches into nested objects and arrays, and leaves numbers, booleans and null as they are', () => {
    const details = {
      member: { name: 'Lee Leaver', email: 'lee.leaver@example.com' },
      role: 'admin',
      cancelledBookings: 2,
      isPermanent: false,
      notes: null,
      cancelled: [{ owner: { name: 'Lee Leaver', email: 'lee.leaver@example.com' } }, { owner: { name: 'Sam Lee' } }],
    };
    expect(forgetPerson(details, lee)).toEqual({
      member: { name: deletedUser, email: deletedUser },
      role: 'admin',
      cancelledBookings: 2,
      isPermanent: false,
      notes: null,
      cancelled: [{ owner: { name: deletedUser, email: deletedUser } }, { owner: { name: 'Sam Lee' } }],
    });
  });

  it('forgets a person without a name by the part of the e-mail Perch shows instead', () => {
    const nameless = { email: 'quiet.one@example.com', firstName: null, lastName: null };
    expect(forgetPerson({ member: { name: 'quiet.one', email: 'quiet.one@example.com' } }, nameless)).toEqual({
      member: { name: deletedUser, email: deletedUser },
    });
    expect(forgetPerson('quiet.one was here', nameless)).toBe('quiet.one was here');
  });

  it('treats characters special to patterns in a name as plain text', () => {
    const odd = { email: 'a+b@example.com', firstName: 'J.', lastName: '(Doe)' };
    expect(forgetPerson('a+b@example.com and J. (Doe) and JX (Doe)', odd)).toBe(
      `${deletedUser} and ${deletedUser} and JX (Doe)`,
    );
  });
});

describe('what to look for when finding records that mention a person', () => {
  it('lists the e-mail and each name in lower case, and their JSON spelling when it differs', () => {
    expect(mentionsOf(lee)).toEqual(['lee.leaver@example.com', 'lee', 'leaver']);
    expect(mentionsOf({ email: 'x@example.com', firstName: 'Say "Hi"', lastName: '  ' })).toEqual([
      'x@example.com',
      'say "hi"',
      'say \\"hi\\"',
    ]);
    expect(mentionsOf({ email: 'quiet.one@example.com', firstName: null, lastName: null })).toEqual([
      'quiet.one@example.com',
      'quiet.one',
    ]);
  });
});
