import { describe, expect, it } from 'vitest';
import type { SsoDomainStatus, SsoSettings } from '#domain/sso.ts';
import { savedSsoDescription } from './sso-words.ts';

const status = (domain: string, verified: boolean): SsoDomainStatus => ({
  domain,
  verified,
  verifiedAt: verified ? '2026-11-21T10:07:00.000Z' : null,
  checkedAt: null,
  recordNames: [domain, `_perch.${domain}`],
  recordValue: 'perch-verification=token',
});

const settingsWith = (...domainStatus: SsoDomainStatus[]): SsoSettings => ({
  configured: true,
  issuer: 'https://login.acme.example',
  clientId: 'perch',
  domains: domainStatus.map((entry) => entry.domain),
  domainStatus,
  required: false,
  hasClientSecret: true,
  callbackUrl: 'https://perch.example/api/sso/callback',
  updatedAt: '2026-11-21T10:07:00.000Z',
});

describe('savedSsoDescription', () => {
  it('says nobody can sign in yet while its only domain waits for its record', () => {
    expect(savedSsoDescription(settingsWith(status('acme.example', false)), 'Acme')).toBe(
      'Nobody can sign in with it until its domain is verified: publish the DNS record shown below, then press Verify.',
    );
  });

  it('asks for one of several domains when none is verified', () => {
    expect(savedSsoDescription(settingsWith(status('acme.example', false), status('acme.org', false)), 'Acme')).toMatch(
      /^Nobody can sign in with it until one of its domains is verified/,
    );
  });

  it('says the organization’s people can sign in once every domain is verified', () => {
    expect(savedSsoDescription(settingsWith(status('acme.example', true)), 'Acme')).toBe(
      'People of Acme can now sign in with it.',
    );
  });

  it('names the domains still waiting beside a verified one', () => {
    expect(
      savedSsoDescription(
        settingsWith(status('acme.example', true), status('acme.org', false), status('acme.net', false)),
        'Acme',
      ),
    ).toBe(
      'People of Acme at a verified domain can sign in with it; acme.org and acme.net wait for their DNS records.',
    );
  });

  it('says nothing for a connection that is not there', () => {
    expect(
      savedSsoDescription({ configured: false, callbackUrl: 'https://perch.example/api/sso/callback' }, 'Acme'),
    ).toBe('');
  });
});
