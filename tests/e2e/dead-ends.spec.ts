import { expect, type Page, test } from '@playwright/test';
import { addDays, formatLongDate } from '#domain/dates.ts';
import {
  createOrganizationThroughApi,
  expectNoSeriousAxeViolations,
  floorPlanPng,
  fullName,
  holdRequests,
  inviteAndJoinThroughApi,
  newPerson,
  screenshotDirFor,
  signUpThroughPage,
} from './support.ts';

const shots = screenshotDirFor('dead-ends');

/** The notice naming an organization the user was removed from. */
const removalNotice = (page: Page, organizationName: string) =>
  page.getByRole('alert').filter({ hasText: `You are no longer a member of ${organizationName}.` });

/** From an admin's dashboard: Team Management, remove `name`, confirm, close. */
async function removeMemberThroughTeamManagement(page: Page, name: string) {
  await page.getByRole('button', { name: 'Team Management' }).click();
  const team = page.getByRole('dialog', { name: 'Team Management' });
  await team.getByRole('button', { name: `Remove ${name}` }).click();
  await page
    .getByRole('alertdialog', { name: `Remove ${name}?` })
    .getByRole('button', { name: 'Remove member' })
    .click();
  await expect(page.getByText('Member removed', { exact: true })).toBeVisible();
  await team.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(team).toBeHidden();
}

