import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ssoMessages } from '#domain/sso.ts';
import { checkDueDomains } from '#server/modules/sso/domains.ts';
import { startForFile } from '#test-support/for-file.ts';
import { insertMembership, sendOneAfterAnother, uniqueEmail } from '#test-support/harness.ts';
import { answerJson, startHostileHttpServer } from '#test-support/hostile-http.ts';
import { followToCallback, startTestProvider } from '#test-support/oidc-provider.ts';
import {
  callbackUrl,
  connect,
  membersOf,
  newDomain,
  registerAs,
  signInWithSso,
  ssoTestBedForFile,
  verifyDomain,
} from '#test-support/sso.ts';
import { auditActions } from '#test-support/subscriptions.ts';
import { addDesks, addMember, createTeam, insertBooking, newClient, password, type Team } from '#test-support/team.ts';

// Issue 26's attack run, replayed: Mallory connects her own organization to an identity provider of her own, which
// asserts someone else's verified e-mail address. None of it may open a session as anyone but Mallory's own people.

const bed = ssoTestBedForFile();
const testApp = bed.testApp;
const evilProvider = startForFile(() => startTestProvider({ redirectUris: [callbackUrl], clientId: 'evil' }));

/** Mallory's organization, connected to her provider with a domain she really owns (and proves). */
async function mallorysOrganization(): Promise<{ team: Team; slug: string; domain: string }> {
  const team = await createTeam(testApp);
  const domain = await connect(bed, team, { provider: evilProvider, domains: [`evil-${newDomain()}`] });
  const organizations = await team.admin.client.get('/api/organizations');
  const slug = organizations.body.find((organization: { id: string }) => organization.id === team.id).slug;
  return { team, slug, domain };
}

/** Mallory's provider says "this is <email>, verified" for whoever signs in next. */
function evilProviderAsserts(email: string) {
  evilProvider.accounts.clear();
  evilProvider.addAccount({ email, emailVerified: true });
}

