import { expect, type Locator, type Page, test } from '@playwright/test';
import { ssoCallbackUrl, ssoMessages, ssoRefusals } from '#domain/sso.ts';
import { startTestProvider, type TestProvider } from '#test-support/oidc-provider.ts';
import { publishTxtRecord } from './dns-records.ts';
import { e2ePort } from './paths.ts';
import {
  apiAs,
  createOrganizationThroughApi,
  expectNoSeriousAxeViolations,
  newPerson,
  screenshotDirFor,
  signUpThroughApi,
} from './support.ts';

// Single sign-on in the browser against a real OpenID provider (oidc-provider) on loopback and a real DNS server that
// the e2e Perch server asks (serve.mjs): the admin connects the provider from the sidebar's Sign-in screen and proves
// the domain with a TXT record, a new person of the domain signs in from /auth after the page names where they are
// going, GET /api/login?organization= shows the same page, and a refused sign-in comes back with its sentence.

const screenshotDir = screenshotDirFor('sso');

// The e2e server's PUBLIC_URL (playwright.config.ts): the provider sends the browser back to its callback.
const callbackUrl = ssoCallbackUrl(`http://localhost:${e2ePort}`);

let provider: TestProvider;
test.beforeAll(async () => {
  provider = await startTestProvider({ redirectUris: [callbackUrl] });
});
test.afterAll(async () => {
  await provider?.close();
});

/** A domain of this run only: the server lives for the whole run and a domain leads to one organization. */
const newDomain = () => `sso-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.example.com`;

