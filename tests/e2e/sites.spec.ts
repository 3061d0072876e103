import { expect, type Locator, type Page, test } from '@playwright/test';
import { addDays } from '#domain/dates.ts';
import {
  apiAs,
  createOrganizationThroughApi,
  dashboardDate,
  expectNoSeriousAxeViolations,
  firstFloorOf,
  inviteAndJoinThroughApi,
  laptop,
  newPerson,
  phone,
  screenshotDirFor,
  sidebarItem,
  signUpThroughApi,
} from './support.ts';

// The browser says London: the organization's first site, made with it, is in Europe/London.
test.use({ timezoneId: 'Europe/London' });

const shots = screenshotDirFor('sites');
const localTime = /\d\d:\d\d now/;

/** Chooses a zone in the picker by typing part of its name, as a person would, and taking the first match. */
async function chooseTimeZone(scope: Locator | Page, label: string, query: string, zone: string) {
  const picker = scope.getByRole('combobox', { name: label });
  await picker.click();
  await picker.fill(query);
  const option = scope.getByRole('option', { name: new RegExp(`^${zone}`) });
  await expect(option).toBeVisible();
  await expect(option).toContainText(localTime);
  await expect(option).toContainText(/UTC[+−±]\d\d:\d\d/);
  await picker.press('Enter');
  await expect(picker).toHaveValue(zone);
}

