import { expect, test } from '@playwright/test';
import {
  createOrganizationThroughApi,
  expectNoSeriousAxeViolations,
  laptop,
  linkFromOutbox,
  newPerson,
  phone,
  screenshotDirFor,
  signUpThroughPage,
  uniqueEmail,
} from './support.ts';

test('a visitor signs up, creates an organization, reaches the dashboard and signs out', async ({ page }) => {
  const email = uniqueEmail('founder');
  await signUpThroughPage(page, { firstName: 'Maya', lastName: 'Okafor', email, password: 'desk-hopper-42' });

  await expect(page).toHaveURL(/\/setup$/);
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel('Organization name').fill('Okafor & Sons Ltd.');
  await expect(page.getByLabel('Slug')).toHaveValue('okafor-sons-ltd');
  await page.getByRole('button', { name: 'Create Organization' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Okafor & Sons Ltd.' })).toBeVisible();
  await expect(page.getByText("Today's Statistics")).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('No floor plan uploaded')).toBeVisible();
  await expect(page.getByRole('button', { name: "Who's in today?" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  for (const path of ['/subscription', '/subscription/success', '/subscription/cancel']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  }
  await page.goto('/');

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('heading', { name: 'Smart Hot Desk Booking, Made Simple' })).toBeVisible();
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test('the setup form shows the spec messages for a short name and a bad slug', async ({ page }) => {
  await signUpThroughPage(page, {
    firstName: 'Li',
    lastName: 'Wei',
    email: uniqueEmail('setup'),
    password: 'desk-hopper-42',
  });
  await expect(page).toHaveURL(/\/setup$/);
  await page.getByLabel('Organization name').fill('A');
  await page.getByLabel('Slug').fill('Bad Slug!');
  await page.getByRole('button', { name: 'Create Organization' }).click();
  await expect(page.getByText('Organization name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Slug can only contain lowercase letters, numbers, and hyphens')).toBeVisible();
});

test('sign-in with a wrong password says so, and the right one opens the dashboard', async ({ page }) => {
  const email = uniqueEmail('returning');
  await signUpThroughPage(page, { firstName: 'Sam', lastName: 'Hill', email, password: 'right-password-1' });
  await expect(page).toHaveURL(/\/setup$/);
  await page.context().clearCookies();

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Missing information').first()).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong-password-1');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Sign in failed').first()).toBeVisible();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();

  await page.getByLabel('Password').fill('right-password-1');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/setup$/);
  // The failed attempt's toast does not follow the person in: gone as the next page shows (not 5 s later).
  await expect(page.getByLabel('Organization name')).toBeVisible();
  expect(await page.getByText('Invalid email or password').count()).toBe(0);
});

test('sign-up says a short password and a taken address beside their fields as well as in the toast, and no error toast follows after success', async ({
  page,
}) => {
  const taken = uniqueEmail('taken');
  await signUpThroughPage(page, { firstName: 'Ana', lastName: 'First', email: taken, password: 'desk-hopper-42' });
  await expect(page).toHaveURL(/\/setup$/);
  await page.context().clearCookies();

  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('region', { name: /Notification/ }).getByText('Missing information')).toBeVisible();
  await expect(email).toHaveAccessibleDescription('Please enter your email address');
  await page.getByLabel('First name').fill('Ana');
  await email.fill(taken);
  await password.fill('short');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('region', { name: /Notification/ }).getByText('Password too short')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(/Password must be at least 8 characters/);
  await expectNoSeriousAxeViolations(page);

  const taken409 = 'An account with this email already exists. Please sign in instead.';
  await password.fill('desk-hopper-42');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(taken409);
  await expect(password).toHaveAttribute('aria-invalid', 'false');
  await expect(page.getByRole('region', { name: /Notification/ }).getByText(taken409)).toBeVisible();

  await email.fill(uniqueEmail('second'));
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/setup$/);
  // Gone as the next page shows, not when its 5 s are up.
  await expect(page.getByLabel('Organization name')).toBeVisible();
  expect(await page.getByText(taken409).count()).toBe(0);
});

test('a user who forgot the password resets it through the mailed link', async ({ page }) => {
  const email = uniqueEmail('forgetful');
  await signUpThroughPage(page, { firstName: 'Ola', lastName: 'Berg', email, password: 'old-password-1' });
  await expect(page).toHaveURL(/\/setup$/);
  await page.context().clearCookies();

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forgot password' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for that email').first()).toBeVisible();

  const link = await linkFromOutbox(email, '/reset-password?token=');
  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill('new-password-2');
  await page.getByLabel('Confirm New Password').fill('different-2');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText("Passwords don't match").first()).toBeVisible();

  await page.getByLabel('Confirm New Password').fill('new-password-2');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Complete' })).toBeVisible();
  await expect(page.getByText('Your password has been successfully updated.')).toBeVisible();
  await expect(page.getByText('You can now sign in with your new password.')).toBeVisible();
  // The mailed link also signed the person in: Sign In goes straight on. With no calendar link, nothing is said of one.
  await expect(page.getByText(/calendar link/i)).toHaveCount(0);
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/setup$/);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('new-password-2');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/setup$/);
});

test('a person renames themself and changes their e-mail address in Account settings, on a laptop and a phone', async ({
  page,
}) => {
  const person = newPerson('Ida', 'Tarbell');
  await page.setViewportSize(laptop);
  await createOrganizationThroughApi(page, person, 'Settings Co');
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Ida', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Account settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Account settings' });
  await dialog.getByLabel('First name').fill('Grace');
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Your name has been saved.').first()).toBeVisible();
  // The top bar shows the new name at once, behind the dialog.
  await expect(banner.getByText('Grace', { exact: true })).toBeAttached();

  const newEmail = uniqueEmail('grace');
  await dialog.getByLabel('New email address').fill(newEmail);
  await dialog.getByLabel('Your password').fill(person.password);
  await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByText(`We have sent a link to ${newEmail}.`).first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  const shots = screenshotDirFor('accounts');
  await page.screenshot({ path: `${shots}/account-settings-laptop.png` });

  await page.setViewportSize(phone);
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= phone.width).toBe(true);
  await dialog.getByRole('button', { name: 'Change password' }).scrollIntoViewIfNeeded();
  await expect(dialog.getByRole('button', { name: 'Change password' })).toBeInViewport();
  await page.screenshot({ path: `${shots}/account-settings-phone.png` });
  // Escape closes the topmost thing: the link's toast while it shows (it may be gone on a slow machine), then the dialog.
  await page.keyboard.press('Escape');
  await expect(page.getByText(`We have sent a link to ${newEmail}.`)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The link from the new address's mail, followed in this (signed-in) browser.
  const link = await linkFromOutbox(newEmail, '/confirm-email?token=');
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm my new address' }).click();
  await expect(page.getByRole('heading', { name: 'Email address changed' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Perch' }).click();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText(newEmail)).toBeVisible();

  // The link works once: followed again, it says so.
  await page.setViewportSize(laptop);
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm my new address' }).click();
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expect(page.getByText('This link is invalid, has expired or has already been used.')).toBeVisible();
});
