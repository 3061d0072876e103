import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support.ts';

test('a visitor reads the landing page and jumps to pricing', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Smart Hot Desk Booking, Made Simple' })).toBeVisible();
  for (const claim of ['50%', '90%', '5 min', '24/7'])
    await expect(page.getByText(claim, { exact: true }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Pricing' }).first().click();
  const pricing = page.locator('#pricing');
  await expect(pricing).toBeInViewport();
  for (const price of ['29.99', '49.99', '99.99', '199.99'])
    await expect(pricing.getByText(price, { exact: false }).first()).toBeVisible();
  await expect(pricing.getByText('Recommended')).toBeVisible();
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('the legal pages carry their sections', async ({ page }) => {
  await page.goto('/terms-and-conditions');
  await expect(page.getByText('15 August 2025').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 }).filter({ hasText: /^14\./ })).toBeVisible();
  await expect(page.getByText(/England and Wales/).first()).toBeVisible();
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 2 }).filter({ hasText: /^13\./ })).toBeVisible();
  await expect(page.getByText(/one month/).first()).toBeVisible();
});

test('an unknown path and the cancel screen links show the not-found screen', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Privacy Policy')).toBeVisible();
});

test('the invitation sign-up page explains a missing or unknown token', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByText('Invalid invitation link...')).toBeVisible();
  await page.goto('/signup?token=not-a-real-token');
  await expect(page.getByText('Invitation not found or has expired...')).toBeVisible();
});

test('a reset link without a token shows the invalid-link screen', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Sign In' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

for (const path of [
  '/',
  '/auth',
  '/reset-password',
  '/reset-password?token=x',
  '/signup',
  '/terms-and-conditions',
  '/privacy-policy',
  '/nowhere',
]) {
  test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousAxeViolations(page);
  });
}

test('the API reference groups every operation by topic and opens one to its fields and an example', async ({
  page,
}) => {
  await page.goto('/api/docs');
  const groups = page.getByRole('navigation', { name: 'Groups' });
  for (const group of [
    'Accounts',
    'Single sign-on',
    'Floors and desks',
    'Sites',
    'Teams',
    'Bookings',
    'Analytics',
    'Platform administration',
    'API reference',
  ])
    await expect(groups.getByRole('link', { name: new RegExp(`^${group} \\d+$`) })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(18);
  await groups.getByRole('link', { name: /^Bookings/ }).click();
  const operation = page.locator('details', { hasText: 'Book a desk for a date and time slot.' });
  await expect(operation.getByRole('table', { name: 'Request body' })).toBeHidden();
  await operation.locator('summary').click();
  const body = operation.getByRole('table', { name: 'Request body' });
  await expect(body.getByRole('row', { name: /deskId string required 1–100 characters/ })).toBeVisible();
  const created = operation.getByRole('table', { name: 'Response 201' });
  await expect(created.getByRole('row', { name: /desk\.floor\.name string required/ })).toBeVisible();
  await expect(operation.getByText(/^curl -X POST -b cookies\.txt '.*\/api\/bookings'/)).toBeVisible();
  // The page never scrolls sideways: the groups wrap and the tables fit.
  const html = page.locator('html');
  expect(await html.evaluate((node) => node.scrollWidth - node.clientWidth)).toBe(0);
  await expectNoSeriousAxeViolations(page);
});