describe('an identity provider asserting an address of another organization', () => {
  const victims = {
    'an organization admin': async () => {
      const acme = await createTeam(testApp);
      const alice = await registerAs(bed, uniqueEmail('alice').replace('@example.com', '@acme-admin.example'));
      await insertMembership(testApp, acme.id, alice.user.id, 'admin');
      return alice;
    },
    'a platform admin': async () => {
      const alice = await registerAs(bed, uniqueEmail('root').replace('@example.com', '@platform.example'));
      await insertMembership(testApp, testApp.config.platformOrganizationId, alice.user.id, 'admin');
      return alice;
    },
    'a member of an organization that requires single sign-on': async () => {
      const acme = await createTeam(testApp);
      const domain = await connect(bed, acme, { required: true });
      const alice = await registerAs(bed, `alice.${Date.now().toString(36)}@${domain}`);
      await insertMembership(testApp, acme.id, alice.user.id, 'member');
      return alice;
    },
  };

  for (const [who, makeVictim] of Object.entries(victims)) {
    it(`never signs in as ${who}, tells the victim by mail and records the attempt`, async () => {
      const victim = await makeVictim();
      const mallory = await mallorysOrganization();
      evilProviderAsserts(victim.email);
      const mailsBefore = testApp.mails.filter((mail) => mail.to === victim.email).length;

      const attempt = await signInWithSso(bed, { organization: mallory.slug });
      expect(attempt.location).toBe('/auth?sso=account-not-linked');
      expect((await attempt.client.get('/api/user')).status).toBe(401);
      expect((await membersOf(mallory.team)).some((member) => member.user.email === victim.email)).toBe(false);

      const mails = testApp.mails.filter((mail) => mail.to === victim.email).slice(mailsBefore);
      expect(mails.map((mail) => mail.subject)).toEqual(['A single sign-on into your Perch account was refused']);
      expect(await auditActions(testApp, mallory.team.id)).toContain('sso.sign_in_refused');
      // The victim's own sign-in still works and nothing was linked.
      expect((await newClient(testApp).post('/api/login', { email: victim.email, password })).status).not.toBe(401);
      const links = await testApp.database.sql.query('SELECT 1 FROM sso_identities WHERE user_id = $1', [
        victim.user.id,
      ]);
      expect(links).toHaveLength(0);
    });
  }

  it('cannot claim a domain another organization verified, nor verify one without its DNS record', async () => {
    const acme = await createTeam(testApp);
    const acmeDomain = await connect(bed, acme);
    const mallory = await createTeam(testApp);
    const claim = await mallory.admin.client.request('PUT', `/api/organizations/${mallory.id}/sso`, {
      issuer: evilProvider.issuer,
      clientId: evilProvider.clientId,
      clientSecret: evilProvider.clientSecret,
      domains: [acmeDomain],
    });
    expect(claim.status).toBe(409);

    // A domain nobody verified yet may be claimed, but only its DNS proves it.
    const unproven = newDomain();
    const pending = await mallory.admin.client.request('PUT', `/api/organizations/${mallory.id}/sso`, {
      issuer: evilProvider.issuer,
      clientId: evilProvider.clientId,
      clientSecret: evilProvider.clientSecret,
      domains: [unproven],
    });
    expect(pending.status, pending.text).toBe(200);
    expect(pending.body.domainStatus).toMatchObject([{ domain: unproven, verified: false }]);
    const refused = await mallory.admin.client.post(`/api/organizations/${mallory.id}/sso/domains/${unproven}/verify`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/did not find the TXT record perch-verification=/);
    // Someone else's token at the domain proves nothing for Mallory's claim.
    bed.dns.setTxt(`_perch.${unproven}`, ['perch-verification=a-token-of-another-organization']);
    expect(
      (await mallory.admin.client.post(`/api/organizations/${mallory.id}/sso/domains/${unproven}/verify`)).status,
    ).toBe(422);
    // With no verified domain, no sign-in can start there.
    const start = await newClient(testApp).post('/api/sso/start', { email: `anyone@${unproven}` });
    expect(start.status).toBe(404);
    const organizations = await mallory.admin.client.get('/api/organizations');
    const slug = organizations.body.find((organization: { id: string }) => organization.id === mallory.id).slug;
    const byName = await newClient(testApp).post('/api/sso/start', { organization: slug });
    expect(byName.status).toBe(404);
    expect(byName.body.message).toBe(ssoMessages.noVerifiedDomain);
    expect((await newClient(testApp).get(`/api/login?organization=${slug}`)).headers.location).toBe('/auth');
  });

  it('lets only one of two organizations that claim a domain verify it', async () => {
    const domain = newDomain();
    const first = await createTeam(testApp);
    const second = await createTeam(testApp);
    await connect(bed, first, { domains: [domain], verify: false });
    await connect(bed, second, { domains: [domain], verify: false });
    expect((await verifyDomain(bed, first, domain)).status).toBe(200);
    const late = await verifyDomain(bed, second, domain);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      `${domain} is already verified by another organization: each e-mail domain can belong to one organization only.`,
    );
  });

  it('refuses public mail domains such as gmail.com', async () => {
    const team = await createTeam(testApp);
    const response = await team.admin.client.request('PUT', `/api/organizations/${team.id}/sso`, {
      issuer: evilProvider.issuer,
      clientId: evilProvider.clientId,
      clientSecret: evilProvider.clientSecret,
      domains: ['gmail.com', 'proton.me'],
    });
    expect(response.status).toBe(422);
    expect(response.body.message).toBe(
      'gmail.com, proton.me are public mail domains: anyone can have an address there, so no organization can use them for single sign-on.',
    );
  });

  it('accepts the record at the domain itself as well as at _perch.<domain>', async () => {
    const team = await createTeam(testApp);
    const domain = await connect(bed, team, { verify: false });
    const verified = await verifyDomain(bed, team, domain, 'domain');
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body).toMatchObject({ domain, verified: true, recordNames: [domain, `_perch.${domain}`] });
  });
});

