import { expect, test } from '@playwright/test';
import { subscriptionMessages } from '#domain/subscription.ts';
import {
  createOrganizationThroughPage,
  expectNoSeriousAxeViolations,
  makePlatformAdmin,
  newPerson,
  sidebarItem,
  signUpThroughPage,
  startOwnServer,
} from './support.ts';

/** Anything that would sell, renew or end a plan. */
const billingAction = /subscribe|paypal|upgrade|reactivate|cancel subscription|select plan|override/i;

test('with billing off, an admin finds every feature on and no seat limit: the Subscription dialog and the plan picker say billing is off and sell nothing, and the platform overview offers no override', async ({
  browser,
}, testInfo) => {
  // BILLING is a start-up setting, so this test runs a Perch of its own (and stops it for the platform-admin command):
  // two start-ups and two people, hence the longer time.
  test.setTimeout(180_000);
  const server = await startOwnServer('billing-off', { BILLING: 'off' });
  try {
    const context = await browser.newContext({ baseURL: server.baseURL });
    const page = await context.newPage();
    const admin = newPerson('Noor', 'Haddad');
    const organizationName = 'Fenwick & Lowe';
    await createOrganizationThroughPage(page, admin, organizationName);
    await expect(page.getByRole('switch', { name: 'Edit Mode' })).toBeEnabled();
    // Setting up another organization promises no trial: there is nothing to run out.
    await page.goto('/setup');
    await expect(
      page.getByText('Create a workspace for your office. Every feature is included, with no seat limit.'),
    ).toBeVisible();
    await expect(page.getByText(/trial/i)).toHaveCount(0);
    await page.goto('/');

    // Team Management counts the people, with no limit to reach, and invites.
    await sidebarItem(page, 'Team Management').click();
    const team = page.getByRole('dialog', { name: 'Team Management' });
    await expect(team).toHaveAccessibleDescription(`1 user in ${organizationName} (no seat limit).`);
    await expect(team).not.toContainText('1000000');
    await expect(team).not.toContainText('Upgrade your plan');
    await team.getByLabel('Email addresses').fill(newPerson('Ravi', 'Shah').email);
    await team.getByRole('button', { name: 'Send invitations' }).click();
    await expect(page.getByText('Invitations sent').first()).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await team.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(team).toBeHidden();

    // The Subscription dialog: the sentence, the seats in use, no limit, nothing to buy, cancel or renew.
    await sidebarItem(page, 'Subscription').click();
    const dialog = page.getByRole('dialog', { name: 'Subscription Management' });
    await expect(dialog.getByText(subscriptionMessages.billingOff)).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Self-hosted' })).toBeVisible();
    await expect(dialog.getByText('Billing off', { exact: true })).toBeVisible();
    await expect(dialog.getByText('1 user · 1 invitation pending')).toBeVisible();
    await expect(dialog.getByText('No seat limit', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('progressbar')).toHaveCount(0);
    await expect(dialog.getByRole('radio')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: billingAction })).toHaveCount(0);
    await expect(dialog.getByRole('link')).toHaveCount(0);
    for (const text of ['Next billing date', 'Free trial', 'days left', '$', 'Every seat']) {
      await expect(dialog).not.toContainText(text);
    }
    await expectNoSeriousAxeViolations(page);
    await testInfo.attach('subscription-dialog', {
      body: await page.screenshot({ path: testInfo.outputPath('billing-off-dialog.png') }),
      contentType: 'image/png',
    });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();

    // The plan picker has no plans to pick: it says billing is off and leads back.
    await page.goto('/subscription');
    const card = page.getByRole('region', { name: 'No subscription needed' });
    await expect(card.getByText(subscriptionMessages.billingOff)).toBeVisible();
    await expect(card).toContainText(organizationName);
    await expect(page.getByRole('heading', { name: 'Choose Your Subscription Plan' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: billingAction })).toHaveCount(0);
    await expect(page.getByText('Complete Your Subscription')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
    await testInfo.attach('subscription-page', {
      body: await page.screenshot({ path: testInfo.outputPath('billing-off-subscription-page.png'), fullPage: true }),
      contentType: 'image/png',
    });
    await card.getByRole('link', { name: 'Back to dashboard' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: organizationName })).toBeVisible();

    // A platform admin sees the organization with no seat limit and nothing to override.
    const operatorContext = await browser.newContext({ baseURL: server.baseURL });
    const operatorPage = await operatorContext.newPage();
    const operator = newPerson('Ada', 'Operator');
    await signUpThroughPage(operatorPage, operator);
    await expect(operatorPage).toHaveURL(/\/setup$/);
    await server.stop();
    expect(makePlatformAdmin(server.dataDir, operator.email)).toContain('is now an admin of the platform organization');
    await server.restart();
    await operatorPage.goto('/');
    await sidebarItem(operatorPage, 'Organization Overview').click();
    const overview = operatorPage.getByRole('dialog', { name: 'Organization Overview' });
    await expect(overview.getByText(subscriptionMessages.billingOff, { exact: false })).toBeVisible();
    const row = overview
      .getByRole('row')
      .filter({ has: operatorPage.getByRole('rowheader', { name: new RegExp(organizationName) }) });
    await expect(row).toContainText('Self-hosted');
    await expect(row).toContainText('Billing off');
    await expect(row).toContainText('No seat limit');
    await expect(row).not.toContainText('1,000,000');
    await expect(overview.getByRole('button', { name: /^Override subscription of/ })).toHaveCount(0);
    await expect(overview.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
    await expectNoSeriousAxeViolations(operatorPage);
    await testInfo.attach('organization-overview', {
      body: await operatorPage.screenshot({ path: testInfo.outputPath('billing-off-overview.png') }),
      contentType: 'image/png',
    });
    await context.close();
    await operatorContext.close();
  } finally {
    await server.stop();
  }
});