test('a new user with no organization finds on /setup how to join one by invitation, and can sign out from there', async ({
  page,
}) => {
  const newcomer = newPerson('Rosa', 'Lind');
  await signUpThroughPage(page, newcomer);
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole('heading', { name: 'Set up your organization' })).toBeVisible();

  const joining = page.getByRole('region', { name: 'Joining your team instead?' });
  await expect(joining).toContainText('there is no need to create an organization');
  await expect(joining).toContainText(
    `Ask one of its admins to invite ${newcomer.email}: the link in the invitation e-mail adds you to it.`,
  );
  await expect(page.getByText(`Signed in as ${newcomer.email}`)).toBeVisible();
  // Nothing was ever taken away from a brand-new user.
  await expect(page.getByText(/You are no longer a member/)).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${shots}/dead-ends-setup.png`, fullPage: true });

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('heading', { name: 'Smart Hot Desk Booking, Made Simple' })).toBeVisible();
  await page.goto('/setup');
  await expect(page).toHaveURL(/\/auth$/);
});

test('a member removed by an admin is told so by the organization’s name at once on the open dashboard, and again on their next visit until they dismiss it', async ({
  page,
  browser,
}) => {
  const organizationName = 'Acme Ltd';
  const jo = newPerson('Jo', 'Park');
  await createOrganizationThroughApi(page, newPerson('Maya', 'Okafor'), organizationName);
  const joContext = await browser.newContext();
  const joPage = await inviteAndJoinThroughApi(page, joContext, jo, organizationName);
  await expect(joPage.locator('[data-live-status="live"]')).toBeVisible();

  await removeMemberThroughTeamManagement(page, fullName(jo));

  // The live stream ends for Jo; with no organization left, the dashboard sends them to /setup, which says why.
  const notice = removalNotice(joPage, organizationName);
  await expect(joPage).toHaveURL(/\/setup$/);
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Ask one of its admins for a new invitation if this is a mistake.');

  await joPage.reload();
  await expect(notice).toBeVisible();
  await expectNoSeriousAxeViolations(joPage);
  await joPage.screenshot({ path: `${shots}/dead-ends-removed.png`, fullPage: true });

  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden();
  await expect(joPage.getByLabel('Organization name')).toBeFocused();
  await joPage.reload();
  await expect(joPage.getByRole('heading', { name: 'Set up your organization' })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await joContext.close();
});

test('a member who still belongs to another organization is told on the dashboard which one they were removed from', async ({
  page,
  browser,
}) => {
  const organizationName = 'Lantern Works';
  const ownName = 'Park Studio';
  const jo = newPerson('Jo', 'Park');
  await createOrganizationThroughApi(page, newPerson('Ola', 'Berg'), organizationName);
  const joContext = await browser.newContext();
  const joPage = await inviteAndJoinThroughApi(page, joContext, jo, organizationName);

  // Jo also runs an organization of their own.
  await joPage.goto('/setup');
  await joPage.getByLabel('Organization name').fill(ownName);
  const slug = joPage.getByLabel('Slug');
  await slug.fill(`${await slug.inputValue()}-${Date.now().toString(36)}`);
  await joPage.getByRole('button', { name: 'Create Organization' }).click();
  const picker = joPage.getByLabel('Organization', { exact: true });
  await picker.selectOption({ label: organizationName });
  await expect(joPage.getByRole('heading', { name: organizationName })).toBeVisible();
  await expect(joPage.locator('[data-live-status="live"]')).toBeVisible();

  await removeMemberThroughTeamManagement(page, fullName(jo));

  const notice = removalNotice(joPage, organizationName);
  await expect(notice).toBeVisible();
  await expect(joPage.getByRole('heading', { name: ownName })).toBeVisible();
  await expect(joPage).toHaveURL(/\/$/);

  await joPage.reload();
  await expect(notice).toBeVisible();
  await expect(joPage.getByRole('heading', { name: ownName })).toBeVisible();
  await expect(picker).toHaveCount(0);
  await joPage.screenshot({ path: `${shots}/dead-ends-removed-dashboard.png` });

  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden();
  await joPage.reload();
  await expect(joPage.getByRole('heading', { name: ownName })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await joContext.close();
});

test('the subscription success toast stays on screen while the floor plan loads; the routine toast waits for it to close', async ({
  page,
}) => {
  await createOrganizationThroughApi(page, newPerson('Priya', 'Natarajan'), 'Harbour Street Studio');
  const editMode = page.getByRole('switch', { name: 'Edit Mode' });
  await editMode.click();
  await expect(page.getByRole('toolbar', { name: 'Floor plan editor' })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload Floor Plan' }).click();
  await (await chooser).setFiles({ name: 'harbour-street.png', mimeType: 'image/png', buffer: floorPlanPng(320, 180) });
  await expect(page.getByText('Floor plan uploaded and updated successfully!').first()).toBeVisible();
  // The plan loads meanwhile; its routine toast waits for the upload's toast to have its time and close.
  await expect(page.getByText('Floor Plan Loaded', { exact: true })).toBeVisible();
  await expect(page.getByText('Floor plan uploaded and updated successfully!')).toHaveCount(0);
  const plan = page.getByRole('img', { name: 'Floor plan of Floor 1' });
  await expect(plan).toHaveJSProperty('naturalWidth', 320);

  // Back from the checkout: hold the plan image until the subscription toast is on screen.
  const releaseImage = await holdRequests(page, '**/api/objects/*', (request) => request.method() === 'GET');
  await page.goto('/?subscription=success&subscription_id=x');
  const activated = page.getByText('Subscription activated', { exact: true });
  await expect(activated).toBeVisible();
  // Keep the pointer on the toast: it stays until closed, however long the image takes.
  await activated.hover();
  releaseImage();
  await expect(plan).toHaveJSProperty('naturalWidth', 320);

  await expect(activated).toBeVisible();
  await expect(page.getByText('Floor Plan Loaded', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: `${shots}/dead-ends-toast.png` });

  await page.getByRole('button', { name: 'Close notification' }).click();
  await expect(activated).toHaveCount(0);
  // The plan a visit opens with is not announced (issue 27): no routine toast follows.
  await expect(page.getByText('Floor Plan Loaded', { exact: true })).toHaveCount(0);
});

test('the dashboard date picker refuses a past date and shows the chosen day in words, also on a phone', async ({
  page,
}) => {
  await createOrganizationThroughApi(page, newPerson('Lena', 'Voss'), 'Quayside Works');
  const date = page.getByLabel('Date', { exact: true });
  const today = await date.getAttribute('min');
  if (!today) throw new Error('The date picker has no earliest day');
  await expect(date).toHaveValue(today);
  const previous = page.getByRole('button', { name: 'Previous day' });
  const next = page.getByRole('button', { name: 'Next day' });
  await expect(previous).toBeDisabled();
  await expect(page.getByText(formatLongDate(today), { exact: true })).toBeVisible();

  // A past day typed in is not applied, and the picker says why; leaving the field puts today back.
  await date.fill(addDays(today, -3));
  await expect(page.getByRole('alert').filter({ hasText: 'Past days cannot be chosen.' })).toBeVisible();
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(formatLongDate(addDays(today, -3)), { exact: true })).toHaveCount(0);
  await date.blur();
  await expect(date).toHaveValue(today);
  await expect(page.getByText(formatLongDate(today), { exact: true })).toBeVisible();

  // A later day is applied as soon as it is typed; Previous day goes back as far as today.
  await date.fill(addDays(today, 2));
  await expect(page.getByText(formatLongDate(addDays(today, 2)), { exact: true })).toBeVisible();
  await expect(previous).toBeEnabled();
  await previous.click();
  await previous.click();
  await expect(date).toHaveValue(today);
  await expect(previous).toBeDisabled();
  await next.click();
  await expect(page.getByText(formatLongDate(addDays(today, 1)), { exact: true })).toBeVisible();

  // On a phone the bar wraps rather than running off the side, and the day is still written out.
  await page.setViewportSize({ width: 390, height: 844 });
  const bar = page.getByRole('banner').filter({ has: date });
  await expect(page.getByText(formatLongDate(addDays(today, 1)), { exact: true })).toBeVisible();
  const fits = await bar.evaluate((element) => element.scrollWidth <= element.clientWidth);
  expect(fits).toBe(true);
  const box = await bar.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeInViewport();
  await page.screenshot({ path: `${shots}/dead-ends-phone.png` });
  await expectNoSeriousAxeViolations(page);
});