describe('a domain whose record disappears', () => {
  it('stays verified for two missed daily checks, then is no longer verified, audited and its admins told', async () => {
    const team = await createTeam(testApp);
    const domain = await connect(bed, team);
    bed.provider.addAccount({ email: `kept@${domain}` });
    bed.dns.remove(`_perch.${domain}`);
    const day = 24 * 60 * 60 * 1000;
    const verifiedNow = async () =>
      (await team.admin.client.get(`/api/organizations/${team.id}/sso`)).body.domainStatus[0].verified as boolean;
    await checkDueDomains(testApp.app.perch, new Date(Date.now() + 1.1 * day));
    await checkDueDomains(testApp.app.perch, new Date(Date.now() + 2.2 * day));
    expect(await verifiedNow()).toBe(true);
    await checkDueDomains(testApp.app.perch, new Date(Date.now() + 3.3 * day));
    expect(await verifiedNow()).toBe(false);
    expect(await auditActions(testApp, team.id)).toContain('sso.domain_unverified');
    expect(testApp.mails.filter((mail) => mail.to === team.admin.email).map((mail) => mail.subject)).toContain(
      `${domain} is no longer verified for single sign-on`,
    );
    const start = await newClient(testApp).post('/api/sso/start', { email: `kept@${domain}` });
    expect(start.status).toBe(404);
  });
});

describe('a sign-in is bound to the browser that started it', () => {
  it('refuses an attacker’s finished callback followed in the victim’s browser, and keeps the victim’s session', async () => {
    const mallory = await mallorysOrganization();
    const attackerEmail = `mallory@${mallory.domain}`;
    evilProviderAsserts(attackerEmail);
    // Mallory starts a sign-in in her own browser and stops before following the provider's answer back.
    const attacker = newClient(testApp);
    const started = await attacker.post('/api/sso/start', { organization: mallory.slug });
    const finishedUrl = await followToCallback(started.body.redirectUrl, callbackUrl);
    // The victim, signed in, follows it.
    const victim = await addMember(testApp, (await createTeam(testApp)).id);
    const response = await victim.client.get(`${finishedUrl.pathname}${finishedUrl.search}`);
    expect(response.headers.location).toBe('/auth?sso=other-browser');
    expect((await victim.client.get('/api/user')).body.email).toBe(victim.email);
    // And the URL is spent: Mallory cannot use it afterwards either.
    const late = await attacker.get(`${finishedUrl.pathname}${finishedUrl.search}`);
    expect(late.headers.location).toBe('/auth?sso=replayed-state');
  });
});

