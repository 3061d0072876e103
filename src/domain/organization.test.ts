import { describe, expect, it } from 'vitest';
import { createOrganizationSchema, deriveSlug, isTimeZone, organizationMessages } from './organization.ts';

/** The messages of every issue, in order, or [] when the input is valid. */
function problemsOf(input: unknown): string[] {
  const result = createOrganizationSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('deriveSlug', () => {
  it.each([
    ['lowercases the name', 'ACME', 'acme'],
    ['turns spaces into hyphens', 'Acme Corp London', 'acme-corp-london'],
    [
      'removes characters other than letters, digits, spaces and hyphens',
      "Smith & Sons, Ltd. (UK)'s",
      'smith-sons-ltd-uks',
    ],
    ['removes accented letters rather than keeping them', 'Café Zürich', 'caf-zrich'],
    ['keeps digits', '42 Main Street 7', '42-main-street-7'],
    ['collapses runs of spaces into one hyphen', 'Acme    Corp', 'acme-corp'],
    ['collapses repeated hyphens, including those made from spaces around a hyphen', 'Acme -- Corp', 'acme-corp'],
    ['collapses repeated hyphens', 'north---east', 'north-east'],
    ['treats tabs and newlines like spaces', 'Acme\tCorp\nEast', 'acme-corp-east'],
    ['trims leading and trailing spaces', '  Acme Corp  ', 'acme-corp'],
    ['trims leading and trailing hyphens', '-Acme-', 'acme'],
    ['trims leading and trailing characters it removes', '!Acme!', 'acme'],
    ['answers an empty slug for an empty name', '', ''],
    ['answers an empty slug for a name of spaces', '   ', ''],
    ['answers an empty slug for a name of punctuation', '!!! ???', ''],
    ['answers an empty slug for a name with no Latin letter or digit', '東京', ''],
  ])('%s: %j gives %j', (_behaviour, name, slug) => {
    expect(deriveSlug(name)).toBe(slug);
  });

  it('is stable: deriving from a slug gives the same slug', () => {
    for (const name of ['Acme Corp', 'A -- B', '  x y z  ', 'Café 2000!']) {
      const slug = deriveSlug(name);
      expect(deriveSlug(slug)).toBe(slug);
    }
  });

  it('derives slugs that the slug rule accepts when they are long enough', () => {
    const slug = deriveSlug('The Very Best Office, Inc.');
    expect(slug).toBe('the-very-best-office-inc');
    expect(createOrganizationSchema.safeParse({ name: 'The Very Best Office, Inc.', slug }).success).toBe(true);
  });
});

describe('createOrganizationSchema', () => {
  const nameTooShortInSpec = 'Organization name must be at least 2 characters';

  it('accepts a valid name and slug and trims the name', () => {
    const result = createOrganizationSchema.parse({ name: '  Acme Corp  ', slug: 'acme-corp' });
    expect(result).toEqual({ name: 'Acme Corp', slug: 'acme-corp' });
  });

  it.each([
    ["refuses a one-character name with the spec's message", { name: 'A', slug: 'acme' }, [nameTooShortInSpec]],
    ['counts the name after trimming spaces', { name: '  A  ', slug: 'acme' }, [organizationMessages.nameTooShort]],
    ['accepts a name of exactly two characters', { name: 'AB', slug: 'acme' }, []],
    ["refuses a missing name with the spec's name message", { slug: 'acme' }, [organizationMessages.nameTooShort]],
    ['refuses a name over 100 characters', { name: 'x'.repeat(101), slug: 'acme' }, [organizationMessages.nameTooLong]],
    ['refuses a slug shorter than 3 characters', { name: 'Acme', slug: 'ab' }, [organizationMessages.slugTooShort]],
    ['accepts a slug of exactly 3 characters made of letters, digits and hyphens', { name: 'Acme', slug: 'a-1' }, []],
    ['refuses a slug over 60 characters', { name: 'Acme', slug: 'a'.repeat(61) }, [organizationMessages.slugTooLong]],
    ['accepts a slug of 60 characters', { name: 'Acme', slug: 'a'.repeat(60) }, []],
    ['accepts an IANA time zone', { name: 'Acme', slug: 'acme', timeZone: 'America/New_York' }, []],
    [
      'refuses a time zone that is not an IANA one',
      { name: 'Acme', slug: 'acme', timeZone: 'Mars/Olympus_Mons' },
      [organizationMessages.timeZone],
    ],
  ])('%s', (_behaviour, input, problems) => {
    expect(problemsOf(input)).toEqual(problems);
  });

  it.each([
    ['capital letters', 'Acme'],
    ['a space', 'acme corp'],
    ['an underscore', 'acme_corp'],
    ['a dot', 'acme.corp'],
    ['an accented letter', 'café'],
    ['a slash', 'acme/corp'],
  ])("refuses a slug with %s with the spec's message", (_label, slug) => {
    expect(problemsOf({ name: 'Acme', slug })).toEqual([
      'Slug can only contain lowercase letters, numbers, and hyphens',
    ]);
  });

  it('refuses an empty slug as too short', () => {
    expect(problemsOf({ name: 'Acme', slug: '' })).toContain(organizationMessages.slugTooShort);
  });

  it.each([
    ['a slug that is not text', { name: 'Acme', slug: 123 }],
    ['unknown fields', { name: 'Acme', slug: 'acme', isAdmin: true }],
  ])('refuses %s', (_label, input) => {
    expect(problemsOf(input)).not.toEqual([]);
  });
});

describe('isTimeZone', () => {
  it('accepts IANA zone names and UTC', () => {
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
  });

  it('refuses empty, unknown and overlong names', () => {
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('Europe/Atlantis')).toBe(false);
    expect(isTimeZone(`Europe/${'x'.repeat(80)}`)).toBe(false);
  });

  it.each(['+05:00', '-0300', '+05', 'UTC+5', 'GMT-03:00'])(
    'refuses the offset %s, which PostgreSQL would read with the opposite sign',
    (offset) => {
      expect(isTimeZone(offset)).toBe(false);
    },
  );

  it('accepts the Etc zones that carry a sign in their name', () => {
    expect(isTimeZone('Etc/GMT+5')).toBe(true);
  });
});
