import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/app/api.ts';
import { signUpFieldProblem } from './sign-up-field-problem.ts';

const answer = (status: number, message: string) => new ApiError(status, '', JSON.stringify({ message }));
const taken = 'An account with this email already exists. Please sign in instead.';

describe('signUpFieldProblem', () => {
  it.each([
    ['a taken address (409) belongs to the e-mail', answer(409, taken), { field: 'email', message: taken }],
    [
      "the server's short password, without the field's name",
      answer(400, 'Password must be at least 8 characters (password)'),
      { field: 'password', message: 'Password must be at least 8 characters' },
    ],
    [
      'an invalid address',
      answer(400, 'Please enter a valid email address (email)'),
      { field: 'email', message: 'Please enter a valid email address' },
    ],
    [
      'a first name with characters not allowed',
      answer(400, 'First name contains characters that are not allowed (firstName)'),
      { field: 'firstName', message: 'First name contains characters that are not allowed' },
    ],
    ['a refusal about no field (too many tries)', answer(429, 'Too many attempts. Try again in a minute.'), null],
    ['a 400 naming a field the form does not have', answer(400, 'Unrecognized key: "isAdmin" (isAdmin)'), null],
    ['a server failure', answer(500, 'Internal'), null],
    ['a network failure', new TypeError('Failed to fetch'), null],
  ])('%s', (_case, error, expected) => {
    expect(signUpFieldProblem(error)).toEqual(expected);
  });
});
