import { expect, type Locator, type Page, test } from '@playwright/test';
import jsqr from 'jsqr';
import { PNG } from 'pngjs';
import {
  addDesksThroughEditor,
  apiAs,
  createOrganizationThroughApi,
  expectNoSeriousAxeViolations,
  firstFloorOf,
  inviteAndJoinThroughApi,
  laptop,
  newPerson,
  screenshotDirFor,
} from './support.ts';

// Issue 16: admins print a sheet of QR codes for a floor; each code opens PUBLIC_URL/desk/{deskId}, where people
// check in or take the desk. The codes are read back from the rendered sheet with a QR decoder.
test.use({ viewport: laptop });

const screenshotDir = screenshotDirFor('desk-codes');

interface Desk {
  id: string;
  name: string;
}

/** The text a QR code on the page says, read from a screenshot of it with jsQR. */
async function decodeCode(code: Locator): Promise<string | undefined> {
  const png = PNG.sync.read(await code.screenshot());
  // jsqr is a CommonJS bundle whose declarations say `export default`: imported from ESM, the decoder is
  // module.exports.default (module.exports is the decoder too, but its types do not say so).
  return jsqr.default(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

/** Adds desks by the API, spread over the plan, beside the two placed with the editor. */
async function addDesks(page: Page, organizationId: string, floorId: string, names: string[]) {
  const call = apiAs(page);
  for (const [index, name] of names.entries()) {
    await call('POST', `/api/organizations/${organizationId}/desks`, {
      name,
      positionX: 150 + 140 * (index % 10),
      positionY: 400 + 120 * Math.floor(index / 10),
      floorId,
    });
  }
}

test('an admin prints the floor’s desk QR codes from the dashboard, and every code opens its own desk’s page', async ({
  page,
}) => {
  const admin = newPerson('Quinn', 'Admin');
  await createOrganizationThroughApi(page, admin, 'Harbour Lights', { desks: 2 });
  const { organizationId, floorId } = await firstFloorOf(page);
  const call = apiAs(page);
  // Thirteen desks: a second page, natural order (D3 before D10), a long name, and one out of service.
  await addDesks(page, organizationId, floorId, [
    'D10',
    'D3',
    'Quiet corner desk by the south window',
    'D4',
    'D5',
    'D6',
    'D7',
    'D8',
    'D9',
    'Booth',
    'D11',
  ]);
  const desks = await call<Desk[]>('GET', `/api/floors/${floorId}/desks`);
  expect(desks).toHaveLength(13);
  const d05 = desks.find((desk) => desk.name === 'D5')!;
  await call('PUT', `/api/desks/${d05.id}`, { bookable: false, unavailableReason: 'Broken chair' });

  const entry = page.getByRole('link', { name: /^Print desk QR codes of Floor 1/ });
  await expect(entry).toHaveAttribute('target', '_blank');
  await page.getByRole('complementary').screenshot({ path: `${screenshotDir}/desk-codes-entry.png` });
  const [sheet] = await Promise.all([page.context().waitForEvent('page'), entry.click()]);
  await expect(sheet).toHaveURL(new RegExp(`/floors/${floorId}/desk-codes$`));
  await expect(sheet.getByRole('heading', { name: 'Desk QR codes' })).toBeVisible();
  await expect(sheet.getByText('Floor 1 · Harbour Lights · 13 desks on 2 A4 pages')).toBeVisible();
  await expect(sheet).toHaveTitle('Desk QR codes · Floor 1 · Harbour Lights');

  const cards = sheet.getByRole('listitem');
  await expect(cards).toHaveCount(13);
  await expect(sheet.locator('[data-desk-codes-page]')).toHaveCount(2);
  await expect(sheet.getByRole('region', { name: 'Page 2 of 2' }).getByRole('listitem')).toHaveCount(1);
  const order = [
    'Booth',
    'D01',
    'D02',
    'D3',
    'D4',
    'D5',
    'D6',
    'D7',
    'D8',
    'D9',
    'D10',
    'D11',
    'Quiet corner desk by the south window',
  ];
  await expect(cards.locator('.desk-code-name')).toHaveText(order);
  await expect(cards.first()).toContainText('Floor 1 · Harbour Lights');
  await expect(cards.first()).toContainText('Scan to check in or sit here');

  // Every code, the out-of-service desk's too, decodes to the address of the desk named on its card.
  const origin = new URL(sheet.url()).origin;
  const idByName = new Map(desks.map((desk) => [desk.name, desk.id]));
  for (const name of order) {
    const card = sheet.getByRole('listitem', { name: `Desk ${name}`, exact: true });
    const code = card.getByRole('img', { name: `QR code for desk ${name}`, exact: true });
    await code.scrollIntoViewIfNeeded();
    expect(await decodeCode(code), `the code of ${name}`).toBe(`${origin}/desk/${idByName.get(name)}`);
  }

  await expectNoSeriousAxeViolations(sheet);
  await sheet.evaluate(() => (globalThis as any).scrollTo(0, 0));
  await sheet.screenshot({ path: `${screenshotDir}/desk-codes-screen.png` });
  await sheet.screenshot({ path: `${screenshotDir}/desk-codes-screen-full.png`, fullPage: true });

  // Print: the toolbar goes, the pages stay, and a code is at least 4 cm wide on paper (96 CSS px to the inch).
  await sheet.emulateMedia({ media: 'print' });
  await expect(sheet.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(sheet.getByRole('link', { name: 'Back to the map' })).toBeHidden();
  await expect(sheet.getByRole('heading', { name: 'Desk QR codes' })).toBeHidden();
  await expect(cards).toHaveCount(13);
  const printedWidth = await cards
    .first()
    .getByRole('img')
    .evaluate((svg) => svg.getBoundingClientRect().width);
  expect((printedWidth / 96) * 25.4).toBeGreaterThanOrEqual(40);
  await sheet.screenshot({ path: `${screenshotDir}/desk-codes-print.png`, fullPage: true });
  const pdf = await sheet.pdf({ preferCSSPageSize: true });
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(2);
  await sheet.emulateMedia({ media: 'screen' });

  // Print opens the browser's print dialog.
  await sheet.evaluate(() => {
    const browserWindow = globalThis as any;
    browserWindow.print = () => browserWindow.document.body.setAttribute('data-printed', 'yes');
  });
  await sheet.getByRole('button', { name: 'Print' }).click();
  await expect(sheet.locator('body')).toHaveAttribute('data-printed', 'yes');

  // On a phone the pages are shown shrunk to the screen's width.
  await sheet.setViewportSize({ width: 390, height: 844 });
  await sheet.evaluate(() => (globalThis as any).scrollTo(0, 0));
  await expect(cards.first()).toBeVisible();
  const pageWidth = await sheet
    .locator('[data-desk-codes-page]')
    .first()
    .evaluate((element) => element.getBoundingClientRect().width);
  expect(pageWidth).toBeLessThanOrEqual(390);
  await sheet.screenshot({ path: `${screenshotDir}/desk-codes-phone.png` });

  await sheet.getByRole('link', { name: 'Back to the map' }).click();
  await expect(sheet.getByRole('heading', { name: 'Harbour Lights' })).toBeVisible();
});

test('a floor without desks says so, a member cannot open the sheet, and a stranger gets the not-found screen', async ({
  page,
  browser,
}) => {
  const admin = newPerson('Rosa', 'Admin');
  await createOrganizationThroughApi(page, admin, 'Empty Quarters');
  const { organizationId, floorId } = await firstFloorOf(page);
  const call = apiAs(page);
  const second = await call<{ id: string }>('POST', `/api/organizations/${organizationId}/floors`, { name: 'Annex' });

  await page.goto(`/floors/${second.id}/desk-codes`);
  await expect(sheetHeading(page)).toBeVisible();
  await expect(page.getByText('Annex has no desks yet, so there are no codes to print.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeDisabled();
  await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `${screenshotDir}/desk-codes-empty.png` });

  await page.goto('/');
  await addDesksThroughEditor(page, 1);
  const memberContext = await browser.newContext({ viewport: laptop });
  const member = await inviteAndJoinThroughApi(page, memberContext, newPerson('Milo', 'Member'), 'Empty Quarters');
  await expect(member.getByRole('link', { name: /Print desk QR codes/ })).toHaveCount(0);
  await member.goto(`/floors/${floorId}/desk-codes`);
  await expect(member.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible();
  await expect(member.getByText('Only admins of Empty Quarters can print the desk QR codes of Floor 1.')).toBeVisible();
  await expect(member.getByRole('img', { name: /QR code/ })).toHaveCount(0);
  await expectNoSeriousAxeViolations(member);
  await member.screenshot({ path: `${screenshotDir}/desk-codes-member.png` });
  await memberContext.close();

  const strangerContext = await browser.newContext({ viewport: laptop });
  const stranger = await strangerContext.newPage();
  await createOrganizationThroughApi(stranger, newPerson('Sam', 'Stranger'), 'Elsewhere Inc');
  await stranger.goto(`/floors/${floorId}/desk-codes`);
  await expect(stranger.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(stranger.getByText('Empty Quarters')).toHaveCount(0);
  await strangerContext.close();
});

function sheetHeading(page: Page) {
  return page.getByRole('heading', { name: 'Desk QR codes' });
}
