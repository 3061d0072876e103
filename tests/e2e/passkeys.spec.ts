import { expect, type Page, test } from '@playwright/test';
import { createOrganizationThroughApi, expectNoSeriousAxeViolations, newPerson, screenshotDirFor } from './support.ts';

const screenshotDir = screenshotDirFor('passkeys');

/** Chromium's DevTools virtual authenticator: a platform authenticator that holds passkeys and verifies the user. */
async function addVirtualAuthenticator(page: Page) {
  const client = await page.context().newCDPSession(page);
  await client.send('WebAuthn.enable');
  const { authenticatorId } = await client.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { client, authenticatorId };
}

async function openPasskeysFromAccountMenu(page: Page) {
  const menuButton = page.getByRole('button', { name: 'Account menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name: 'Passkeys' });
  await expect(item).toBeVisible();
  await item.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Passkeys' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('heading', { name: 'Smart Hot Desk Booking, Made Simple' })).toBeVisible();
}

test('a person adds a passkey from the account menu, signs in with it, removes it, and then it signs nobody in', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { client, authenticatorId } = await addVirtualAuthenticator(page);
  const person = newPerson('Priya', 'Passkey');
  await createOrganizationThroughApi(page, person, 'Keyring Works');
  const today = await page.evaluate(() =>
    new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
  );

  // The dialog, from the keyboard; nothing yet.
  const dialog = await openPasskeysFromAccountMenu(page);
  await expect(dialog.getByText('You have no passkeys yet.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${screenshotDir}/passkeys-dialog-empty-1440.png` });

  await dialog.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey added', { exact: true })).toBeVisible();
  const list = dialog.getByRole('list', { name: 'Your passkeys' });
  const item = list.getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Passkey on Chrome');
  await expect(item).toContainText(`Added ${today}`);
  await expect(item).toContainText('Not used yet');
  const { credentials } = await client.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${screenshotDir}/passkeys-dialog-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${screenshotDir}/passkeys-dialog-390.png` });
  await page.setViewportSize({ width: 1440, height: 900 });
  // The toast is the topmost layer, which Escape would close first: the dialog's Close button closes the dialog.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeFocused();

  // Signed out, the passkey signs the person in on /auth without a password.
  await signOut(page);
  await page.goto('/auth');
  const passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' });
  await expect(passkeyButton).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${screenshotDir}/auth-page-1440.png` });
  await passkeyButton.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Keyring Works' })).toBeVisible();

  // Used today; then removed, after a question.
  const again = await openPasskeysFromAccountMenu(page);
  const used = again.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
  await expect(used).toContainText(`Last used ${today}`);
  await again.getByRole('button', { name: 'Remove Passkey on Chrome' }).click();
  const question = page.getByRole('alertdialog', { name: 'Remove this passkey?' });
  await expect(question).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${screenshotDir}/passkeys-remove-question-1440.png` });
  await question.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByText('Passkey removed', { exact: true })).toBeVisible();
  await expect(again.getByText('You have no passkeys yet.')).toBeVisible();
  await expect(again.getByRole('button', { name: 'Add a passkey' })).toBeFocused();
  await again.getByRole('button', { name: 'Close' }).click();

  // The authenticator still holds it, but Perch no longer knows it.
  await signOut(page);
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('That passkey is not registered with Perch.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await page.screenshot({ path: `${screenshotDir}/auth-page-refused-1440.png` });
});

test('at an IP address, the passkey screens say why passkeys are unavailable there and which address to open', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const person = newPerson('Ines', 'Numbered');
  await createOrganizationThroughApi(page, person, 'Numbered Lane');
  const { port } = new URL(baseURL ?? '');
  const byAddress = `http://127.0.0.1:${port}`;
  const sentence = `Passkeys need a host name, not an IP address: open Perch at http://localhost:${port} (or its domain name) to use them.`;

  // Signed in (the session cookie carried over: cookies belong to a host name), the Passkeys dialog says why.
  const session = (await page.context().cookies()).find((cookie) => cookie.name === 'perch_session');
  expect(session).toBeDefined();
  await page
    .context()
    .addCookies([
      { name: 'perch_session', value: session?.value ?? '', url: byAddress, httpOnly: true, sameSite: 'Lax' },
    ]);
  await page.goto(`${byAddress}/`);
  await expect(page.getByRole('heading', { name: 'Numbered Lane' })).toBeVisible();
  const dialog = await openPasskeysFromAccountMenu(page);
  await expect(dialog.getByText(sentence)).toBeVisible();
  await expect(dialog.getByText('This browser cannot use passkeys.', { exact: false })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Add a passkey' })).toBeDisabled();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${screenshotDir}/passkeys-dialog-at-ip-address-1440.png` });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Signed out, on /auth: the button is off, and says why beneath it.
  await page.context().clearCookies();
  await page.goto(`${byAddress}/auth`);
  const passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' });
  await expect(passkeyButton).toBeDisabled();
  await expect(passkeyButton).toHaveAccessibleDescription(sentence);
  await expect(page.getByText(sentence)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${screenshotDir}/auth-page-at-ip-address-1440.png` });

  // At localhost, nothing of the kind.
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeEnabled();
  await expect(page.getByText(sentence)).toHaveCount(0);
});