/** Whether the element lies within the viewport's width: nothing cut off at the sides on a phone. */
async function fitsWidth(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

test('an admin adds a Tokyo site, changes the first site’s zone after seeing how many bookings move, and cannot delete a site with floors', async ({
  page,
  browser,
}) => {
  // Two screen sizes, four axe scans and a member who joins: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  await page.setViewportSize(laptop);
  const { organizationId } = await createOrganizationThroughApi(page, newPerson('Aiko', 'Mori'), 'Harbour Works', {
    desks: 1,
    workingDays: [1, 2, 3, 4, 5],
  });
  const today = await dashboardDate(page);
  const { desks } = await firstFloorOf(page);
  for (const date of [addDays(today, 1), addDays(today, 2)]) {
    await apiAs(page)('POST', '/api/bookings', {
      organizationId,
      deskId: desks[0]?.id,
      bookingDate: date,
      timeSlot: 'full-day',
    });
  }

  await sidebarItem(page, 'Sites').click();
  const dialog = page.getByRole('dialog', { name: 'Sites' });
  const sites = dialog.getByRole('list', { name: 'Sites' });
  const mainOffice = sites.getByRole('listitem').filter({ hasText: 'Main office' });
  await expect(mainOffice).toContainText(/Europe\/London · \d\d:\d\d now/);
  await expect(mainOffice).toContainText('09:00–13:00–18:00, Monday to Friday');
  await expect(mainOffice).toContainText('1 floor');

  // A site with floors is not deleted: Delete says why.
  await mainOffice.getByRole('button', { name: 'Delete Main office' }).click();
  await expect(mainOffice.getByRole('alert')).toHaveText(
    'Main office still has 1 floor: move or delete it before deleting the site.',
  );
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // Add site: the name has the focus; the zone is found by typing "tokyo".
  await dialog.getByRole('button', { name: 'Add site' }).click();
  await expect(dialog.getByLabel('Site name')).toBeFocused();
  await dialog.getByLabel('Site name').fill('Tokyo office');
  await dialog.getByLabel('Address (optional)').fill('1-1 Marunouchi, Chiyoda, Tokyo');
  await expect(dialog.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/London');
  await chooseTimeZone(dialog, 'Time zone', 'tokyo', 'Asia/Tokyo');
  await dialog.getByLabel('Day starts').fill('08:00');
  // Hours out of order: the schema's sentence, next to the field, before anything is sent.
  await dialog.getByLabel('Midday').fill('07:00');
  await dialog.getByLabel('Day ends').fill('17:00');
  // The checkboxes are visually hidden inside their day chips: a person clicks the chip.
  await dialog.getByText('Sat', { exact: true }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Saturday' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Add site' }).click();
  await expect(
    dialog.getByText('The day must start before midday, and midday come before the end of the day'),
  ).toBeVisible();
  await expect(dialog.getByLabel('Midday')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Midday').fill('12:00');
  await dialog.getByRole('combobox', { name: 'Time zone' }).click();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${shots}/sites-form-laptop.png` });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Add site' }).click();
  await expect(page.getByText('Site added', { exact: true })).toBeVisible();

  const tokyo = sites.getByRole('listitem').filter({ hasText: 'Tokyo office' });
  await expect(tokyo).toContainText(/Asia\/Tokyo · \d\d:\d\d now/);
  await expect(tokyo).toContainText('08:00–12:00–17:00, Monday to Saturday');
  await expect(tokyo).toContainText('0 floors');
  await expect(tokyo.getByRole('button', { name: 'Edit Tokyo office' })).toBeFocused();
  await page.screenshot({ path: `${shots}/sites-list-laptop.png` });

  // A new zone for the first site moves its upcoming bookings' times: the confirmation says how many.
  await mainOffice.getByRole('button', { name: 'Edit Main office' }).click();
  await chooseTimeZone(dialog, 'Time zone', 'new york', 'America/New_York');
  await dialog.getByRole('button', { name: 'Save site' }).click();
  const confirmation = page.getByRole('alertdialog', { name: 'Change the times of Main office?' });
  await expect(confirmation).toContainText(
    '2 upcoming bookings of 1 person will show the new times. Their owner gets one e-mail.',
  );
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${shots}/sites-confirmation-laptop.png` });
  await confirmation.getByRole('button', { name: 'Change times' }).click();
  await expect(page.getByText('Site saved', { exact: true })).toBeVisible();
  await expect(mainOffice).toContainText(/America\/New_York · \d\d:\d\d now/);

  // A new name alone moves no times: saved at once.
  await tokyo.getByRole('button', { name: 'Edit Tokyo office' }).click();
  await dialog.getByLabel('Site name').fill('Tokyo Marunouchi');
  await dialog.getByRole('button', { name: 'Save site' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  const marunouchi = sites.getByRole('listitem').filter({ hasText: 'Tokyo Marunouchi' });
  await expect(marunouchi).toBeVisible();
  await expect(marunouchi.getByRole('button', { name: 'Edit Tokyo Marunouchi' })).toBeFocused();

  // On a phone: the list, the form and the open picker fit the screen.
  await page.setViewportSize(phone);
  await expect(mainOffice).toBeVisible();
  expect(await fitsWidth(page, dialog)).toBe(true);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${shots}/sites-list-phone.png` });
  await marunouchi.getByRole('button', { name: 'Edit Tokyo Marunouchi' }).click();
  await expect(dialog.getByLabel('Day ends')).toHaveValue('17:00');
  await page.screenshot({ path: `${shots}/sites-form-phone.png` });
  const picker = dialog.getByRole('combobox', { name: 'Time zone' });
  // Opened, the list starts at the chosen zone, ticked; typing narrows it.
  await picker.click();
  await expect(dialog.getByRole('option').first()).toContainText('Asia/Tokyo');
  await picker.fill('america');
  await expect(dialog.getByRole('option').first()).toBeVisible();
  expect(await fitsWidth(page, dialog.getByRole('listbox'))).toBe(true);
  await page.screenshot({ path: `${shots}/sites-picker-phone.png` });
  await picker.press('Escape');
  await dialog.getByRole('button', { name: 'Save site' }).scrollIntoViewIfNeeded();
  await expect(dialog.getByRole('button', { name: 'Save site' })).toBeInViewport();
  expect(await fitsWidth(page, dialog.getByText('Sun', { exact: true }))).toBe(true);
  await page.screenshot({ path: `${shots}/sites-form-phone-bottom.png` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A site without floors can be deleted.
  await marunouchi.getByRole('button', { name: 'Delete Tokyo Marunouchi' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete Tokyo Marunouchi?' })
    .getByRole('button', { name: 'Delete site' })
    .click();
  await expect(page.getByText('Site deleted', { exact: true })).toBeVisible();
  await expect(marunouchi).toHaveCount(0);

  // Members have no Sites item.
  const memberContext = await browser.newContext({ viewport: laptop, timezoneId: 'Europe/London' });
  const memberPage = await inviteAndJoinThroughApi(page, memberContext, newPerson('Ren', 'Ito'), 'Harbour Works');
  await expect(sidebarItem(memberPage, 'My Bookings')).toBeVisible();
  await expect(sidebarItem(memberPage, 'Sites')).toHaveCount(0);
  await memberContext.close();
});

test('the organization’s creator sees the time zone it will use, taken from the browser, and chooses another', async ({
  page,
}) => {
  await signUpThroughApi(page, newPerson('Ines', 'Duarte'));
  for (const viewport of [phone, laptop]) {
    await page.setViewportSize(viewport);
    await page.goto('/setup');
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await expect(zone).toHaveValue('Europe/London');
    await expect(
      page.getByText('Bookings, check-in and reminders follow this zone. You can add sites in other zones later.'),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: `${shots}/setup-${viewport === phone ? 'phone' : 'laptop'}.png`, fullPage: true });
  }
  await page.getByLabel('Organization name').fill('Kaizen Labs');
  // Slugs are unique across the server, which lives for the whole run (--repeat-each included).
  const slug = page.getByLabel('Slug');
  await slug.fill(`${await slug.inputValue()}-${Date.now().toString(36)}`);
  await chooseTimeZone(page, 'Time zone', 'tokyo', 'Asia/Tokyo');
  await page.screenshot({ path: `${shots}/setup-zone-chosen-laptop.png` });
  await page.getByRole('button', { name: 'Create Organization' }).click();
  await expect(page.getByRole('heading', { name: 'Kaizen Labs' })).toBeVisible();
  const organizations = await apiAs(page)<Array<{ name: string; timeZone: string }>>('GET', '/api/organizations');
  expect(organizations.find((organization) => organization.name === 'Kaizen Labs')?.timeZone).toBe('Asia/Tokyo');
});