describe('requiring single sign-on is a property of the session', () => {
  async function requiringTeam() {
    const team = await createTeam(testApp);
    const domain = await connect(bed, team);
    return { team, domain };
  }
  const requireSso = async (team: Team, required: boolean) => {
    const settings = (await team.admin.client.get(`/api/organizations/${team.id}/sso`)).body;
    const response = await team.admin.client.request('PUT', `/api/organizations/${team.id}/sso`, {
      issuer: settings.issuer,
      clientId: settings.clientId,
      domains: settings.domains,
      required,
    });
    expect(response.status, response.text).toBe(200);
  };

  it('ends what a member’s password session opened before could read, and leaves their other organization alone', async () => {
    const { team } = await requiringTeam();
    const member = await addMember(testApp, team.id);
    const otherTeam = await createTeam(testApp);
    await insertMembership(testApp, otherTeam.id, member.user.id, 'member');
    expect((await member.client.get(`/api/organizations/${team.id}/members`)).status).toBe(200);

    await requireSso(team, true);
    const refused = await member.client.get(`/api/organizations/${team.id}/members`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ssoMessages.requiredForMembers);
    expect((await member.client.get(`/api/organizations/${team.id}/floors`)).status).toBe(403);
    expect((await member.client.get(`/api/users/bookings?organizationId=${team.id}`)).status).toBe(403);
    // Through the organization's floors, desks and bookings too, and a refused change changes nothing.
    const [deskId] = await addDesks(testApp, team.id, 1);
    const [desk] = await testApp.database.sql.query<{ floor_id: string }>('SELECT floor_id FROM desks WHERE id = $1', [
      deskId,
    ]);
    const bookingId = await insertBooking(testApp, {
      organizationId: team.id,
      deskId: deskId as string,
      userId: member.user.id,
      daysFromToday: 1,
    });
    expect((await member.client.get(`/api/floors/${desk?.floor_id}/desks`)).status).toBe(403);
    expect((await member.client.get(`/api/desks/${deskId}/here`)).status).toBe(403);
    expect((await member.client.request('DELETE', `/api/bookings/${bookingId}`)).status).toBe(403);
    const [booking] = await testApp.database.sql.query<{ status: string }>(
      'SELECT status FROM bookings WHERE id = $1',
      [bookingId],
    );
    expect(booking?.status).toBe('active');
    expect((await member.client.get(`/api/organizations/${otherTeam.id}/members`)).status).toBe(200);
    // Admins keep their way in.
    expect((await team.admin.client.get(`/api/organizations/${team.id}/members`)).status).toBe(200);

    await requireSso(team, false);
    expect((await member.client.get(`/api/organizations/${team.id}/members`)).status).toBe(200);
  });

  it('lets a session opened through the organization’s own single sign-on in', async () => {
    const { team, domain } = await requiringTeam();
    await requireSso(team, true);
    const email = `through.sso@${domain}`;
    bed.provider.addAccount({ email });
    const signedIn = await signInWithSso(bed, email);
    expect(signedIn.location).toBe('/');
    expect((await signedIn.client.get(`/api/organizations/${team.id}/members`)).status).toBe(200);
  });

  it('is not bypassed by accepting an invitation with an existing account', async () => {
    const { team } = await requiringTeam();
    await requireSso(team, true);
    const existing = await registerAs(bed, uniqueEmail('invited'));
    const invited = await team.admin.client.post(`/api/organizations/${team.id}/invite`, {
      emails: [existing.email],
      role: 'member',
    });
    expect(invited.status).toBe(200);
    const link = testApp.mails.filter((mail) => mail.to === existing.email).at(-1)?.links?.[0] ?? '';
    const token = new URL(link).searchParams.get('token');
    const browser = newClient(testApp);
    const accepted = await browser.post('/api/signup-with-invitation', { token, password });
    expect(accepted.status, accepted.text).toBe(201);
    const read = await browser.get(`/api/organizations/${team.id}/members`);
    expect(read.status).toBe(403);
    expect(read.body.message).toBe(ssoMessages.requiredForMembers);
  });
});

describe('an account’s owner links a provider identity outside the verified domains', () => {
  async function refusedSignInWaitingInBrowser() {
    const partner = await mallorysOrganization();
    const alice = await registerAs(bed, uniqueEmail('consultant').replace('@example.com', '@own-domain.example'));
    evilProviderAsserts(alice.email);
    const browser = newClient(testApp);
    const refused = await signInWithSso(bed, { organization: partner.slug }, { client: browser });
    expect(refused.location).toBe('/auth?sso=account-not-linked');
    return { partner, alice, browser };
  }

  it('with their own password, in the browser that made the sign-in, after which single sign-on enters the account', async () => {
    const { partner, alice, browser } = await refusedSignInWaitingInBrowser();
    const waiting = await browser.get('/api/sso/pending-link');
    expect(waiting.status).toBe(200);
    expect(waiting.body).toEqual({
      organizationName: 'Acme Corp',
      providerHost: new URL(evilProvider.issuer).host,
      email: alice.email,
    });
    expect((await browser.post('/api/sso/pending-link')).status).toBe(401);

    expect((await browser.post('/api/login', { email: alice.email, password })).status).toBe(200);
    const linked = await browser.post('/api/sso/pending-link');
    expect(linked.status, linked.text).toBe(200);
    expect(linked.body.message).toBe('Your account now also signs in through Acme Corp’s single sign-on.');
    expect(await auditActions(testApp, partner.team.id)).toContain('sso.account_linked');
    expect(testApp.mails.filter((mail) => mail.to === alice.email).map((mail) => mail.subject)).toContain(
      'Your Perch account now signs in through "Acme Corp"’s single sign-on',
    );
    // The link is used once; single sign-on now enters Alice's account, from any browser.
    expect((await browser.post('/api/sso/pending-link')).status).toBe(404);
    const entered = await signInWithSso(bed, { organization: partner.slug });
    expect(entered.location).toBe('/');
    expect((await entered.client.get('/api/user')).body.id).toBe(alice.user.id);
  });

  it('never from a session opened before the sign-in that waits, nor by another account, nor by single sign-on', async () => {
    // Alice is signed in; someone drives her browser through a provider that asserts her address.
    const partner = await mallorysOrganization();
    const alice = await registerAs(bed, uniqueEmail('victim').replace('@example.com', '@own-domain.example'));
    evilProviderAsserts(alice.email);
    const planted = await signInWithSso(bed, { organization: partner.slug }, { client: alice.client });
    expect(planted.location).toBe('/auth?sso=account-not-linked');
    const early = await alice.client.post('/api/sso/pending-link');
    expect(early.status).toBe(403);
    expect(early.body.message).toMatch(/only a sign-in of your own can link single sign-on/);

    // Another person signing in in that browser links nothing.
    const { alice: waitingFor, browser } = await refusedSignInWaitingInBrowser();
    const bob = await registerAs(bed, uniqueEmail('bob'));
    expect((await browser.post('/api/login', { email: bob.email, password })).status).toBe(200);
    expect((await browser.post('/api/sso/pending-link')).status).toBe(404);
    const links = await testApp.database.sql.query('SELECT user_id FROM sso_identities WHERE user_id = ANY($1)', [
      [alice.user.id, waitingFor.user.id, bob.user.id],
    ]);
    expect(links).toHaveLength(0);
  });
});