/** What the keyboard focus is on: a field's label, else a control's accessible name or text. */
const focusedName = (page: Page) =>
  page.locator('*:focus').evaluate((element) => {
    const labels = (element as { labels?: ArrayLike<{ textContent: string | null }> | null }).labels;
    const label = labels?.[0]?.textContent;
    return (label ?? element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
  });

/** Whether anything is wider than the element (the page's root by default): on a phone nothing may be. */
const overflowOf = (locator: Locator) => locator.evaluate((element) => element.scrollWidth - element.clientWidth);

async function openSignInSettings(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign-in' });
  await expect(dialog.getByLabel('Callback address', { exact: true })).toBeVisible();
  return dialog;
}

/** The admin signs up, creates an organization and connects `identityProvider` for `domain` on the Sign-in screen. */
async function connectThroughSettings(
  page: Page,
  organizationName: string,
  domain: string,
  identityProvider = provider,
) {
  const admin = newPerson('Ada', 'Admin');
  await createOrganizationThroughApi(page, admin, organizationName);
  const dialog = await openSignInSettings(page);
  await dialog.getByLabel('Issuer URL').fill(identityProvider.issuer);
  await dialog.getByLabel('Client id').fill(identityProvider.clientId);
  await dialog.getByLabel('Client secret').fill(identityProvider.clientSecret);
  await dialog.getByLabel('E-mail domains').fill(domain);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Single sign-on saved').first()).toBeVisible();
  const [organization] = await apiAs(page)<Array<{ id: string; slug: string }>>('GET', '/api/organizations');
  if (!organization) throw new Error('the admin has no organization');
  return { admin, dialog, organization };
}

/**
 * For tests about signing in: an admin (signed in in `page`'s browser), their organization, its provider connected
 * and its domain proven, all through the API; the Sign-in screen itself is the first test's.
 */
async function connectThroughApi(page: Page, organizationName: string, domain: string, identityProvider: TestProvider) {
  const call = apiAs(page);
  await signUpThroughApi(page, newPerson('Ada', 'Admin'));
  const slug = `sso-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const organization = await call<{ id: string; slug: string }>('POST', '/api/organizations', {
    name: organizationName,
    slug,
  });
  await call('PUT', `/api/organizations/${organization.id}/sso`, {
    issuer: identityProvider.issuer,
    clientId: identityProvider.clientId,
    clientSecret: identityProvider.clientSecret,
    domains: [domain],
  });
  await proveDomainThroughApi(page, organization.id, domain);
  return { organization };
}

/** The TXT record value the Sign-in screen tells the admin to publish for `domain`. */
function recordField(dialog: Locator, domain: string): Locator {
  return dialog.getByLabel(`Add this TXT record at your DNS provider, at ${domain} or at _perch.${domain}:`, {
    exact: true,
  });
}

/** Where the screen shows `domain` and its state. */
const domainItem = (dialog: Locator, domain: string) => dialog.getByRole('listitem').filter({ hasText: domain });

/** Publishes the domain's record and has Perch look for it through the API, for tests about signing in. */
async function proveDomainThroughApi(page: Page, organizationId: string, domain: string) {
  const call = apiAs(page);
  const settings = await call<{ domainStatus: Array<{ domain: string; recordValue: string }> }>(
    'GET',
    `/api/organizations/${organizationId}/sso`,
  );
  const status = settings.domainStatus.find((entry) => entry.domain === domain);
  if (!status) throw new Error(`${domain} is not claimed`);
  publishTxtRecord(`_perch.${domain}`, [status.recordValue]);
  await call('POST', `/api/organizations/${organizationId}/sso/domains/${domain}/verify`, {});
}

test('an admin connects the provider and proves its domain with a DNS record; the secret is never shown again', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const domain = newDomain();
  const { dialog, organization } = await connectThroughSettings(page, 'Federated Works', domain);
  await expect(page.getByText('Nobody can sign in with it until its domain is verified').first()).toBeVisible();

  await expect(dialog.getByLabel('Callback address', { exact: true })).toHaveValue(callbackUrl);
  await expect(dialog.getByRole('button', { name: 'Copy the callback address' })).toBeVisible();
  await expect(dialog.getByLabel('Client secret')).toHaveValue('');

  // The domain waits for its record, which the screen shows whole, to copy.
  const item = domainItem(dialog, domain);
  await expect(item).toContainText('Waiting for its DNS record');
  await expect(dialog).toContainText('Single sign-on works only once a domain is verified');
  await expect(dialog).toContainText('stops accepting a domain whose record has been missing for three days');
  const record = recordField(dialog, domain);
  await expect(record).toHaveValue(/^perch-verification=[\w-]{20,}$/);
  const recordValue = await record.inputValue();
  await item.getByRole('button', { name: `Copy the TXT record for ${domain}` }).click();
  await expect(page.getByText('TXT record copied').first()).toBeVisible();
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(recordValue);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${screenshotDir}/sso-settings-pending-1440.png` });

  // Until a domain is verified nobody signs in: the organization's link goes to the plain sign-in page, and its
  // page says why.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/api/login?organization=${organization.slug}`);
  await expect(visitor).toHaveURL(new RegExp(`^http://localhost:${e2ePort}/auth$`));
  await visitor.goto(`/auth?organization=${organization.slug}`);
  await expect(visitor.getByRole('alert')).toHaveText(ssoMessages.noVerifiedDomain);
  await expect(visitor.getByLabel('Work email')).toBeFocused();
  await visitorContext.close();

  // Verify before the record is published: the server's sentence, in the domain's place, announced.
  const verify = item.getByRole('button', { name: 'Verify' });
  await verify.click();
  const notFound = item.getByRole('alert');
  await expect(notFound).toContainText(`Perch did not find the TXT record ${recordValue}`);
  await expect(notFound).toContainText(
    'New DNS records can take from a few minutes to an hour to appear; Perch also checks by itself every hour.',
  );
  await expect(verify).toHaveAccessibleDescription(/Perch did not find the TXT record/);
  await expect(item).toContainText('Last checked');

  // Published at _perch.<domain>: verified, the focus on the domain's new state.
  publishTxtRecord(`_perch.${domain}`, ['v=spf1 -all', recordValue]);
  await verify.click();
  await expect(page.getByText(`${domain} is verified`).first()).toBeVisible();
  await expect(item).toContainText('Verified');
  await expect(item).toContainText(/Verified on \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
  await expect(item).not.toContainText('Waiting for its DNS record');
  await expect(item.getByRole('button')).toHaveCount(0);
  await expect(item.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('*:focus')).toContainText(domain);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${screenshotDir}/sso-settings-verified-1440.png` });

  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  // The focus goes back to the sidebar item that opened the screen.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign-in' })).toBeFocused();

  // Reopened: what was saved, and a placeholder where the secret would be; the secret is in no answer.
  const secretsSeen: string[] = [];
  page.on('response', async (response) => {
    if (!response.url().includes('/sso')) return;
    const body = await response.text().catch(() => '');
    if (body.includes(provider.clientSecret)) secretsSeen.push(response.url());
  });
  const reopened = await openSignInSettings(page);
  await expect(reopened.getByLabel('Issuer URL')).toHaveValue(provider.issuer);
  await expect(reopened.getByLabel('Client id')).toHaveValue(provider.clientId);
  await expect(reopened.getByLabel('E-mail domains')).toHaveValue(domain);
  await expect(domainItem(reopened, domain)).toContainText('Verified on');
  const secret = reopened.getByLabel('Client secret');
  await expect(secret).toHaveValue('');
  await expect(secret).toHaveAttribute('placeholder', /leave empty to keep/);
  await expect(reopened).not.toContainText(provider.clientSecret);
  expect(await page.content()).not.toContain(provider.clientSecret);
  expect(secretsSeen).toEqual([]);

  // Keyboard: the focus starts in the dialog and Tab goes through every control in reading order, then around.
  await page.keyboard.press('Tab');
  const order: string[] = [];
  for (let step = 0; step < 12; step += 1) {
    order.push(await focusedName(page));
    await page.keyboard.press('Tab');
  }
  const expected = [
    'Callback address',
    'Copy the callback address',
    'Issuer URL',
    'Client id',
    'Client secret',
    'E-mail domains',
    'Require single sign-on for members',
    'Remove',
    'Save',
    'Close',
  ];
  const start = order.indexOf('Callback address');
  expect(start, `the focus went through ${order.join(' → ')}`).toBeGreaterThanOrEqual(0);
  const inCycle = order.map((_, step) => expected[(step - start + expected.length) % expected.length]);
  expect(order).toEqual(inCycle);
  // The switch turns with the space bar, and Escape closes the screen without saving.
  const requireSwitch = reopened.getByRole('switch', { name: 'Require single sign-on for members' });
  await requireSwitch.focus();
  await page.keyboard.press('Space');
  await expect(requireSwitch).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(reopened).toBeHidden();

  // A phone: the menu opens, then the same screen fits the width, with a second domain waiting for its record.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const narrow = await openSignInSettings(page);
  await expect(narrow.getByRole('switch', { name: 'Require single sign-on for members' })).not.toBeChecked();
  const second = newDomain();
  await narrow.getByLabel('E-mail domains').fill(`${domain}, ${second}`);
  await narrow.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${second} waits for its DNS record`).first()).toBeVisible();
  await expect(domainItem(narrow, second)).toContainText('Waiting for its DNS record');
  await expect(domainItem(narrow, domain)).toContainText('Verified on');
  await expect(recordField(narrow, second)).toBeInViewport();
  expect(await overflowOf(narrow)).toBeLessThanOrEqual(0);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${screenshotDir}/sso-settings-390.png` });
  // The keyboard reaches the waiting domain's record, its Copy and Verify after Save (the verified one has none).
  await narrow.getByRole('button', { name: 'Save' }).focus();
  const domainOrder: string[] = [];
  for (let step = 0; step < 4; step += 1) {
    await page.keyboard.press('Tab');
    domainOrder.push(await focusedName(page));
  }
  expect(domainOrder).toEqual([
    `Add this TXT record at your DNS provider, at ${second} or at _perch.${second}:`,
    `Copy the TXT record for ${second}`,
    `Verify ${second}`,
    'Close',
  ]);
  // The saved toast, which covers the bottom of a phone's screen, has gone by itself before the screenshot.
  await expect(page.getByText('Single sign-on saved')).toHaveCount(0, { timeout: 15_000 });
  await domainItem(narrow, second).getByRole('button', { name: 'Verify' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${screenshotDir}/sso-settings-390-pending.png` });

  // Removing asks first; kept, nothing changes; removed, the screen opens empty again.
  await narrow.getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove single sign-on?' });
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(confirm).toBeHidden();
  await expect(narrow.getByLabel('Issuer URL')).toHaveValue(provider.issuer);
  await narrow.getByRole('button', { name: 'Remove' }).click();
  await confirm.getByRole('button', { name: 'Remove single sign-on' }).click();
  await expect(page.getByText('Single sign-on removed').first()).toBeVisible();
  await expect(narrow).toBeHidden();
  // The phone's menu stays open behind the screen.
  const empty = await openSignInSettings(page);
  await expect(empty.getByLabel('Issuer URL')).toHaveValue('');
  await expect(empty.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  await expect(empty.getByRole('region', { name: 'Domain verification' })).toHaveCount(0);
});

