import { describe, expect, it } from 'vitest';
import { createOrganizationSchema, deriveSlug, isTimeZone, organizationMessages } from './organization.ts';

/** The messages of every issue, in order, or [] when the input is valid. */
function problemsOf(input: unknown): string[] {
  const result = createOrganizationSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('deriveSlug', () => {
  it('lowercases the name', () => {
    expect(deriveSlug('ACME')).toBe('acme');
  });

  it('turns spaces into hyphens', () => {
    expect(deriveSlug('Acme Corp London')).toBe('acme-corp-london');
  });

  it('removes characters other than letters, digits, spaces and hyphens', () => {
    expect(deriveSlug("Smith & Sons, Ltd. (UK)'s")).toBe('smith-sons-ltd-uks');
  });

  it('removes accented letters rather than keeping them', () => {
    expect(deriveSlug('Café Zürich')).toBe('caf-zrich');
  });

  it('keeps digits', () => {
    expect(deriveSlug('42 Main Street 7')).toBe('42-main-street-7');
  });

  it('collapses runs of spaces into one hyphen', () => {
    expect(deriveSlug('Acme    Corp')).toBe('acme-corp');
  });

  it('collapses repeated hyphens, including those made from spaces around a hyphen', () => {
    expect(deriveSlug('Acme -- Corp')).toBe('acme-corp');
    expect(deriveSlug('north---east')).toBe('north-east');
  });

  it('treats tabs and newlines like spaces', () => {
    expect(deriveSlug('Acme\tCorp\nEast')).toBe('acme-corp-east');
  });

  it('trims leading and trailing spaces and hyphens', () => {
    expect(deriveSlug('  Acme Corp  ')).toBe('acme-corp');
    expect(deriveSlug('-Acme-')).toBe('acme');
    expect(deriveSlug('!Acme!')).toBe('acme');
  });

  it('answers an empty slug for a name with nothing usable in it', () => {
    expect(deriveSlug('')).toBe('');
    expect(deriveSlug('   ')).toBe('');
    expect(deriveSlug('!!! ???')).toBe('');
    expect(deriveSlug('東京')).toBe('');
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
  it('accepts a valid name and slug and trims the name', () => {
    const result = createOrganizationSchema.parse({ name: '  Acme Corp  ', slug: 'acme-corp' });
    expect(result).toEqual({ name: 'Acme Corp', slug: 'acme-corp' });
  });

  it("refuses a one-character name with the spec's message", () => {
    expect(problemsOf({ name: 'A', slug: 'acme' })).toEqual(['Organization name must be at least 2 characters']);
  });

  it('counts the name after trimming spaces', () => {
    expect(problemsOf({ name: '  A  ', slug: 'acme' })).toEqual([organizationMessages.nameTooShort]);
  });

  it('accepts a name of exactly two characters', () => {
    expect(problemsOf({ name: 'AB', slug: 'acme' })).toEqual([]);
  });

  it("refuses a missing name with the spec's name message", () => {
    expect(problemsOf({ slug: 'acme' })).toEqual([organizationMessages.nameTooShort]);
  });

  it('refuses a name over 100 characters', () => {
    expect(problemsOf({ name: 'x'.repeat(101), slug: 'acme' })).toEqual([organizationMessages.nameTooLong]);
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

  it('refuses a slug shorter than 3 characters', () => {
    expect(problemsOf({ name: 'Acme', slug: 'ab' })).toEqual([organizationMessages.slugTooShort]);
    expect(problemsOf({ name: 'Acme', slug: '' })).toContain(organizationMessages.slugTooShort);
  });

  it('accepts a slug of exactly 3 characters made of letters, digits and hyphens', () => {
    expect(problemsOf({ name: 'Acme', slug: 'a-1' })).toEqual([]);
  });

  it('refuses a slug over 60 characters', () => {
    expect(problemsOf({ name: 'Acme', slug: 'a'.repeat(61) })).toEqual([organizationMessages.slugTooLong]);
    expect(problemsOf({ name: 'Acme', slug: 'a'.repeat(60) })).toEqual([]);
  });

  it('refuses a slug that is not text', () => {
    expect(problemsOf({ name: 'Acme', slug: 123 })).not.toEqual([]);
  });

  it('refuses unknown fields', () => {
    expect(problemsOf({ name: 'Acme', slug: 'acme', isAdmin: true })).not.toEqual([]);
  });

  it('accepts an IANA time zone and refuses anything else', () => {
    expect(problemsOf({ name: 'Acme', slug: 'acme', timeZone: 'America/New_York' })).toEqual([]);
    expect(problemsOf({ name: 'Acme', slug: 'acme', timeZone: 'Mars/Olympus_Mons' })).toEqual([
      organizationMessages.timeZone,
    ]);
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