describe('a provider whose documents turn hostile after they were saved', () => {
  it('answers every request with a sentence, never a 5xx, and starts no sign-in', async () => {
    const hostile = await startHostileHttpServer();
    try {
      const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const keys = { keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'k', use: 'sig', alg: 'RS256' }] };
      const document = (authorizationEndpoint: string) => ({
        issuer: hostile.url,
        authorization_endpoint: authorizationEndpoint,
        token_endpoint: `${hostile.url}/token`,
        jwks_uri: `${hostile.url}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
      hostile.serve('/.well-known/openid-configuration', answerJson(document(`${hostile.url}/authorize`)));
      hostile.serve('/jwks', answerJson(keys));
      const team = await createTeam(testApp);
      const domain = newDomain();
      const saved = await team.admin.client.request('PUT', `/api/organizations/${team.id}/sso`, {
        issuer: hostile.url,
        clientId: 'perch',
        clientSecret: 'secret',
        domains: [domain],
      });
      expect(saved.status, saved.text).toBe(200);
      expect((await verifyDomain(bed, team, domain)).status).toBe(200);

      hostile.serve('/.well-known/openid-configuration', answerJson(document('javascript:alert(document.cookie)')));
      const start = await newClient(testApp).post('/api/sso/start', { email: `someone@${domain}` });
      expect(start.status).toBeGreaterThanOrEqual(400);
      expect(start.status).toBeLessThan(500);
      expect(start.body.message).toMatch(/authorization_endpoint/);
      const again = await team.admin.client.request('PUT', `/api/organizations/${team.id}/sso`, {
        issuer: hostile.url,
        clientId: 'perch',
        domains: [domain],
      });
      expect(again.status).toBe(422);
    } finally {
      await hostile.close();
    }
  });
});

describe('signed-out doors write bounded rows', () => {
  it('writes nothing for GET /api/login, and stops one address at its limit of started sign-ins', async () => {
    const team = await createTeam(testApp);
    await connect(bed, team);
    const rowsBefore = (await testApp.database.sql.query('SELECT 1 FROM sso_logins')).length;
    const client = newClient(testApp);
    const signInPages = await sendOneAfterAnother(400, () => client.get(`/api/login?organization=${team.id}`));
    expect(signInPages.map((answer) => answer.status)).toEqual(Array(400).fill(302));
    expect((await testApp.database.sql.query('SELECT 1 FROM sso_logins')).length).toBe(rowsBefore);
    const starts = await sendOneAfterAnother(110, () => client.post('/api/sso/start', { organization: team.id }));
    const statuses = starts.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(100);
    expect(statuses.slice(100)).toEqual(Array(10).fill(429));
    expect((await testApp.database.sql.query('SELECT 1 FROM sso_logins')).length).toBeLessThanOrEqual(rowsBefore + 100);
  });
});