test('a new person signs in with single sign-on from /auth, told first where they are going, and lands on the dashboard as a member', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // A provider of this organization's own, whose only account signs in by itself also without a login hint.
  const ownProvider = await startTestProvider({ redirectUris: [callbackUrl] });
  try {
    const domain = newDomain();
    const organizationName = 'Single Sign Works';
    const { organization } = await connectThroughApi(page, organizationName, domain, ownProvider);
    const providerHost = new URL(ownProvider.issuer).host;
    const whereTo = `You are going to ${organizationName}’s sign-in at ${providerHost}.`;

    const email = `sam.single@${domain}`;
    ownProvider.addAccount({ email, givenName: 'Sam', familyName: 'Single' });
    const context = await browser.newContext();
    const person = await context.newPage();
    await person.setViewportSize({ width: 1440, height: 900 });
    await person.goto('/auth');
    await person.getByRole('button', { name: 'Sign in with single sign-on' }).click();
    const workEmail = person.getByLabel('Work email');
    await expect(workEmail).toBeFocused();
    await workEmail.fill(email);
    await expectNoSeriousAxeViolations(person);
    await person.screenshot({ path: `${screenshotDir}/auth-sso-open.png` });
    await person.getByRole('button', { name: 'Continue with single sign-on' }).click();

    // Perch names the organization and the provider's host before the browser leaves; the focus is on Continue.
    await expect(person.getByText(whereTo)).toBeVisible();
    const onward = person.getByRole('link', { name: `Continue to ${providerHost}` });
    await expect(onward).toBeFocused();
    await expect(onward).toHaveAttribute('href', new RegExp(`^${ownProvider.issuer}/`));
    await expect(onward).toHaveAccessibleDescription(whereTo);
    await expect(person).toHaveURL(new RegExp(`^http://localhost:${e2ePort}/auth$`));
    await expectNoSeriousAxeViolations(person);
    await person.screenshot({ path: `${screenshotDir}/auth-sso-confirm-1440.png` });
    await person.setViewportSize({ width: 390, height: 844 });
    await expect(person.getByText(whereTo)).toBeVisible();
    expect(await overflowOf(person.locator('html'))).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(person);
    await person.screenshot({ path: `${screenshotDir}/auth-sso-confirm-390.png` });

    // Cancel goes back to the work e-mail, as typed; continuing again asks the same.
    await person.getByRole('button', { name: 'Cancel' }).click();
    await expect(workEmail).toBeFocused();
    await expect(workEmail).toHaveValue(email);
    await person.getByRole('button', { name: 'Continue with single sign-on' }).click();
    await onward.click();

    // Through the provider (which signs the hinted account in by itself) and back to the dashboard.
    await expect(person).toHaveURL(new RegExp(`^http://localhost:${e2ePort}/$`));
    await expect(person.getByRole('heading', { name: organizationName })).toBeVisible();
    const organizations = await person.request.get('/api/organizations');
    expect(organizations.status()).toBe(200);
    expect(
      (await organizations.json()).map((entry: { name: string; role: string }) => [entry.name, entry.role]),
    ).toEqual([[organizationName, 'member']]);
    await expect(person.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign-in' })).toHaveCount(
      0,
    );

    // An address no organization covers is answered under the field.
    await context.clearCookies();
    await person.setViewportSize({ width: 1440, height: 900 });
    await person.goto('/auth');
    await person.getByRole('button', { name: 'Sign in with single sign-on' }).click();
    await person.getByLabel('Work email').fill(`nobody@unclaimed-${Date.now().toString(36)}.example.com`);
    await person.getByRole('button', { name: 'Continue with single sign-on' }).click();
    await expect(person.getByText(ssoMessages.noConnectionForDomain)).toBeVisible();
    await expect(person.getByLabel('Work email')).toHaveAttribute('aria-invalid', 'true');
    await context.close();

    // The organization's link (GET /api/login) opens the same page, the single sign-on panel started by itself.
    const returning = await browser.newContext();
    const back = await returning.newPage();
    await back.goto(`/api/login?organization=${organization.slug}`);
    await expect(back).toHaveURL(new RegExp(`/auth\\?organization=${organization.slug}$`));
    await expect(back.getByText(whereTo)).toBeVisible();
    await expect(back.getByRole('link', { name: `Continue to ${providerHost}` })).toBeFocused();
    await expectNoSeriousAxeViolations(back);
    await back.screenshot({ path: `${screenshotDir}/auth-sso-organization-link.png` });
    await back.getByRole('link', { name: `Continue to ${providerHost}` }).click();
    await expect(back).toHaveURL(new RegExp(`^http://localhost:${e2ePort}/$`));
    await expect(back.getByRole('heading', { name: organizationName })).toBeVisible();

    // Cancelled from the organization's link, nothing starts again by itself.
    await returning.clearCookies();
    await back.goto(`/auth?organization=${organization.slug}`);
    await expect(back.getByText(whereTo)).toBeVisible();
    await back.getByRole('button', { name: 'Cancel' }).click();
    await expect(back).toHaveURL(new RegExp(`^http://localhost:${e2ePort}/auth$`));
    await expect(back.getByLabel('Work email')).toBeFocused();
    await expect(back.getByText(whereTo)).toHaveCount(0);
    await returning.close();
  } finally {
    await ownProvider.close();
  }
});

