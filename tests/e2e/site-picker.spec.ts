import { expect, type Page, test } from '@playwright/test';
import { formatLongDate, todayIn } from '#domain/dates.ts';
import { isWorkingDay, workingDaysFrom } from '#domain/sites.ts';
import {
  apiAs,
  chooseSlot,
  createOrganizationThroughApi,
  dashboardDate,
  deskTile,
  expectNoSeriousAxeViolations,
  inviteAndJoinThroughApi,
  laptop,
  newPerson,
  phone,
  screenshotDirFor,
  sidebarItem,
} from './support.ts';

const shots = screenshotDirFor('site-picker');

// Issue 28: an organization with an office in the browser's zone and one in Tokyo (other hours: 08:00–12:00–17:00).
// A member picks Tokyo above the floor picker: its floor, its today and its slot times follow, beside the member's own
// clock where it differs; the choice is their home site, so it is there again after a reload.

const tokyoHours = { dayStart: '08:00', midday: '12:00', dayEnd: '17:00' };

interface Office {
  organizationId: string;
  tokyoSiteId: string;
}

async function setUpTwoSites(page: Page, organizationName: string): Promise<Office> {
  const admin = newPerson('Sana', 'Sites');
  const { organizationId } = await createOrganizationThroughApi(page, admin, organizationName);
  // One site: the dashboard looks as it always has, with no site picker.
  await expect(page.getByLabel('Floor', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Site', { exact: true })).toHaveCount(0);
  const call = apiAs(page);
  const tokyo = await call<{ id: string }>('POST', `/api/organizations/${organizationId}/sites`, {
    name: 'Tokyo',
    timeZone: 'Asia/Tokyo',
    ...tokyoHours,
  });
  const floor = await call<{ id: string }>('POST', `/api/organizations/${organizationId}/floors`, {
    name: 'Shibuya 12F',
    siteId: tokyo.id,
  });
  await call('POST', `/api/organizations/${organizationId}/desks`, {
    name: 'T01',
    positionX: 200,
    positionY: 200,
    floorId: floor.id,
  });
  return { organizationId, tokyoSiteId: tokyo.id };
}

/** Tokyo's next day a member may book: today there when it is a working day. */
function tokyoBookingDate(): string {
  const today = todayIn('Asia/Tokyo');
  const clock = { workingDays: [1, 2, 3, 4, 5] };
  return isWorkingDay(clock, today) ? today : (workingDaysFrom(clock, today, 1)[0] as string);
}

test('a member switches to the Tokyo site: its floor, its today and its hours, beside their own clock; the choice is kept after a reload; laptop and phone, axe clean', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(laptop);
  const organizationName = 'Two Sites Co';
  const office = await setUpTwoSites(page, organizationName);
  const memberContext = await browser.newContext({ viewport: laptop });
  const member = await inviteAndJoinThroughApi(page, memberContext, newPerson('Kenji', 'Member'), organizationName);
  const viewerZone = await member.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);

  const sitePicker = member.getByLabel('Site', { exact: true });
  await expect(sitePicker).toBeVisible();
  await expect(sitePicker.getByRole('option')).toHaveCount(2);
  // Each site with its local time.
  await expect(sitePicker.getByRole('option', { name: /^Tokyo · \d{1,2}:\d{2} [AP]M$/ })).toHaveCount(1);

  await sitePicker.selectOption(office.tokyoSiteId);
  const floorPicker = member.getByLabel('Floor', { exact: true });
  await expect(floorPicker).toHaveValue(/.+/);
  await expect(floorPicker.getByRole('option')).toHaveText(['Shibuya 12F']);
  await expect(member.getByText('Tokyo time · 8:00 AM – 5:00 PM, Monday to Friday')).toBeVisible();
  await expect(member.getByRole('heading', { name: `${organizationName} · Tokyo` })).toBeVisible();
  expect(await dashboardDate(member)).toBe(todayIn('Asia/Tokyo'));

  // Who's in today is about Tokyo's day.
  await member.getByRole('button', { name: "Who's in today?" }).click();
  const roster = member.getByRole('dialog', { name: "Who's in today?" });
  await expect(roster).toContainText(`Tokyo · ${formatLongDate(todayIn('Asia/Tokyo'))}`);
  await member.keyboard.press('Escape');
  await expect(roster).toBeHidden();

  // Book Desk shows Tokyo's hours; a member gets Tokyo's next working day.
  await deskTile(member, 'T01').click();
  const dialog = member.getByRole('dialog', { name: 'Book Desk T01' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Date')).toHaveValue(tokyoBookingDate());
  await expect(dialog.getByRole('radio', { name: /^Morning 8:00 AM – 12:00 PM/ })).toBeAttached();
  await expect(dialog.getByRole('radio', { name: /^Afternoon 12:00 PM – 5:00 PM/ })).toBeAttached();
  await expect(dialog.getByRole('radio', { name: /^Full day 8:00 AM – 5:00 PM/ })).toBeAttached();
  if (viewerZone !== 'Asia/Tokyo') {
    await expect(dialog.getByText('Times are Tokyo time, where the desk is.')).toBeVisible();
    await expect(dialog.getByText(/your time/).first()).toBeVisible();
  }
  await expect(dialog.getByText('Available').first()).toBeVisible();
  await expectNoSeriousAxeViolations(member);
  await member.screenshot({ path: `${shots}/book-desk-tokyo-laptop.png` });
  await chooseSlot(dialog, 'Morning');
  await dialog.getByRole('button', { name: 'Book Desk' }).click();
  await expect(dialog).toBeHidden();
  await expectNoSeriousAxeViolations(member);
  await member.screenshot({ path: `${shots}/site-picker-laptop.png` });

  // My Bookings: the booking's times are its site's, with the member's own beside them where the clocks differ.
  await sidebarItem(member, 'My Bookings').click();
  const myBookings = member.getByRole('dialog', { name: 'My Bookings' });
  const row = myBookings.getByRole('listitem').filter({ hasText: 'T01' });
  await expect(row).toContainText(
    viewerZone === 'Asia/Tokyo'
      ? 'morning (8:00 AM – 12:00 PM)'
      : /morning \(08:00–12:00 Tokyo time, \d\d:\d\d–\d\d:\d\d your time\)/,
  );
  await expectNoSeriousAxeViolations(member);
  await member.screenshot({ path: `${shots}/my-bookings-laptop.png` });
  await member.keyboard.press('Escape');
  await expect(myBookings).toBeHidden();

  // The choice is the member's home site: a reload (or another device) opens on Tokyo.
  await member.reload();
  await expect(sitePicker).toHaveValue(office.tokyoSiteId);
  await expect(floorPicker.getByRole('option')).toHaveText(['Shibuya 12F']);
  await expect(deskTile(member, 'T01')).toBeVisible();

  // On a phone: the menu holds the site picker above the floor picker; the list is the default view.
  await member.setViewportSize(phone);
  await member.reload();
  await member.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(sitePicker).toHaveValue(office.tokyoSiteId);
  const siteBox = await sitePicker.boundingBox();
  const floorBox = await floorPicker.boundingBox();
  expect(siteBox && floorBox && siteBox.y < floorBox.y).toBe(true);
  expect(siteBox && siteBox.x + siteBox.width <= phone.width).toBe(true);
  await expectNoSeriousAxeViolations(member);
  await member.screenshot({ path: `${shots}/site-picker-phone.png` });
  await member.getByRole('button', { name: 'Book desk T01' }).click();
  const phoneDialog = member.getByRole('dialog', { name: 'Book Desk T01' });
  await expect(phoneDialog.getByRole('radio', { name: /^Morning 8:00 AM – 12:00 PM/ })).toBeAttached();
  await expect(phoneDialog.getByText('Available').first()).toBeVisible();
  await expectNoSeriousAxeViolations(member);
  await member.screenshot({ path: `${shots}/book-desk-tokyo-phone.png` });
  await memberContext.close();
});
