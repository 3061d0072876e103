import { displayName } from '#domain/account.ts';
import { deletedUserLabel } from '#domain/audit.ts';

/** How a person is named in what Perch records: the account's e-mail and names. */
export interface PersonToForget {
  email: string;
  firstName: string | null;
  lastName: string | null;
}

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function namesOf(person: PersonToForget): string[] {
  const names = [person.firstName, person.lastName].map((name) => name?.trim() ?? '').filter(Boolean);
  // Without names Perch shows the e-mail's local part (displayName), so that is the name to forget.
  return names.length > 0 ? names : [displayName(person)];
}

/**
 * Lower-case strings to look for when finding the records that may mention the person: the e-mail and each name,
 * also as JSON spells them where that differs (a quote or backslash in a name). A match is only a candidate: what
 * is replaced is decided by forgetPerson.
 */
export function mentionsOf(person: PersonToForget): string[] {
  const plain = [person.email, ...namesOf(person)].map((text) => text.toLowerCase());
  const spelled = plain.flatMap((text) => [text, JSON.stringify(text).slice(1, -1)]);
  return [...new Set(spelled)];
}

/**
 * The value with every mention of the person replaced by "a deleted user": the e-mail and the full name wherever
 * they appear in a string, a single name only where it is the whole string (a first name such as "Lee" is part of
 * too many words, "Fleet" among them). Objects and arrays are walked; other values are kept.
 */
export function forgetPerson<T>(value: T, person: PersonToForget): T {
  const names = namesOf(person);
  // A first and last name together are distinctive enough to cut out of a sentence; one name alone is not.
  // The e-mail only as a whole address: not inside a longer one (a sentence's full stop may follow it).
  const email = `(?<![\\w.+-])${escapeForPattern(person.email)}(?![\\w-]|\\.[\\w-])`;
  const anywhere = new RegExp(names.length > 1 ? `${email}|${escapeForPattern(names.join(' '))}` : email, 'gi');
  const whole = new Set([displayName(person), ...names].map((name) => name.toLowerCase()));

  const forget = (item: unknown): unknown => {
    if (typeof item === 'string') {
      if (whole.has(item.trim().toLowerCase())) return deletedUserLabel;
      return item.replace(anywhere, deletedUserLabel);
    }
    if (Array.isArray(item)) return item.map(forget);
    if (item !== null && typeof item === 'object') {
      return Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, forget(entry)]));
    }
    return item;
  };
  return forget(value) as T;
}
