import { expect, type Page, request, test } from '@playwright/test';
import {
  apiAs,
  createOrganizationThroughApi,
  expectNoSeriousAxeViolations,
  inviteAndJoinThroughApi,
  laptop,
  linkFromOutbox,
  newPerson,
  type Person,
  phone,
  screenshotDirFor,
  sidebarItem,
} from './support.ts';

// Teams (issue 29): the admin's Teams screen, the member list's bulk add, and a member's teams in the account menu.

const shots = screenshotDirFor('teams');

/** People invited by the page's admin who join through the API, in request contexts of their own (no page each). */
async function joinThroughApi(page: Page, organizationId: string, people: readonly Person[]): Promise<void> {
  const origin = new URL(page.url()).origin;
  await apiAs(page)('POST', `/api/organizations/${organizationId}/invite`, { emails: people.map((one) => one.email) });
  for (const person of people) {
    const token = new URL(await linkFromOutbox(person.email, '/signup?token=')).searchParams.get('token');
    const context = await request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
    const joined = await context.post('/api/signup-with-invitation', {
      data: { token, firstName: person.firstName, lastName: person.lastName, password: person.password },
    });
    expect(joined.ok(), await joined.text()).toBe(true);
    await context.dispose();
  }
}

/** On a phone the sidebar hides behind Menu. */
async function openSidebarItem(page: Page, name: string) {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) {
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  }
  await sidebarItem(page, name).click();
}

test('an admin adds a team with its own limits, chooses its people from a searchable list, renames it and deletes another', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(laptop);
  const { organizationId } = await createOrganizationThroughApi(page, newPerson('Aiko', 'Mori'), 'Kestrel Labs');
  await joinThroughApi(page, organizationId, [newPerson('Raj', 'Patel'), newPerson('Ana', 'Lopez')]);
  await apiAs(page)('POST', `/api/organizations/${organizationId}/teams`, { name: 'Temporary' });

  await openSidebarItem(page, 'Teams');
  const dialog = page.getByRole('dialog', { name: 'Teams' });
  const teams = dialog.getByRole('list', { name: 'Teams' });

  // Add: the name has the focus; a blank limit is the organization's, a number the team's own.
  await dialog.getByRole('button', { name: 'Add team' }).click();
  await expect(dialog.getByLabel('Team name')).toBeFocused();
  await dialog.getByLabel('Team name').fill('Engineering');
  // The radios are visually hidden inside their swatches: a person clicks the swatch.
  await dialog
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: 'Green' }) })
    .click();
  await expect(dialog.getByRole('radio', { name: 'Green' })).toBeChecked();
  await dialog.getByLabel('Days ahead').fill('800');
  await dialog.getByRole('button', { name: 'Add team' }).click();
  await expect(dialog.getByText('Days ahead can be at most 730')).toBeVisible();
  await dialog.getByLabel('Days ahead').fill('30');
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${shots}/teams-form-laptop.png` });
  await dialog.getByRole('button', { name: 'Add team' }).click();

  const engineering = teams.getByRole('listitem').filter({ hasText: 'Engineering' });
  await expect(engineering).toContainText('0 people');
  await expect(engineering).toContainText('30 days ahead · no weekly limit');
  // Focus waits on the new team's People: choosing its people is the next step.
  await expect(engineering.getByRole('button', { name: 'People of Engineering' })).toBeFocused();

  // People: the search narrows the checklist without unticking anyone.
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Search people')).toBeFocused();
  await dialog.getByLabel('Search people').fill('raj');
  await dialog.getByRole('checkbox', { name: /Raj Patel/ }).check();
  await expect(dialog.getByRole('checkbox', { name: /Ana Lopez/ })).toHaveCount(0);
  await dialog.getByLabel('Search people').fill('');
  await dialog.getByRole('checkbox', { name: /Ana Lopez/ }).check();
  await expect(dialog.getByText('2 people in Engineering')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${shots}/teams-people-laptop.png` });
  await dialog.getByRole('button', { name: 'Save people' }).click();
  await expect(engineering).toContainText('2 people');

  // Rename it and give it a weekly quota.
  await engineering.getByRole('button', { name: 'Edit Engineering' }).click();
  await dialog.getByLabel('Team name').fill('Platform');
  await dialog.getByLabel('Days per week').fill('3');
  await dialog.getByRole('button', { name: 'Save team' }).click();
  const platform = teams.getByRole('listitem').filter({ hasText: 'Platform' });
  await expect(platform).toContainText('30 days ahead · 3 days a week');
  await expect(platform.getByRole('button', { name: 'Edit Platform' })).toBeFocused();

  // Delete asks first, and says nobody leaves the organization.
  await teams.getByRole('button', { name: 'Delete Temporary' }).click();
  const confirmation = page.getByRole('alertdialog', { name: 'Delete Temporary?' });
  await expect(confirmation).toContainText('stay in the organization');
  await confirmation.getByRole('button', { name: 'Delete team' }).click();
  await expect(teams.getByRole('listitem')).toHaveCount(1);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${shots}/teams-list-laptop.png` });

  // On a phone: the list and the form fit the screen.
  await page.setViewportSize(phone);
  await expect(platform.getByRole('button', { name: 'People of Platform' })).toBeInViewport();
  await page.screenshot({ path: `${shots}/teams-list-phone.png` });
  await platform.getByRole('button', { name: 'Edit Platform' }).click();
  await expect(dialog.getByLabel('Days per week')).toHaveValue('3');
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${shots}/teams-form-phone.png` });
});

