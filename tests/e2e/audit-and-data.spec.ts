import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  createOrganizationThroughApi,
  expectNoSeriousAxeViolations,
  fullName,
  inviteAndJoinThroughApi,
  newPerson,
} from './support.ts';

test('an admin changes a colleague’s role and reads it, with the invitation, in the Audit Log', async ({
  page,
  browser,
}) => {
  const organizationName = 'Harbour Lights';
  const admin = newPerson('Ana', 'Lopez');
  const sam = newPerson('Sam', 'Lee');
  await createOrganizationThroughApi(page, admin, organizationName);
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
  await expect(events).toHaveCount(2);
  await expect(events.nth(0)).toContainText('Ana Lopez changed Sam Lee’s role to admin');
  await expect(events.nth(1)).toContainText(`Ana Lopez invited ${sam.email} as a member`);
  // When, in the reader's locale: the year is there, whatever the format.
  await expect(events.nth(0).locator('time')).toHaveAttribute('datetime', /Z$/);
  await expect(events.nth(0).locator('time')).toContainText(String(new Date().getFullYear()));
  await expectNoSeriousAxeViolations(page);

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
