import fs from 'node:fs';
import { expect, type Locator, test } from '@playwright/test';
import {
  createOrganizationThroughApi,
  expectNoSeriousAxeViolations,
  floorPlanPng,
  inviteAndJoinThroughApi,
  laptop,
  newPerson,
  phone,
  screenshotDirFor,
  uniqueEmail,
} from './support.ts';

const shots = screenshotDirFor('first-run');

/** A step of the checklist: its button, named by the step and whether it is done. */
const step = (checklist: Locator, label: string) => checklist.getByRole('button', { name: new RegExp(`^${label}`) });
const expectDone = (checklist: Locator, label: string) =>
  expect(step(checklist, label)).toHaveAccessibleName(new RegExp(`^${label}, done`));

test('a new admin is led through uploading the plan, placing desks, inviting the team and setting the rules; each ticks as it is done, and the checklist goes; a member never sees it', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  fs.mkdirSync(shots, { recursive: true });
  const context = await browser.newContext({ viewport: laptop, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await createOrganizationThroughApi(page, newPerson('Ines', 'Okoro'), 'First Light Studio');
  const checklist = page.getByRole('region', { name: /^First steps/ });
  await expect(checklist).toContainText('0 of 4 done');
  await expect(checklist.getByRole('listitem')).toHaveCount(4);
  for (const label of ['Upload the plan', 'Place desks', 'Invite the team', 'Set the rules']) {
    await expect(step(checklist, label)).toHaveAccessibleName(new RegExp(`^${label}, to do`));
  }
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${shots}/first-run-desktop.png` });

  // Invite the team: Team Management opens at its invite form.
  await step(checklist, 'Invite the team').click();
  const team = page.getByRole('dialog', { name: 'Team Management' });
  await expect(team.getByLabel('Email addresses')).toBeFocused();
  await page.keyboard.type(uniqueEmail('colleague'));
  await team.getByRole('button', { name: 'Send invitations' }).click();
  await expect(page.getByText('Invitations sent').first()).toBeVisible();
  // (While the dialog is open the page behind it is hidden from assistive technology, the checklist too.)
  await team.getByRole('button', { name: 'Close', exact: true }).click();
  await expectDone(checklist, 'Invite the team');

  // A member who joins meanwhile has no checklist, and is told who can upload the plan.
  const memberContext = await browser.newContext({ viewport: laptop });
  const memberPage = await inviteAndJoinThroughApi(
    page,
    memberContext,
    newPerson('Tom', 'Member'),
    'First Light Studio',
  );
  await expect(memberPage.getByText('Your admin has not uploaded a floor plan yet.')).toBeVisible();
  await expect(memberPage.getByRole('region', { name: /^First steps/ })).toHaveCount(0);
  await memberPage.screenshot({ path: `${shots}/first-run-member.png` });
  await memberContext.close();

  // Upload the plan: Edit Mode turns on and Upload Floor Plan has the focus.
  await step(checklist, 'Upload the plan').click();
  await expect(page.getByRole('switch', { name: 'Edit Mode' })).toBeChecked();
  const upload = page.getByRole('button', { name: 'Upload Floor Plan' });
  await expect(upload).toBeFocused();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'studio.png', mimeType: 'image/png', buffer: floorPlanPng() });
  await expectDone(checklist, 'Upload the plan');

  // Place desks: the editor's Add desk has the focus, and a hint says to click the plan.
  await step(checklist, 'Place desks').click();
  await expect(page.getByRole('button', { name: 'Add desk' })).toBeFocused();
  await expect(checklist.getByText('Click the plan to add a desk.')).toBeVisible();
  await page.screenshot({ path: `${shots}/first-run-desktop-editing.png` });
  await page.getByRole('region', { name: 'Floor 1 canvas' }).click({ position: { x: 300, y: 200 } });
  await expect(page.getByText('New desk added successfully!').first()).toBeVisible();
  await expectDone(checklist, 'Place desks');
  await expect(checklist).toContainText('3 of 4 done');
  await expect(checklist.getByText('Click the plan to add a desk.')).toHaveCount(0);

  // Set the rules opens the booking rules.
  await step(checklist, 'Set the rules').click();
  const rules = page.getByRole('dialog', { name: 'Booking rules' });
  await expect(rules.getByRole('button', { name: 'Save rules' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(rules).toBeHidden();

  // On a phone the checklist folds to one line above the map; its button opens the steps.
  await page.setViewportSize(phone);
  await expect(step(checklist, 'Set the rules')).toBeHidden();
  await page.screenshot({ path: `${shots}/first-run-phone-folded.png` });
  await checklist.getByRole('button', { name: 'Show the steps' }).click();
  await expect(step(checklist, 'Set the rules')).toBeVisible();
  const fitsThePhone = () =>
    page.evaluate(() => {
      const browserWindow = globalThis as any;
      return browserWindow.document.scrollingElement.scrollWidth <= browserWindow.innerWidth;
    });
  expect(await fitsThePhone()).toBe(true);
  await page.screenshot({ path: `${shots}/first-run-phone-open.png` });

  // Hidden, it stays hidden after a reload.
  await checklist.getByRole('button', { name: 'Hide checklist' }).click();
  await expect(checklist).toHaveCount(0);
  await page.setViewportSize(laptop);
  await page.reload();
  // The floor's desks are read after its floors: by then the checklist's own reads (in parallel) are in.
  await expect(page.getByText('1 desk', { exact: true })).toBeVisible();
  await expect(checklist).toHaveCount(0);

  // The rules saved as they are, from the sidebar, complete it: shown again (the mark cleared), there is nothing left.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Booking rules' }).click();
  await rules.getByRole('button', { name: 'Save rules' }).click();
  await expect(rules).toBeHidden();
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.endsWith(':hidden')) localStorage.removeItem(key);
  });
  await page.reload();
  await expect(page.getByText('1 desk', { exact: true })).toBeVisible();
  // Read once more and found complete, it is recorded as such and not read again on later visits.
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).some((key) => key.endsWith(':completed'))))
    .toBe(true);
  await expect(checklist).toHaveCount(0);
  await context.close();
});
