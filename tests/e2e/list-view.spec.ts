import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  apiAs,
  createOrganizationThroughApi,
  expectNoSeriousAxeViolations,
  fullName,
  inviteAndJoinThroughApi,
  laptop,
  newPerson,
  type Person,
  phone,
  screenshotDirFor,
} from './support.ts';

const shots = screenshotDirFor('list-view');

// Issue 14: the floor's list view, phones first. Setting up (the invitation) happens on a laptop; the list
// is then used on a 390 x 844 phone, where it is the dashboard's default view.
interface Desk {
  id: string;
  name: string;
}

const deskNames = Array.from({ length: 16 }, (_, index) => `D${String(index + 1).padStart(2, '0')}`);

/** 16 desks D01…D16 on the first floor, created out of order so that the list's own sorting shows. */
async function addSixteenDesks(page: Page): Promise<{ organizationId: string; desks: Desk[] }> {
  const call = apiAs(page);
  const [organization] = await call<Array<{ id: string }>>('GET', '/api/organizations');
  const [floor] = await call<Array<{ id: string }>>('GET', `/api/organizations/${organization!.id}/floors`);
  const desks: Desk[] = [];
  for (const [index, name] of [...deskNames].reverse().entries()) {
    desks.push(
      await call<Desk>('POST', `/api/organizations/${organization!.id}/desks`, {
        name,
        positionX: String((index % 4) * 400 + 40),
        positionY: String(Math.floor(index / 4) * 240 + 40),
        width: '120',
        height: '80',
        floorId: floor!.id,
      }),
    );
  }
  return { organizationId: organization!.id, desks };
}

/** A colleague whose name has accents (the address stays plain ASCII). */
function colleagueWithAccents(): Person {
  return { ...newPerson('Zoe', 'Angstrom'), firstName: 'Zoë', lastName: 'Ångström' };
}

/** The filter radios are visually hidden inside their pills: a person taps the pill. */
async function chooseFilter(page: Page, name: string) {
  const radio = page.getByRole('radio', { name: new RegExp(`^${name} \\d`) });
  await page.locator('label').filter({ has: radio }).click();
  await expect(radio).toBeChecked();
}

async function setUpOffice(page: Page, browser: Browser) {
  await page.setViewportSize(laptop);
  const admin = newPerson('Lina', 'Lister');
  const colleague = colleagueWithAccents();
  await createOrganizationThroughApi(page, admin, 'List Office');
  const { organizationId, desks } = await addSixteenDesks(page);
  const colleagueContext = await browser.newContext({ viewport: laptop });
  const colleaguePage = await inviteAndJoinThroughApi(page, colleagueContext, colleague, 'List Office');
  const today = await colleaguePage.getByLabel('Date', { exact: true }).inputValue();
  // The colleague takes D09's morning.
  await apiAs(colleaguePage)('POST', '/api/bookings', {
    organizationId,
    deskId: desks.find((desk) => desk.name === 'D09')!.id,
    bookingDate: today,
    timeSlot: 'morning',
  });
  await colleagueContext.close();
  return { colleague };
}

test('on a phone the list is the default view: every desk in natural order, no sideways scrolling, a colleague found by name, a desk booked from its row', async ({
  page,
  browser,
}) => {
  const { colleague } = await setUpOffice(page, browser);

  await page.setViewportSize(phone);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'List' })).toHaveAttribute('aria-selected', 'true');
  const list = page.getByRole('list', { name: 'Desks on Floor 1' });
  const rows = list.getByRole('listitem');
  await expect(rows).toHaveCount(16);
  await expect(page.getByRole('status').filter({ hasText: 'of 16 desks' })).toHaveText('16 of 16 desks');
  // Created D16 first, listed D01 first.
  const bookLabels = await list
    .getByRole('button', { name: /^Book desk / })
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
  expect(bookLabels).toEqual(deskNames.map((name) => `Book desk ${name}`));
  // Nothing wider than the phone.
  expect(
    await page.evaluate(() => {
      const window = globalThis as any;
      return window.document.scrollingElement.scrollWidth <= window.innerWidth;
    }),
  ).toBe(true);
  // Taps land: the row's buttons and the filters are at least 40 px tall.
  const d01 = rows.filter({ hasText: 'D01' });
  for (const target of [
    d01.getByRole('button', { name: 'Book desk D01' }),
    d01.getByRole('button', { name: 'Show D01 on the map' }),
    page.locator('label').filter({ has: page.getByRole('radio', { name: /^Free all day/ }) }),
  ]) {
    expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(40);
  }

  // The colleague's desk, found by their name typed without accents; it says who has which part of the day.
  const search = page.getByLabel('Search desks or people');
  await search.fill('zoe angstrom');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('D09');
  await expect(rows.first()).toContainText('Partially booked');
  await expect(rows.first()).toContainText(`Morning: ${fullName(colleague)}`);
  await expect(page.getByRole('status').filter({ hasText: 'of 16 desks' })).toHaveText('1 of 16 desks');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(rows).toHaveCount(16);

  // Book D05 from its row.
  await list.getByRole('button', { name: 'Book desk D05' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Desk D05' });
  await expect(dialog).toBeVisible();
  await dialog.getByText('Full day', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: /^Full day/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Book Desk' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Desk booked successfully!', { exact: true })).toBeVisible();
  // The row now is the user's own: it says You, and its button shows the booking.
  const d05 = rows.filter({ hasText: 'D05' });
  await expect(d05).toContainText('Booked');
  await expect(d05).toContainText('Full day: You');
  await expect(d05.getByRole('button', { name: 'View your booking of D05' })).toHaveText('View');

  // Filters: D05 is taken all day and D09 in the morning.
  await chooseFilter(page, 'Free all day');
  await expect(rows).toHaveCount(14);
  await expect(page.getByRole('status').filter({ hasText: 'of 16 desks' })).toHaveText('14 of 16 desks');
  await chooseFilter(page, 'Free this afternoon');
  await expect(rows).toHaveCount(15);
  await expect(rows.filter({ hasText: 'D09' })).toHaveCount(1);
  await search.fill('nobody here');
  await expect(rows).toHaveCount(0);
  await expect(page.getByText('No desks or people match “nobody here” among desks free this afternoon.')).toBeVisible();
  await page.getByRole('button', { name: 'Show all desks' }).click();
  await expect(rows).toHaveCount(16);
  await expect(page.getByRole('radio', { name: /^All/ })).toBeChecked();

  await page.screenshot({ path: `${shots}/list-view-phone.png`, fullPage: true });
  await expectNoSeriousAxeViolations(page);
});

test('Show on map switches to the map and highlights the desk', async ({ page }) => {
  await page.setViewportSize(laptop);
  await createOrganizationThroughApi(page, newPerson('Mia', 'Mapper'), 'Map Office');
  await addSixteenDesks(page);
  await page.setViewportSize(phone);
  await page.reload();
  await page.getByRole('button', { name: 'Show D12 on the map' }).click();
  await expect(page.getByRole('tab', { name: 'Map' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: /^Desk D12:/ })).toHaveAttribute('data-highlighted', '');
});