test('a refused sign-in comes back to /auth with its sentence', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const domain = newDomain();
  await connectThroughApi(page, 'Refusing Works', domain, provider);

  // Someone already has a Perch account with this address; the provider has not verified it, so it is not linked.
  const existing = { firstName: 'Una', lastName: 'Verified', email: `una@${domain}`, password: 'desk-hopper-42' };
  const signUpContext = await browser.newContext();
  await signUpThroughApi(await signUpContext.newPage(), existing);
  await signUpContext.close();
  provider.addAccount({ email: existing.email, emailVerified: false });

  const context = await browser.newContext();
  const person = await context.newPage();
  await person.goto('/auth');
  await person.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  await person.getByLabel('Work email').fill(existing.email);
  await person.getByRole('button', { name: 'Continue with single sign-on' }).click();
  const onward = person.getByRole('link', { name: /^Continue to / });
  await expect(onward).toBeFocused();
  const signInLink = await onward.getAttribute('href');
  await onward.click();
  await expect(person).toHaveURL(/\/auth\?sso=unverified-email$/);
  await expect(person.getByRole('alert')).toHaveText(ssoRefusals['unverified-email']);
  await expectNoSeriousAxeViolations(person);

  // A sign-in started in this browser and finished in another one does nothing there.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await person.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  await person.getByLabel('Work email').fill(existing.email);
  await person.getByRole('button', { name: 'Continue with single sign-on' }).click();
  const secondLink = await person.getByRole('link', { name: /^Continue to / }).getAttribute('href');
  expect(secondLink).not.toBe(signInLink);
  await other.goto(secondLink ?? '');
  await expect(other).toHaveURL(/\/auth\?sso=other-browser$/);
  await expect(other.getByRole('alert')).toHaveText(ssoRefusals['other-browser']);
  await otherContext.close();

  // Other codes read from the address bar, and one the page does not know shows nothing.
  await person.goto('/auth?sso=replayed-state');
  await expect(person.getByRole('alert')).toHaveText(ssoRefusals['replayed-state']);
  await person.goto('/auth?sso=account-not-linked');
  await expect(person.getByRole('alert')).toContainText(ssoRefusals['account-not-linked']);
  await person.screenshot({ path: `${screenshotDir}/auth-sso-refused.png` });
  await person.goto('/auth?sso=made-up');
  await expect(person.getByRole('heading', { name: 'Welcome to Perch' })).toBeVisible();
  await expect(person.getByRole('alert')).toHaveCount(0);
  await context.close();
});

