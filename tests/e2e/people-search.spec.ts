import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  apiAs,
  chooseSlot,
  createOrganizationThroughApi,
  dashboardDate,
  deskTile,
  expectNoSeriousAxeViolations,
  fullName,
  laptop,
  linkFromOutbox,
  newPerson,
  type Person,
  phone,
  uniqueEmail,
} from './support.ts';

/** The people join through the API with their mailed invitations, in `request`'s cookie jar (not the admin's). */
async function joinThroughApi(page: Page, request: APIRequestContext, organizationId: string, people: Person[]) {
  await apiAs(page)('POST', `/api/organizations/${organizationId}/invite`, { emails: people.map((p) => p.email) });
  const origin = new URL(page.url()).origin;
  for (const person of people) {
    const token = new URL(await linkFromOutbox(person.email, '/signup?token=')).searchParams.get('token');
    const { email: _email, ...details } = person;
    const response = await request.post(`${origin}/api/signup-with-invitation`, {
      headers: { origin },
      data: { token, ...details },
    });
    expect(response.ok(), await response.text()).toBe(true);
  }
}

/** 2,000 more members than the organization has, added to the members list the browser reads. */
function withBulkMembers(members: unknown[]): unknown[] {
  const bulk = Array.from({ length: 2000 }, (_, index) => {
    const id = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
    return {
      userId: id,
      role: 'member',
      createdAt: '2026-01-01T00:00:00.000Z',
      user: {
        id,
        firstName: 'Staff',
        lastName: `Number ${index + 1}`,
        email: `staff${index + 1}@bulk.example`,
        profileImageUrl: null,
      },
    };
  });
  return [...members, ...bulk];
}

test('an admin finds a member for Book for by an accent-less fragment and the keyboard, and Who’s in today filters the same way', async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize(laptop);
  // The admin is Zoë, who has a desk today too; José joins. Their addresses are plain: the accents are in the names.
  const zoe = { ...newPerson('Zoë', 'Park'), email: uniqueEmail('zoe') };
  const jose = { ...newPerson('José', 'Álvarez'), email: uniqueEmail('jose') };
  // The browser is shown a team of 2,000 more: the list stays short and says how many more there are. Set before the
  // dashboard first loads: it reads the members at once (the first-run checklist asks whether anyone was invited).
  await page.route('**/api/organizations/*/members', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: withBulkMembers(await response.json()) });
  });
  const { organizationId, floorId } = await createOrganizationThroughApi(page, zoe, 'Café Łódź', { desks: 2 });
  await joinThroughApi(page, request, organizationId, [jose]);
  const desks = await apiAs(page)<Array<{ id: string; name: string }>>('GET', `/api/floors/${floorId}/desks`);
  await apiAs(page)('POST', '/api/bookings', {
    organizationId,
    deskId: desks.find((desk) => desk.name === 'D02')?.id,
    bookingDate: await dashboardDate(page),
    timeSlot: 'full-day',
  });

  // No reload: booking D01 refreshes the day's bookings, Zoë's too.
  await deskTile(page, 'D01').click();
  const dialog = page.getByRole('dialog', { name: 'Book Desk D01' });
  const bookFor = dialog.getByRole('combobox', { name: 'Book for' });
  await expect(bookFor).toHaveValue('Myself');
  await expect(bookFor).toBeEnabled();
  // With nothing to close or clear, Escape in the field closes the dialog as anywhere else in it.
  await bookFor.focus();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await deskTile(page, 'D01').click();
  await bookFor.focus();
  await page.keyboard.press('ArrowDown');
  await expect(bookFor).toHaveAttribute('aria-expanded', 'true');
  const options = dialog.getByRole('option');
  await expect(options).toHaveCount(50);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByText('1,952 more, keep typing')).toBeVisible();
  await page.keyboard.press('End');
  await expect(bookFor).toHaveAttribute('aria-activedescendant', (await options.last().getAttribute('id')) ?? '');

  // Escape closes the list, not the dialog.
  await page.keyboard.press('Escape');
  await expect(bookFor).toHaveAttribute('aria-expanded', 'false');
  await expect(dialog).toBeVisible();

  // Accents aside and words in any order: "alvarez jo" finds José Álvarez, active at once; Enter takes him.
  await bookFor.pressSequentially('alvarez jo');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toHaveAccessibleName(`${fullName(jose)} ${jose.email}`);
  await expect(bookFor).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id')) ?? '');
  await expect(dialog.getByRole('status').filter({ hasText: '1 match' })).toBeAttached();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('book-for-open-1440.png') });
  await page.keyboard.press('Enter');
  await expect(bookFor).toHaveAttribute('aria-expanded', 'false');
  await expect(bookFor).toHaveValue(fullName(jose));
  await expect(dialog.getByText(`The booking is ${fullName(jose)}'s`)).toBeVisible();
  // Escape on the closed field gives the choice back to Myself; typing finds him again.
  await page.keyboard.press('Escape');
  await expect(bookFor).toHaveValue('Myself');
  await expect(dialog).toBeVisible();
  await bookFor.pressSequentially('jose');
  await page.keyboard.press('Enter');
  await expect(bookFor).toHaveValue(fullName(jose));
  await chooseSlot(dialog, 'Full day');
  await dialog.getByRole('button', { name: 'Book Desk' }).click();
  await expect(page.getByText(`Desk D01 booked for ${fullName(jose)}`, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // Who's in today: the same search, on a phone.
  await page.setViewportSize(phone);
  await page.getByRole('banner').getByRole('button', { name: "Who's in today?" }).click();
  const roster = page.getByRole('dialog', { name: "Who's in today?" });
  const people = roster.getByRole('listitem');
  await expect(people).toHaveCount(2);
  const find = roster.getByRole('searchbox', { name: 'Find a person' });
  await find.fill('ZOE');
  await expect(people).toHaveCount(1);
  await expect(people.first()).toContainText(fullName(zoe));
  await expect(roster.getByText('1 of 2 people')).toBeVisible();
  await find.fill('jose nobody');
  await expect(people).toHaveCount(0);
  await expect(roster.getByText('Nobody in today matches “jose nobody”.')).toBeVisible();
  await find.fill('álvarez');
  await expect(people).toHaveCount(1);
  await expect(people.first()).toContainText(fullName(jose));
  const box = await roster.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= phone.width).toBe(true);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('whos-in-search-390.png') });
  // Escape empties the search first, then closes the dialog.
  await page.keyboard.press('Escape');
  await expect(find).toHaveValue('');
  await expect(people).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(roster).toBeHidden();
});
