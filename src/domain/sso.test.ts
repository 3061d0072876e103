import { describe, expect, it } from 'vitest';
import {
  afterDomainCheck,
  type DomainCheck,
  type DomainState,
  emailDomainOf,
  hasVerificationRecord,
  hostOf,
  isSsoRefusal,
  normalizeDomain,
  parseDomainList,
  ssoCallbackUrl,
  ssoConnectionFormSchema,
  ssoConnectionInputSchema,
  ssoStartSchema,
  verificationRecordOf,
} from './sso.ts';

describe('normalizeDomain', () => {
  it.each([
    ['example.com', 'example.com'],
    [' Example.COM ', 'example.com'],
    ['@example.com', 'example.com'],
    ['mail.example.co.uk.', 'mail.example.co.uk'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
    ['localhost', undefined],
    ['exa mple.com', undefined],
    ['-bad.example.com', undefined],
    ['example.123', undefined],
    ['a..com', undefined],
    ['', undefined],
  ])('reads %j as %j', (input, expected) => {
    expect(normalizeDomain(input)).toBe(expected);
  });
});

describe('parseDomainList', () => {
  it('splits on commas, spaces and new lines, drops duplicates and names what is not a domain', () => {
    expect(parseDomainList('Example.com, example.com\nacme.org  not_a_domain')).toEqual({
      domains: ['example.com', 'acme.org'],
      invalid: ['not_a_domain'],
    });
  });
});

describe('emailDomainOf', () => {
  it.each([
    ['ada@acme.com', 'acme.com'],
    ['Ada@GLOBEX.org', 'globex.org'],
    ['ada@sub.acme.com', 'sub.acme.com'],
    ['not-an-email', undefined],
    ['@acme.com', undefined],
  ])('reads the domain of %j as %j', (email, expected) => {
    expect(emailDomainOf(email)).toBe(expected);
  });
  it('reads the last at-sign', () => {
    expect(emailDomainOf('"a@b"@acme.com')).toBe('acme.com');
  });
});

describe('ssoCallbackUrl', () => {
  it.each([
    ['https://perch.example.com', 'https://perch.example.com/api/sso/callback'],
    ['https://perch.example.com/', 'https://perch.example.com/api/sso/callback'],
  ])('for %j is %j', (publicUrl, expected) => {
    expect(ssoCallbackUrl(publicUrl)).toBe(expected);
  });
});

describe('ssoConnectionInputSchema', () => {
  const valid = { issuer: 'https://login.example.com', clientId: 'perch', domains: ['Acme.com'], required: false };
  it('normalises the domains', () => {
    expect(ssoConnectionInputSchema.parse(valid).domains).toEqual(['acme.com']);
  });
  it.each([
    [{ ...valid, issuer: 'ftp://login.example.com' }, 'Enter the issuer URL'],
    [{ ...valid, issuer: 'https://login.example.com/?tenant=1' }, 'Enter the issuer URL'],
    [{ ...valid, clientId: ' ' }, 'Enter the client id'],
    [{ ...valid, domains: [] }, 'Enter at least one e-mail domain'],
    [{ ...valid, domains: ['nope'] }, 'Enter e-mail domains such as example.com, separated by commas (nope)'],
  ])('refuses %j with a sentence', (input, sentence) => {
    const result = ssoConnectionInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(sentence);
  });
});

describe('ssoConnectionFormSchema (the Sign-in screen)', () => {
  const typed = {
    issuer: 'https://login.example.com',
    clientId: 'perch',
    clientSecret: '',
    domains: 'Acme.com, example.org;  acme.com\nthird.example',
    required: true,
  };
  const problemsOf = (fields: typeof typed, isFirstConnection = false) =>
    ssoConnectionFormSchema({ isFirstConnection })
      .safeParse(fields)
      .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('sends the domains typed in one field as a list, and leaves out an empty secret so the saved one is kept', () => {
    expect(ssoConnectionFormSchema({ isFirstConnection: false }).parse(typed)).toEqual({
      issuer: 'https://login.example.com',
      clientId: 'perch',
      domains: ['acme.com', 'example.org', 'third.example'],
      required: true,
    });
    expect(ssoConnectionFormSchema({ isFirstConnection: true }).parse({ ...typed, clientSecret: 's3cret' })).toEqual(
      expect.objectContaining({ clientSecret: 's3cret' }),
    );
  });

  it('says each problem on the field it is about, a bad domain on the domains field as a whole', () => {
    expect(
      problemsOf({ ...typed, issuer: 'ftp://x', clientId: ' ', domains: `ok.example, ${'a'.repeat(254)}` }),
    ).toEqual([
      ['issuer', 'Enter the issuer URL your provider shows, such as https://accounts.google.com'],
      ['clientId', 'Enter the client id your provider gave you'],
      ['domains', 'Enter e-mail domains such as example.com, separated by commas'],
    ]);
  });

  it('asks a first connection for its client secret, once everything else is right', () => {
    expect(problemsOf(typed, true)).toEqual([['clientSecret', 'Enter the client secret your provider gave you']]);
    expect(problemsOf({ ...typed, domains: '' }, true)).toEqual([
      ['domains', 'Enter at least one e-mail domain, such as example.com'],
    ]);
    expect(problemsOf(typed, false)).toBeUndefined();
  });
});

describe('isSsoRefusal', () => {
  it('knows the codes /auth explains and nothing else', () => {
    expect(isSsoRefusal('replayed-state')).toBe(true);
    expect(isSsoRefusal('toString')).toBe(false);
    expect(isSsoRefusal(null)).toBe(false);
  });
});

describe('proving a domain', () => {
  it('asks for a TXT record at the domain or at _perch.<domain> holding the claim’s token', () => {
    expect(verificationRecordOf('acme.example', 'tok123')).toEqual({
      names: ['acme.example', '_perch.acme.example'],
      value: 'perch-verification=tok123',
    });
  });

  it.each([
    [['perch-verification=tok123'], true],
    [['v=spf1 -all', ' perch-verification=tok123 '], true],
    [['perch-verification=someone-elses-token'], false],
    [['perch-verification=tok1234'], false],
    [['perch-verification=TOK123'], false],
    [[], false],
  ])('finds the record among %j: %j', (records, expected) => {
    expect(hasVerificationRecord(records, 'tok123')).toBe(expected);
  });

  const now = new Date('2026-11-27T12:00:00Z');
  const earlier = new Date('2026-11-01T12:00:00Z');
  const table: Array<[string, DomainState, DomainCheck, DomainState & { change: string | null }]> = [
    [
      'a pending domain whose record is found becomes verified',
      { verifiedAt: null, missedChecks: 0 },
      'found',
      { verifiedAt: now, missedChecks: 0, change: 'verified' },
    ],
    [
      'a pending domain without its record stays pending',
      { verifiedAt: null, missedChecks: 0 },
      'missing',
      { verifiedAt: null, missedChecks: 0, change: null },
    ],
    [
      'a verified domain found again keeps its date and forgets misses',
      { verifiedAt: earlier, missedChecks: 2 },
      'found',
      { verifiedAt: earlier, missedChecks: 0, change: null },
    ],
    [
      'a verified domain missing once counts a miss',
      { verifiedAt: earlier, missedChecks: 0 },
      'missing',
      { verifiedAt: earlier, missedChecks: 1, change: null },
    ],
    [
      'a verified domain missing a second time is still verified',
      { verifiedAt: earlier, missedChecks: 1 },
      'missing',
      { verifiedAt: earlier, missedChecks: 2, change: null },
    ],
    [
      'a verified domain missing a third time in a row loses its verification',
      { verifiedAt: earlier, missedChecks: 2 },
      'missing',
      { verifiedAt: null, missedChecks: 0, change: 'unverified' },
    ],
    [
      'a DNS failure changes nothing for a verified domain',
      { verifiedAt: earlier, missedChecks: 2 },
      'dns-error',
      { verifiedAt: earlier, missedChecks: 2, change: null },
    ],
    [
      'a DNS failure changes nothing for a pending domain',
      { verifiedAt: null, missedChecks: 0 },
      'dns-error',
      { verifiedAt: null, missedChecks: 0, change: null },
    ],
  ];
  it.each(table)('%s', (_name, state, check, expected) => {
    expect(afterDomainCheck(state, check, now)).toEqual(expected);
  });
});

describe('starting single sign-on', () => {
  it.each([
    [{ email: ' Ada@Acme.Example ' }, true],
    [{ organization: 'acme' }, true],
    [{ organization: '' }, false],
    [{ email: 'not an address' }, false],
    [{ email: 'ada@acme.example', organization: 'acme' }, false],
    [{}, false],
  ])('accepts %j: %j', (input, expected) => {
    expect(ssoStartSchema.safeParse(input).success).toBe(expected);
  });

  it('names the host the browser is sent to', () => {
    expect(hostOf('https://login.acme.example/oauth2/authorize?client_id=x')).toBe('login.acme.example');
    expect(hostOf('http://127.0.0.1:4000/auth')).toBe('127.0.0.1:4000');
  });
});