test('an admin ticks people in Team Management and adds them to a team at once; a member sees their teams in the account menu', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(laptop);
  const { organizationId } = await createOrganizationThroughApi(page, newPerson('Aiko', 'Mori'), 'Osprey Works');
  const zoe = newPerson('Zoe', 'Chen');
  await joinThroughApi(page, organizationId, [newPerson('Raj', 'Patel'), zoe]);
  const design = await apiAs(page)<{ id: string }>('POST', `/api/organizations/${organizationId}/teams`, {
    name: 'Design',
  });
  await apiAs(page)('POST', `/api/organizations/${organizationId}/teams`, { name: 'Finance', colour: '#ca8a04' });
  const anaContext = await browser.newContext({ viewport: phone });
  const anaPage = await inviteAndJoinThroughApi(page, anaContext, newPerson('Ana', 'Lopez'), 'Osprey Works');

  await openSidebarItem(page, 'Team Management');
  const management = page.getByRole('dialog', { name: 'Team Management' });
  const addToTeam = management.getByRole('button', { name: 'Add to team…' });
  await expect(addToTeam).toBeDisabled();
  await management.getByRole('checkbox', { name: 'Select Ana Lopez' }).check();
  await management.getByRole('checkbox', { name: 'Select Zoe Chen' }).check();
  await expect(management.getByText('2 selected')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${shots}/bulk-select-laptop.png` });
  await addToTeam.click();
  const chooser = page.getByRole('dialog', { name: 'Add to team' });
  await chooser.getByRole('radio', { name: 'Design' }).check();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${shots}/bulk-add-laptop.png` });
  await chooser.getByRole('button', { name: 'Add 2 people' }).click();
  await expect(page.getByText('2 people added to Design.', { exact: true })).toBeVisible();
  await expect(management.getByRole('checkbox', { name: 'Select Ana Lopez' })).not.toBeChecked();
  const people = await apiAs(page)<{ members: Array<{ firstName: string }> }>('GET', `/api/teams/${design.id}/members`);
  expect(people.members.map((person) => person.firstName)).toEqual(['Ana', 'Zoe']);

  // On a phone, the same: adding someone already in the team adds nobody twice.
  await page.setViewportSize(phone);
  await management.getByRole('checkbox', { name: 'Select Zoe Chen' }).check();
  await management.getByRole('checkbox', { name: 'Select Raj Patel' }).check();
  await expect(addToTeam).toBeInViewport();
  await page.screenshot({ path: `${shots}/bulk-select-phone.png` });
  await addToTeam.click();
  await chooser.getByRole('radio', { name: 'Design' }).check();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${shots}/bulk-add-phone.png` });
  await chooser.getByRole('button', { name: 'Add 2 people' }).click();
  await expect(page.getByText('1 person added to Design; 1 person already in it.', { exact: true })).toBeVisible();

  // Ana, a member, sees her team in the account menu.
  await anaPage.reload();
  await anaPage.getByRole('button', { name: 'Account menu' }).click();
  await expect(anaPage.getByRole('menu')).toContainText('Your team: Design');
  await expectNoSeriousAxeViolations(anaPage);
  await anaPage.screenshot({ path: `${shots}/account-menu-phone.png` });
  await anaContext.close();
});
