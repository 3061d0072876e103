import type { RegisterInput } from '#domain/account.ts';
import { ApiError } from '#web/app/api.ts';

export type SignUpField = keyof RegisterInput;

const fields: readonly SignUpField[] = ['email', 'password', 'firstName', 'lastName'];

/**
 * The sign-up field a refusal of POST /api/register is about, with the sentence to show beside it: a taken address
 * (409) is the e-mail's; a 400 names its field at the end ("... (password)"), which the field does not repeat. Null
 * for a refusal about no field (too many tries, a failure): the toast alone says it.
 */
export function signUpFieldProblem(error: unknown): { field: SignUpField; message: string } | null {
  if (!(error instanceof ApiError) || !error.serverMessage) return null;
  if (error.status === 409) return { field: 'email', message: error.serverMessage };
  if (error.status !== 400) return null;
  const named = /^(.*) \((\w+)\)$/.exec(error.serverMessage);
  const field = fields.find((candidate) => candidate === named?.[2]);
  return named?.[1] && field ? { field, message: named[1] } : null;
}
