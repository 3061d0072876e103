import { expect, type Page, test } from '@playwright/test';
import {
  apiAs,
  createOrganizationThroughApi,
  deskTile,
  expectNoSeriousAxeViolations,
  fullName,
  inviteAndJoinThroughApi,
  laptop,
  newPerson,
  phone,
  screenshotDirFor,
} from './support.ts';

// Neighbourhoods (issue 29): an admin makes one of desks selected in edit mode, kept for a team; the map draws it as a
// tinted area with its name on a laptop and a phone; the list filters by it; Book Desk tells an outsider why not.

const shots = screenshotDirFor('neighbourhoods');

/** A team through the teams API, with these people in it; answers its id. */
async function makeTeam(page: Page, organizationId: string, name: string, userIds: string[]): Promise<string> {
  const call = apiAs(page);
  const team = await call<{ id: string }>('POST', `/api/organizations/${organizationId}/teams`, { name });
  await call('PUT', `/api/teams/${team.id}/members`, { userIds });
  return team.id;
}

/** The area's label on the map lies inside the viewport of the plan, at a size a person can read. */
async function expectLegibleLabel(page: Page, name: string) {
  // A phone opens on the list: the map is one tap away.
  const mapTab = page.getByRole('tab', { name: 'Map' });
  if ((await mapTab.getAttribute('aria-selected')) === 'false') await mapTab.click();
  const label = page.locator(`[data-neighbourhood="${name}"] > span`);
  await expect(label).toBeVisible();
  // The label's size follows the scale once zooming settles (the map fits itself to the screen first).
  await expect.poll(async () => (await label.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(14);
  const box = await label.boundingBox();
  const viewport = await page.locator('[data-map-viewport]').boundingBox();
  expect(box && viewport).toBeTruthy();
  expect(box!.x).toBeGreaterThanOrEqual(viewport!.x - 1);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport!.x + viewport!.width + 1);
}

test('an admin makes a neighbourhood of desks chosen on the map, kept for a team, and sees it on a laptop and a phone', async ({
  page,
}) => {
  await page.setViewportSize(laptop);
  const admin = newPerson('Nina', 'Admin');
  const { organizationId } = await createOrganizationThroughApi(page, admin, 'Window Office', { desks: 4 });
  const me = await apiAs(page)<{ id: string }>('GET', '/api/user');
  await makeTeam(page, organizationId, 'Engineering', [me.id]);
  await page.reload();

  const editMode = page.getByRole('switch', { name: 'Edit Mode' });
  await editMode.click();
  await expect(page.getByRole('toolbar', { name: 'Floor plan editor' })).toBeVisible();
  await deskTile(page, 'D01').click();
  await deskTile(page, 'D02').click({ modifiers: ['Control'] });
  await expect(page.getByText('2 desks selected.')).toBeVisible();

  await page.getByRole('button', { name: 'Make neighbourhood…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make neighbourhood' });
  await dialog.getByLabel('Name').fill('Windows');
  await dialog.getByRole('radio', { name: 'Green' }).check({ force: true });
  await dialog.getByRole('checkbox', { name: 'Engineering' }).check({ force: true });
  const summary = dialog.getByTestId('neighbourhood-summary');
  await expect(summary).toHaveText('Windows: Kept for Engineering.');
  await dialog.getByRole('checkbox', { name: 'Tuesday' }).check({ force: true });
  await dialog.getByRole('checkbox', { name: 'Thursday' }).check({ force: true });
  await expect(summary).toHaveText('Windows: Kept for Engineering on Tuesdays and Thursdays.');
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${shots}/neighbourhood-dialog-laptop.png` });
  await dialog.getByRole('button', { name: 'Make neighbourhood' }).click();
  await expect(dialog).toBeHidden();
  const listed = page.getByRole('list', { name: 'Neighbourhoods of this floor' });
  await expect(listed).toContainText('Windows');
  await expect(listed).toContainText('2 desks · Kept for Engineering on Tuesdays and Thursdays');
  await page.screenshot({ path: `${shots}/neighbourhood-editor-laptop.png` });

  await editMode.click();
  await expect(editMode).not.toBeChecked();
  await expectLegibleLabel(page, 'Windows');
  await expect(deskTile(page, 'D01')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: `${shots}/neighbourhood-map-laptop.png` });

  await page.setViewportSize(phone);
  await page.reload();
  await expectLegibleLabel(page, 'Windows');
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${shots}/neighbourhood-map-phone.png` });

  // The list view: one tap shows my team's neighbourhood only.
  await page.getByRole('tab', { name: 'List' }).click();
  await page.getByRole('button', { name: 'My team’s neighbourhood' }).click();
  await expect(page.getByRole('status').filter({ hasText: /of 4 desks/ })).toHaveText('2 of 4 desks');
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${shots}/neighbourhood-list-phone.png` });
});

test('Book Desk tells someone outside the team that the desk is kept for it before they send anything', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(laptop);
  const admin = newPerson('Olga', 'Admin');
  const { organizationId, floorId } = await createOrganizationThroughApi(page, admin, 'Kept Office', { desks: 2 });
  const outsiderContext = await browser.newContext({ viewport: laptop });
  const outsiderPage = await inviteAndJoinThroughApi(
    page,
    outsiderContext,
    newPerson('Omar', 'Outside'),
    'Kept Office',
  );
  const teamId = await makeTeam(page, organizationId, 'Engineering', []);
  const desks = await apiAs(page)<Array<{ id: string; name: string }>>('GET', `/api/floors/${floorId}/desks`);
  await apiAs(page)('POST', `/api/floors/${floorId}/neighbourhoods`, {
    name: 'Quiet corner',
    colour: '#9333ea',
    deskIds: desks.filter((desk) => desk.name === 'D01').map((desk) => desk.id),
    teamIds: [teamId],
  });

  for (const [size, viewport] of [
    ['laptop', laptop],
    ['phone', phone],
  ] as const) {
    await outsiderPage.setViewportSize(viewport);
    await outsiderPage.goto('/');
    await expectLegibleLabel(outsiderPage, 'Quiet corner');
    await deskTile(outsiderPage, 'D01').click();
    const dialog = outsiderPage.getByRole('dialog', { name: 'Book Desk D01' });
    await expect(dialog.getByText('D01 is kept for Engineering')).toBeVisible();
    // The date is the problem, before anything is sent: the form says so there and sends nothing.
    await expect(dialog.getByLabel('Date')).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousAxeViolations(outsiderPage);
    await outsiderPage.screenshot({ path: `${shots}/book-desk-kept-${size}.png` });
    await outsiderPage.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  await outsiderContext.close();
});

test('Book Desk explains the neighbourhood for the member an admin books for, judged by that member’s teams', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(laptop);
  const admin = newPerson('Olga', 'Admin');
  const omar = newPerson('Omar', 'Outside');
  const ina = newPerson('Ina', 'Inside');
  const { organizationId, floorId } = await createOrganizationThroughApi(page, admin, 'Behalf Office', { desks: 2 });
  for (const person of [omar, ina]) {
    await (await inviteAndJoinThroughApi(page, await browser.newContext({ viewport: laptop }), person, 'Behalf Office'))
      .context()
      .close();
  }
  const call = apiAs(page);
  // Admins are not exempt here: the rule is judged for whoever the booking is for.
  await call('PUT', `/api/organizations/${organizationId}/booking-rules`, { adminsExempt: false });
  const members = await call<Array<{ userId: string; user: { firstName: string } }>>(
    'GET',
    `/api/organizations/${organizationId}/members`,
  );
  const idOf = (firstName: string) => members.find((member) => member.user.firstName === firstName)?.userId ?? '';
  const teamId = await makeTeam(page, organizationId, 'Engineering', [idOf('Olga'), idOf('Ina')]);
  const desks = await call<Array<{ id: string; name: string }>>('GET', `/api/floors/${floorId}/desks`);
  await call('POST', `/api/floors/${floorId}/neighbourhoods`, {
    name: 'Quiet corner',
    colour: '#9333ea',
    deskIds: desks.filter((desk) => desk.name === 'D01').map((desk) => desk.id),
    teamIds: [teamId],
  });

  await page.goto('/');
  await deskTile(page, 'D01').click();
  const dialog = page.getByRole('dialog', { name: 'Book Desk D01' });
  const kept = dialog.getByText('D01 is kept for Engineering');
  const bookFor = dialog.getByRole('combobox', { name: 'Book for' });
  const choose = async (person: typeof omar) => {
    await bookFor.fill(person.firstName);
    await dialog.getByRole('option', { name: `${fullName(person)} ${person.email}` }).click();
    await expect(bookFor).toHaveValue(fullName(person));
  };
  // Olga is in Engineering: nothing to explain for her own booking.
  await expect(dialog.getByRole('radio', { name: /^Full day/ })).toBeEnabled();
  await expect(kept).toHaveCount(0);
  // Omar is not: the form says so before anything is sent.
  await choose(omar);
  await expect(kept).toBeVisible();
  await expect(dialog.getByLabel('Date')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${shots}/book-desk-kept-for-someone-laptop.png` });
  // Ina is: the date is fine again.
  await choose(ina);
  await expect(kept).toHaveCount(0);
  await expect(dialog.getByLabel('Date')).not.toHaveAttribute('aria-invalid', 'true');
});
