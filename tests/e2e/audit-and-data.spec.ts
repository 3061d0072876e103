import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  apiAs,
  createOrganizationThroughApi,
  expectNoSeriousAxeViolations,
  floorPlanPng,
  fullName,
  inviteAndJoinThroughApi,
  laptop,
  newPerson,
  phone,
  screenshotDirFor,
} from './support.ts';

const shots = screenshotDirFor('audit-and-data');

test('an admin reads the Audit Log: a desk, a floor plan, an invitation and a role change, filtered and exported', async ({
  page,
  browser,
}) => {
  const organizationName = 'Harbour Lights';
  const admin = newPerson('Ana', 'Lopez');
  const sam = newPerson('Sam', 'Lee');
  await page.setViewportSize(laptop);
  // Desk D01 made and a floor plan uploaded through the API, then the invitation and the role change.
  const { floorId } = await createOrganizationThroughApi(page, admin, organizationName, {
    desks: 1,
    workingDays: [1, 2, 3, 4, 5],
  });
  const api = apiAs(page);
  const origin = new URL(page.url()).origin;
  const upload = await api<{ uploadURL: string }>('POST', '/api/objects/upload', {
    organizationId: (await api<Array<{ id: string }>>('GET', '/api/organizations'))[0]?.id,
  });
  const stored = await page.request.put(upload.uploadURL, {
    headers: { origin, 'content-type': 'image/png' },
    data: floorPlanPng(),
  });
  expect(stored.ok()).toBe(true);
  await api('PUT', `/api/floors/${floorId}/floor-plan`, { floorPlanURL: (await stored.json()).location });
  const samContext = await browser.newContext();
  await inviteAndJoinThroughApi(page, samContext, sam, organizationName);
  await samContext.close();

  // The admin's screen shows what it loaded until Refresh Data.
  await page.getByRole('button', { name: 'Refresh Data' }).click();
  await page.getByRole('button', { name: 'Team Management' }).click();
  const team = page.getByRole('dialog', { name: 'Team Management' });
  await team.getByRole('combobox', { name: `Role of ${fullName(sam)}` }).selectOption('Admin');
  await expect(page.getByText(`${fullName(sam)} is now an admin.`, { exact: true })).toBeVisible();
  await team.getByRole('button', { name: 'Close', exact: true }).click();

  await page.getByRole('button', { name: 'Audit Log' }).click();
  const log = page.getByRole('dialog', { name: 'Audit Log' });
  await expect(log).toContainText(`Administrator actions in ${organizationName}, newest first.`);
  const events = log.getByRole('list', { name: 'Audit events' }).getByRole('listitem');
  await expect(events).toHaveCount(4);
  await expect(events.nth(0)).toContainText('Ana Lopez changed Sam Lee’s role to admin');
  await expect(events.nth(1)).toContainText(`Ana Lopez invited ${sam.email} as a member`);
  await expect(events.nth(2)).toContainText('Ana Lopez uploaded a floor plan for Floor 1');
  await expect(events.nth(3)).toContainText('Ana Lopez created desk D01 on Floor 1');
  // When, in the reader's locale: the year is there, whatever the format.
  await expect(events.nth(0).locator('time')).toHaveAttribute('datetime', /Z$/);
  await expect(events.nth(0).locator('time')).toContainText(String(new Date().getFullYear()));

  // One kind; the export carries the filter.
  await log.getByLabel('Kind').selectOption({ label: 'Desk created' });
  await expect(events).toHaveCount(1);
  await expect(events.nth(0)).toContainText('Ana Lopez created desk D01 on Floor 1');
  await page.screenshot({ path: `${shots}/audit-log-laptop.png` });
  const downloading = page.waitForEvent('download');
  await log.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^harbour-lights-[a-z0-9-]+-audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = fs.readFileSync(await download.path(), 'utf8').split('\r\n');
  expect(rows[0]).toBe(
    '\uFEFFEvent ID,Time (UTC),Kind,Description,Actor name,Actor email,Target type,Target ID,Details',
  );
  expect(rows.slice(1, -1)).toEqual([
    expect.stringContaining(`,desk.created,Ana Lopez created desk D01 on Floor 1,Ana Lopez,${admin.email},desk,`),
  ]);

  // On a phone: a whole group of kinds, and a person with nothing of that kind.
  await page.setViewportSize(phone);
  await log.getByLabel('Kind').selectOption({ label: 'All floor and plan changes' });
  await expect(events).toHaveCount(1);
  await expect(events.nth(0)).toContainText('Ana Lopez uploaded a floor plan for Floor 1');
  await log.getByRole('combobox', { name: 'Person' }).fill('lee sam');
  await log.getByRole('option', { name: new RegExp(fullName(sam)) }).click();
  await expect(log.getByText('No administrator actions match these filters.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${shots}/audit-log-phone.png` });
  await log.getByRole('button', { name: 'Show every action' }).click();
  await expect(events).toHaveCount(4);
  await page.setViewportSize(laptop);

  // Escape closes it and gives focus back to the sidebar.
  await page.keyboard.press('Escape');
  await expect(log).toBeHidden();
  await expect(page.getByRole('button', { name: 'Audit Log' })).toBeFocused();

  // Sam is an admin too now: deleting Ana's account would leave Harbour Lights in place, and the dialog says nothing else.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Delete account' }).click();
  const deletion = page.getByRole('dialog', { name: 'Delete account' });
  await expect(deletion).toContainText('remove you from every organization you belong to');
  await expect(deletion.getByText('Checking your organizations…')).toBeHidden();
  await expect(deletion).not.toContainText('because you are its only member');
  await expect(deletion).not.toContainText('You are the only administrator');
  await deletion.getByRole('button', { name: 'Keep my account' }).click();
  await expect(deletion).toBeHidden();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeFocused();
});

test('a user downloads their data, then deletes their account and its organization of one, ending signed out', async ({
  page,
}) => {
  const organizationName = 'Solo Studio';
  const owner = newPerson('Noor', 'Haddad');
  await createOrganizationThroughApi(page, owner, organizationName);

  await page.getByRole('button', { name: 'Account menu' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^perch-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  expect(data.account).toMatchObject({ email: owner.email, firstName: 'Noor', lastName: 'Haddad' });
  expect(data.memberships).toEqual([expect.objectContaining({ role: 'admin' })]);
  expect(JSON.stringify(data)).not.toMatch(/argon2|password/i);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete account' });
  await expect(dialog).toContainText('cancel all of your bookings');
  await expect(dialog).toContainText(`delete ${organizationName} with all of its floors, desks and bookings`);
  await expectNoSeriousAxeViolations(page);

  const password = dialog.getByLabel('Password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Please enter your password.')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await password.fill('not the password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('That password is not correct. Your account was not deleted.')).toBeVisible();

  await password.fill(owner.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Smart Hot Desk Booking, Made Simple' })).toBeVisible();

  // The account is gone: signing in with it fails.
  await page.goto('/auth');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
});
