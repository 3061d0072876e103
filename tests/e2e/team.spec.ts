import { expect, test } from '@playwright/test';
import {
  acceptInvitationThroughPage,
  addDesksThroughEditor,
  createOrganizationThroughApi,
  createOrganizationThroughPage,
  deskTile,
  expectNoSeriousAxeViolations,
  fullName,
  inviteAndJoinThroughApi,
  inviteThroughTeamManagement,
  linkFromOutbox,
  newPerson,
  signUpThroughPage,
  workEveryDay,
} from './support.ts';

test('an admin invites a colleague, who joins through the mailed link; the admin promotes, demotes and removes them, and their booking leaves the floor', async ({
  page,
  browser,
}) => {
  const organizationName = 'Lantern Works';
  const admin = newPerson('Maya', 'Okafor');
  const jo = newPerson('Jo', 'Park');
  await createOrganizationThroughPage(page, admin, organizationName);
  await workEveryDay(page, organizationName);
  await addDesksThroughEditor(page, 1);

  await page.getByRole('button', { name: 'Team Management' }).click();
  const team = page.getByRole('dialog', { name: 'Team Management' });
  await expect(team.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(1);
  await expect(team.getByText('No invitations are waiting for an answer.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The form checks every address before anything is sent.
  const emails = team.getByLabel('Email addresses');
  await emails.fill(`not-an-address, ${jo.email}`);
  await team.getByRole('button', { name: 'Send invitations' }).click();
  await expect(team.getByText('Please enter valid email addresses separated by commas or new lines')).toBeVisible();
  await expect(emails).toHaveAttribute('aria-invalid', 'true');
  await expect(team.getByText('No invitations are waiting for an answer.')).toBeVisible();

  // Two valid addresses, one of them already a member: one is sent, and 1 s later a second toast names the other.
  await emails.fill(`${admin.email}\n${jo.email}`);
  await team.getByRole('button', { name: 'Send invitations' }).click();
  await expect(page.getByText('Invitations sent', { exact: true })).toBeVisible();
  await expect(page.getByText('Sent 1 invitation; 1 could not be sent.', { exact: true })).toBeVisible();
  await expect(page.getByText('1 invitation(s) could not be sent...', { exact: true })).toBeVisible();
  await expect(page.getByText(`${admin.email}: Already a member of this organization`, { exact: true })).toBeVisible();
  await expect(emails).toHaveValue('');
  const pending = team.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem');
  await expect(pending).toHaveCount(1);
  await expect(pending).toContainText(jo.email);
  await expect(pending).toContainText('Member');

  const joContext = await browser.newContext();
  const joPage = await joContext.newPage();
  await acceptInvitationThroughPage(joPage, jo, organizationName);
  await expect(joPage.getByText(jo.email)).toBeVisible();
  // The admin block of the sidebar is not there for a member.
  await expect(joPage.getByRole('button', { name: 'Team Management' })).toBeHidden();
  await expect(joPage.getByRole('button', { name: 'Team Bookings' })).toBeHidden();

  await deskTile(joPage, 'D01').click();
  const booking = joPage.getByRole('dialog', { name: 'Book Desk D01' });
  // The radios are visually hidden inside their slot cards: a person clicks the card.
  await booking.getByText('Full day', { exact: true }).click();
  await expect(booking.getByRole('radio', { name: /^Full day/ })).toBeChecked();
  await booking.getByRole('button', { name: 'Book Desk' }).click();
  await expect(booking).toBeHidden();
  await expect(deskTile(joPage, 'D01')).toHaveAccessibleName(
    `Desk D01: Booked, your booking, ${fullName(jo)}, full day`,
  );

  // The admin's screen shows what it loaded until Refresh Data.
  await team.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('button', { name: 'Refresh Data' }).click();
  await expect(deskTile(page, 'D01')).toHaveAccessibleName(`Desk D01: Booked, ${fullName(jo)}, full day`);

  await page.getByRole('button', { name: 'Team Management' }).click();
  const joRow = team.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: jo.email });
  await expect(joRow).toContainText(fullName(jo));
  await expect(team.getByText('No invitations are waiting for an answer.')).toBeVisible();

  const role = team.getByRole('combobox', { name: `Role of ${fullName(jo)}` });
  await expect(role).toHaveValue('member');
  // The admin sees Jo's role in the menu alone (no badge repeats it beside it), and their own role as a badge.
  const roleBadge = (row: typeof joRow) => row.locator('span', { hasText: /^(Admin|Member)$/ });
  await expect(roleBadge(joRow)).toHaveCount(0);
  const adminRow = team.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: admin.email });
  await expect(roleBadge(adminRow)).toHaveText('Admin');
  await role.selectOption('Admin');
  await expect(page.getByText(`${fullName(jo)} is now an admin.`, { exact: true })).toBeVisible();
  await expect(role).toHaveValue('admin');
  await role.selectOption('Member');
  await expect(page.getByText(`${fullName(jo)} is now a member.`, { exact: true })).toBeVisible();
  await expect(role).toHaveValue('member');
  await expect(roleBadge(joRow)).toHaveCount(0);

  await team.getByRole('button', { name: `Remove ${fullName(jo)}` }).click();
  const confirmation = page.getByRole('alertdialog', { name: `Remove ${fullName(jo)}?` });
  await expect(confirmation).toContainText(
    `will lose access to ${organizationName}, and all of their bookings will be cancelled.`,
  );
  await confirmation.getByRole('button', { name: 'Remove member' }).click();
  await expect(page.getByText('Member removed', { exact: true })).toBeVisible();
  await expect(joRow).toHaveCount(0);
  await team.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(deskTile(page, 'D01')).toHaveAccessibleName('Desk D01: Available');

  // Jo no longer belongs to any organization: the app sends them to set one up.
  await joPage.reload();
  await expect(joPage).toHaveURL(/\/setup$/);
  await joContext.close();
});

