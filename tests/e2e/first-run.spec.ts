import fs from 'node:fs';
import { expect, type Locator, test } from '@playwright/test';
import {
  createOrganizationThroughApi,
  expectNoSeriousAxeViolations,
  floorPlanPng,
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

// A member's view (no checklist, and who to ask for a plan) is in analytics.spec.ts's member test, which has one.
test('a new admin is led through inviting the team, uploading the plan, placing desks and setting the rules; each ticks as it is done, Hide checklist hides it, and it goes when all are done', async ({
  browser,
}) => {
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

  // Upload the plan: Edit Mode turns on and Upload Floor Plan has the focus. (Playwright starts intercepting file
  // choosers when asked to wait for one, asynchronously: a key press sent at once could overtake it, so it waits
  // from before the step is clicked.)
  const chooser = page.waitForEvent('filechooser');
  await step(checklist, 'Upload the plan').click();
  await expect(page.getByRole('switch', { name: 'Edit Mode' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Upload Floor Plan' })).toBeFocused();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'studio.png', mimeType: 'image/png', buffer: floorPlanPng() });
  await expectDone(checklist, 'Upload the plan');

  // Place desks: the editor's Add desk has the focus, and a hint says to click the plan.
  await step(checklist, 'Place desks').click();
  await expect(page.getByRole('button', { name: 'Add desk' })).toBeFocused();
  await expect(checklist.getByText('Click the plan to add a desk.')).toBeVisible();
  await page.getByRole('region', { name: 'Floor 1 canvas' }).click({ position: { x: 300, y: 200 } });
  await expectDone(checklist, 'Place desks');
  await expect(checklist).toContainText('3 of 4 done');
  await expect(checklist.getByText('Click the plan to add a desk.')).toHaveCount(0);

  // Set the rules opens the booking rules.
  await step(checklist, 'Set the rules').click();
  const rules = page.getByRole('dialog', { name: 'Booking rules' });
  await expect(rules.getByRole('button', { name: 'Save rules' })).toBeVisible();
  // The dialog listens for Escape from the same moment it takes the focus (one effect pass after it is drawn): a key
  // sent the instant it is visible could come first and be lost.
  await expect
    .poll(() => page.evaluate(() => Boolean((globalThis as any).document.activeElement?.closest('[role="dialog"]'))))
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(rules).toBeHidden();

  // On a phone the checklist folds to one line above the map; its button opens the steps; nothing runs off the side.
  await page.setViewportSize(phone);
  await expect(step(checklist, 'Set the rules')).toBeHidden();
  await checklist.getByRole('button', { name: 'Show the steps' }).click();
  await expect(step(checklist, 'Set the rules')).toBeVisible();
  const fitsThePhone = () =>
    page.evaluate(() => {
      const browserWindow = globalThis as any;
      return browserWindow.document.scrollingElement.scrollWidth <= browserWindow.innerWidth;
    });
  expect(await fitsThePhone()).toBe(true);
  // Steps done and to do, both legible.
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${shots}/first-run-phone.png` });

  // Hide checklist: gone (first-run-memory.test.ts checks it is remembered per person and organization).
  await checklist.getByRole('button', { name: 'Hide checklist' }).click();
  await expect(checklist).toHaveCount(0);
  await page.setViewportSize(laptop);

  // The rules saved as they are, from the sidebar, are the last step: shown again (as from another tab), the
  // checklist finds everything done and stays away.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Booking rules' }).click();
  await rules.getByRole('button', { name: 'Save rules' }).click();
  await expect(rules).toBeHidden();
  await page.evaluate(() => {
    const browserWindow = globalThis as any;
    for (const key of Object.keys(browserWindow.localStorage)) {
      if (key.endsWith(':hidden')) browserWindow.localStorage.removeItem(key);
    }
    browserWindow.dispatchEvent(new browserWindow.StorageEvent('storage'));
  });
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys((globalThis as any).localStorage).some((key) => key.endsWith(':completed'))),
    )
    .toBe(true);
  await expect(checklist).toHaveCount(0);
  await context.close();
});
