import { expect, type Page, test } from '@playwright/test';
import {
  createOrganizationThroughApi,
  createOrganizationThroughPage,
  expectNoSeriousAxeViolations,
  makePlatformAdmin,
  newPerson,
  sidebarItem,
  signUpThroughPage,
  startOwnServer,
} from './support.ts';

async function openSubscriptionDialog(page: Page) {
  await sidebarItem(page, 'Subscription').click();
  const dialog = page.getByRole('dialog', { name: 'Subscription Management' });
  await expect(dialog.getByText('Current plan')).toBeVisible();
  return dialog;
}

test('a trial organization subscribes to Tier 2 through the local checkout, sees the success screen and toast, then cancels and keeps Edit Mode until the end date', async ({
  page,
}) => {
  const admin = newPerson('Maya', 'Okafor');
  const organizationName = 'Harbour Studio';
  await createOrganizationThroughApi(page, admin, organizationName);

  // A new organization is on a 14-day trial of Tier 1.
  let dialog = await openSubscriptionDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Tier 1' })).toBeVisible();
  await expect(dialog.getByText('Free trial').first()).toBeVisible();
  await expect(dialog.getByText(/^1[34] days left in your free trial of Tier 1$/)).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Seats used' })).toHaveAttribute(
    'aria-valuetext',
    '1 of 50 users',
  );
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('link', { name: 'Compare all plans' }).click();

  // The plan picker: four plans, one selection at a time, then the panel that pays.
  await expect(page.getByRole('heading', { name: 'Choose Your Subscription Plan' })).toBeVisible();
  const cards = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(cards).toHaveCount(4);
  await expect(page.getByText('Recommended', { exact: true })).toBeVisible();
  await expect(page.getByText('Complete Your Subscription')).toBeHidden();
  const tier = (name: string) => page.getByRole('listitem', { name });
  await tier('Tier 3').getByRole('button', { name: 'Select Plan' }).click();
  await tier('Tier 2').getByRole('button', { name: 'Select Plan' }).click();
  await expect(tier('Tier 2').getByRole('button', { name: 'Selected' })).toHaveAttribute('aria-pressed', 'true');
  await expect(tier('Tier 3').getByRole('button', { name: 'Select Plan' })).toHaveAttribute('aria-pressed', 'false');
  const panel = page.getByRole('region', { name: 'Complete Your Subscription' });
  await expect(panel).toContainText('Tier 2 · $49.99/month');
  await expect(panel).toContainText('51 - 200 users');
  await expect(panel).toContainText(organizationName);
  await expect(panel).toContainText('$49.99 USD/month');
  await expect(panel).toContainText(
    'By subscribing, you agree to our Terms of Service and Privacy Policy. You can cancel your subscription at any time.',
  );
  for (const reason of ['Smart Booking', 'Multi-Floor Support', 'Cost Effective']) {
    await expect(page.getByRole('heading', { name: reason })).toBeVisible();
  }
  await expectNoSeriousAxeViolations(page);

  // Perch's own checkout stands in for PayPal when no credentials are configured.
  await panel.getByRole('button', { name: 'Pay with PayPal' }).click();
  await expect(page).toHaveURL(/\/paypal\/local-checkout\//);
  await expect(page.getByText(organizationName).first()).toBeVisible();
  await page.getByRole('button', { name: 'Approve subscription' }).click();

  await expect(page).toHaveURL(/\/subscription\/success\?subscription_id=/);
  await expect(page.getByRole('heading', { name: 'Subscription Activated!' })).toBeVisible();
  await expect(page.getByText('A confirmation email from PayPal should arrive in your inbox shortly.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/subscription');
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();

  await expect(page.getByText('Subscription activated', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: organizationName })).toBeVisible();

  dialog = await openSubscriptionDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Tier 2' })).toBeVisible();
  await expect(dialog.getByText('Active').first()).toBeVisible();
  await expect(dialog.getByText('Next billing date')).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Seats used' })).toHaveAttribute(
    'aria-valuetext',
    '1 of 200 users',
  );

  // Cancelling asks first; keeping it changes nothing.
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(dialog.getByRole('button', { name: 'Keep subscription' })).toBeFocused();
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Keep subscription' }).click();
  await expect(dialog.getByText('Active').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await dialog.getByRole('button', { name: 'Yes, cancel subscription' }).click();
  await expect(
    page.getByText('Subscription will be cancelled at the end of the billing period', { exact: true }),
  ).toBeVisible();
  await expect(dialog.getByText('Cancels at period end').first()).toBeVisible();
  const accessUntil = dialog.getByText('Access until').locator('..').locator('dd');
  await expect(accessUntil).toHaveText(/\d{1,2} \w+ \d{4}/);
  await expect(dialog.getByRole('button', { name: 'Reactivate subscription' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // Access stays until the end of the period: Edit Mode still works.
  const editMode = page.getByRole('switch', { name: 'Edit Mode' });
  await expect(editMode).toBeEnabled();
  await editMode.click();
  await expect(page.getByRole('toolbar', { name: 'Floor plan editor' })).toBeVisible();
  await editMode.click();
  await expect(editMode).not.toBeChecked();

  // Reactivating inside the period is a direct call, with no new checkout.
  dialog = await openSubscriptionDialog(page);
  await dialog.getByRole('button', { name: 'Reactivate subscription' }).click();
  await expect(page.getByText('Subscription reactivated', { exact: true }).first()).toBeVisible();
  await expect(dialog.getByText('Next billing date')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
});

test('leaving the local checkout with Cancel shows the cancel screen and charges nothing', async ({ page }) => {
  await createOrganizationThroughApi(page, newPerson('Li', 'Wei'), 'Quay Partners');
  await page.goto('/subscription');
  await page.getByRole('listitem', { name: 'Tier 1' }).getByRole('button', { name: 'Select Plan' }).click();
  await page.getByRole('button', { name: 'Pay with PayPal' }).click();
  await expect(page).toHaveURL(/\/paypal\/local-checkout\//);
  await page
    .getByRole('button', { name: 'Cancel', exact: true })
    .or(page.getByRole('link', { name: 'Cancel', exact: true }))
    .click();
  await expect(page).toHaveURL(/\/subscription\/cancel$/);
  await expect(page.getByRole('heading', { name: 'Subscription Cancelled' })).toBeVisible();
  await expect(page.getByText('Your subscription process was cancelled. No charges have been made.')).toBeVisible();
  await page.goto('/');
  const dialog = await openSubscriptionDialog(page);
  await expect(dialog.getByText('Free trial').first()).toBeVisible();
});

test("a platform admin overrides another organization's subscription, whose Subscription item disappears until the override is removed", async ({
  browser,
}) => {
  // The platform-admin command writes to the database directly, so this test runs a Perch of its own
  // that it can stop for the command: the embedded database has one process at a time. Two start-ups and a
  // stop (about 45 s on an idle 2-core machine) need more than the default minute.
  test.setTimeout(180_000);
  const server = await startOwnServer('platform');
  try {
    const customerContext = await browser.newContext({ baseURL: server.baseURL });
    const operatorContext = await browser.newContext({ baseURL: server.baseURL });
    const page = await customerContext.newPage();
    const operatorPage = await operatorContext.newPage();

    const customerAdmin = newPerson('Sam', 'Hill');
    const customerName = 'Okafor & Sons Ltd.';
    await createOrganizationThroughPage(page, customerAdmin, customerName);
    await expect(sidebarItem(page, 'Subscription')).toBeVisible();
    // Only the platform organization has the overview.
    await expect(sidebarItem(page, 'Organization Overview')).toBeHidden();

    const operator = newPerson('Ada', 'Operator');
    await signUpThroughPage(operatorPage, operator);
    await expect(operatorPage).toHaveURL(/\/setup$/);
    await server.stop();
    expect(makePlatformAdmin(server.dataDir, operator.email)).toContain('is now an admin of the platform organization');
    await server.restart();

    await operatorPage.goto('/');
    await expect(operatorPage.getByRole('heading', { name: 'Perch Platform' })).toBeVisible();
    await sidebarItem(operatorPage, 'Organization Overview').click();
    const overview = operatorPage.getByRole('dialog', { name: 'Organization Overview' });
    await expect(overview.getByText('Active Today')).toBeVisible();
    await expect(overview.getByText('--', { exact: true })).toBeVisible();
    const row = overview
      .getByRole('row')
      .filter({ has: operatorPage.getByRole('rowheader', { name: new RegExp(customerName) }) });
    await expect(row).toContainText(customerAdmin.email);
    await expect(row).toContainText('Free trial');
    await expectNoSeriousAxeViolations(operatorPage);

    await row.getByRole('button', { name: `Override subscription of ${customerName}` }).click();
    const override = operatorPage.getByRole('dialog', { name: 'Subscription Override' });
    const plan = override.getByLabel('Plan', { exact: true });
    await plan.selectOption({ label: 'Custom' });
    await override.getByRole('button', { name: 'Apply override' }).click();
    await expect(override.getByText('Plan name is required')).toBeVisible();
    await expect(override.getByText('Max users must be positive')).toBeVisible();
    await expect(override.getByLabel('Plan name')).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousAxeViolations(operatorPage);
    await plan.selectOption({ label: 'Tier 3 · 1,000 users' });
    await expect(override.getByText('Tier 3 allows up to 1,000 users.')).toBeVisible();
    await override.getByLabel('Reason (optional)').fill('Partner pilot');
    await override.getByRole('button', { name: 'Apply override' }).click();
    await expect(
      operatorPage.getByText(`${customerName}: Subscription override applied`, { exact: true }),
    ).toBeVisible();
    await expect(override).toBeHidden();
    await expect(row).toContainText('Overridden: Partner pilot');
    await expect(row).toContainText('Up to 1,000 users');

    // The override history shows what was set, why, by whom and when.
    await overview.getByRole('tab', { name: 'Override history' }).click();
    const history = overview.getByRole('table', { name: 'Override history, newest first' });
    const historyRows = history
      .getByRole('row')
      .filter({ has: operatorPage.getByRole('rowheader', { name: customerName, exact: true }) });
    await expect(historyRows).toHaveCount(1);
    for (const text of [
      'Override applied',
      'Tier 3 · up to 1,000 users',
      'Was Tier 1 · up to 50 users',
      'Partner pilot',
      'Ada Operator',
    ])
      await expect(historyRows.first()).toContainText(text);
    await expect(historyRows.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
    await expectNoSeriousAxeViolations(operatorPage);
    await overview.getByRole('tab', { name: 'Organizations' }).click();

    // The customer's admin no longer manages the subscription, and still edits the floor plan.
    await page.reload();
    await expect(page.getByRole('heading', { name: customerName })).toBeVisible();
    await expect(sidebarItem(page, 'Team Management')).toBeVisible();
    await expect(sidebarItem(page, 'Subscription')).toBeHidden();
    await expect(page.getByRole('switch', { name: 'Edit Mode' })).toBeEnabled();

    await row.getByRole('button', { name: `Override subscription of ${customerName}` }).click();
    await expect(plan).toHaveValue('tier-3');
    await override.getByRole('button', { name: 'Remove override' }).click();
    await expect(
      operatorPage.getByText(`${customerName}: Subscription override removed`, { exact: true }),
    ).toBeVisible();
    await expect(row).not.toContainText('Overridden');
    await overview.getByRole('tab', { name: 'Override history' }).click();
    await expect(historyRows).toHaveCount(2);
    await expect(historyRows.first()).toContainText('Override removed');
    await expect(historyRows.first()).toContainText('Was Tier 3 · up to 1,000 users');
    await expect(historyRows.nth(1)).toContainText('Partner pilot');

    await page.reload();
    await expect(sidebarItem(page, 'Subscription')).toBeVisible();
    await customerContext.close();
    await operatorContext.close();
  } finally {
    await server.stop();
  }
});