test('someone with an account outside the verified domains links it with their password after a refused sign-in, then signs in through single sign-on', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // The organization's provider knows the consultant by their own address, which no organization has proven.
  const ownProvider = await startTestProvider({ redirectUris: [callbackUrl] });
  try {
    const organizationName = 'Linked Partners';
    const domain = newDomain();
    const { organization } = await connectThroughApi(page, organizationName, domain, ownProvider);
    const providerHost = new URL(ownProvider.issuer).host;

    const context = await browser.newContext();
    const person = await context.newPage();
    await person.setViewportSize({ width: 1440, height: 900 });
    const consultant = newPerson('Cora', 'Consultant');
    await signUpThroughApi(person, consultant);
    await context.clearCookies();
    ownProvider.addAccount({ email: consultant.email });

    // Through the organization's link: refused, nothing changed, and told how to link.
    await person.goto(`/api/login?organization=${organization.slug}`);
    await person.getByRole('link', { name: `Continue to ${providerHost}` }).click();
    await expect(person).toHaveURL(/\/auth\?sso=account-not-linked$/);
    const refusal = person.getByRole('alert').filter({ hasText: ssoRefusals['account-not-linked'] });
    await expect(refusal).toContainText('Perch will then ask whether to link it');
    await expectNoSeriousAxeViolations(person);

    // The consultant signs in with their own password and is asked, with the organization and host named.
    await person.getByLabel('Email').fill(consultant.email);
    await person.getByLabel('Password').fill(consultant.password);
    await person.getByRole('button', { name: 'Sign In', exact: true }).click();
    const question = person.getByRole('alertdialog', { name: 'Link single sign-on to your account?' });
    await expect(question).toContainText(
      `at ${providerHost}, the sign-in of ${organizationName}, as ${consultant.email}`,
    );
    await expectNoSeriousAxeViolations(person);
    await person.screenshot({ path: `${screenshotDir}/sso-link-question.png` });
    await person.setViewportSize({ width: 390, height: 844 });
    await expect(question).toBeInViewport();
    await person.screenshot({ path: `${screenshotDir}/sso-link-question-390.png` });
    await question.getByRole('button', { name: 'Link single sign-on' }).click();
    await expect(
      person.getByText(`Your account now also signs in through ${organizationName}’s single sign-on.`).first(),
    ).toBeVisible();
    await expect(question).toBeHidden();
    await context.close();

    // From then on single sign-on enters the consultant's account, in any browser.
    const later = await browser.newContext();
    const again = await later.newPage();
    await again.goto(`/api/login?organization=${organization.slug}`);
    await again.getByRole('link', { name: `Continue to ${providerHost}` }).click();
    await expect(again).toHaveURL(new RegExp(`^http://localhost:${e2ePort}/$`));
    await expect(again.getByRole('heading', { name: organizationName })).toBeVisible();
    const user = await again.request.get('/api/user');
    expect((await user.json()).email).toBe(consultant.email);
    await later.close();
  } finally {
    await ownProvider.close();
  }
});