test('an invitation link works only once, and the sign-up page explains a missing or used link', async ({
  page,
  browser,
}) => {
  const organizationName = 'Saltmarsh Co-op';
  const sam = newPerson('Sam', 'Hill');
  await createOrganizationThroughPage(page, newPerson('Ola', 'Berg'), organizationName);
  await inviteThroughTeamManagement(page, sam.email);

  const samContext = await browser.newContext();
  const samPage = await samContext.newPage();
  await samPage.goto('/signup');
  await expect(samPage.getByRole('heading', { name: 'Invalid invitation link...' })).toBeVisible();

  const link = await linkFromOutbox(sam.email, '/signup?token=');
  await samPage.goto(link);
  await expect(samPage.getByRole('heading', { name: `Join ${organizationName}` })).toBeVisible();
  await expect(samPage.getByText(`You are invited as member with ${sam.email}.`)).toBeVisible();
  await expectNoSeriousAxeViolations(samPage);
  await samPage.getByLabel('First name').fill(sam.firstName);
  await samPage.getByLabel('Last name').fill(sam.lastName);
  await samPage.getByLabel('Password', { exact: true }).fill(sam.password);
  await samPage.getByLabel('Confirm password').fill(`${sam.password}-typo`);
  await samPage.getByRole('button', { name: 'Create Account' }).click();
  await expect(samPage.getByText("Passwords don't match")).toBeVisible();

  await samPage.getByLabel('Confirm password').fill(sam.password);
  await samPage.getByRole('button', { name: 'Create Account' }).click();
  await expect(samPage.getByText(`You have joined ${organizationName}.`).first()).toBeVisible();
  await expect(samPage).toHaveURL(/\/$/);
  await expect(samPage.getByRole('heading', { name: organizationName })).toBeVisible();

  await samPage.goto(link);
  await expect(samPage.getByRole('heading', { name: 'Invitation not found or has expired...' })).toBeVisible();
  await samContext.close();
});

test('someone signed in with an account of their own joins through an invitation and lands on its dashboard', async ({
  page,
  browser,
}) => {
  const organizationName = 'Harbour Row';
  const sam = newPerson('Sam', 'Hill');
  const samContext = await browser.newContext();
  const samPage = await samContext.newPage();
  // Sam signs up first, belongs to no organization yet, and stays signed in on /setup.
  await signUpThroughPage(samPage, sam);
  await expect(samPage).toHaveURL(/\/setup$/);

  await createOrganizationThroughPage(page, newPerson('Ola', 'Berg'), organizationName);
  await inviteThroughTeamManagement(page, sam.email);
  const link = await linkFromOutbox(sam.email, '/signup?token=');
  await samPage.goto(link);
  await expect(samPage.getByRole('heading', { name: `Sign in to join ${organizationName}` })).toBeVisible();
  // A wrong password is said beside the field as well as in the toast.
  const password = samPage.getByLabel('Password');
  await password.fill(`${sam.password}-typo`);
  await samPage.getByRole('button', { name: 'Sign In and Join' }).click();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription('Invalid email or password');
  await samPage.getByLabel('Password').fill(sam.password);
  await samPage.getByRole('button', { name: 'Sign In and Join' }).click();
  await expect(samPage.getByText(`You have joined ${organizationName}.`).first()).toBeVisible();
  // The organizations the browser knew from before joining (none) are not taken for the answer.
  await expect(samPage).toHaveURL(/\/$/);
  await expect(samPage.getByRole('heading', { name: organizationName, exact: true })).toBeVisible();
  await samContext.close();
});

test('a member sees the same floor as the admin, without edit tools', async ({ page, browser }) => {
  const organizationName = 'Quay Studio';
  const admin = newPerson('Ines', 'Duarte');
  const member = newPerson('Tom', 'Reed');
  await createOrganizationThroughApi(page, admin, organizationName, { desks: 2 });

  const context = await browser.newContext();
  const memberPage = await inviteAndJoinThroughApi(page, context, member, organizationName);
  await expect(deskTile(memberPage, 'D01')).toBeVisible();
  await expect(deskTile(memberPage, 'D02')).toBeVisible();
  await expect(memberPage.getByRole('switch', { name: 'Edit Mode' })).toHaveCount(0);
  await expect(memberPage.getByRole('button', { name: 'Team Management' })).toHaveCount(0);
  await expect(memberPage.getByRole('button', { name: /Upload Floor Plan/ })).toHaveCount(0);
  await expect(memberPage.getByRole('button', { name: 'My Bookings' })).toBeVisible();
  await context.close();
});
