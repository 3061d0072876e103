import { describe, expect, it } from 'vitest';
import { checkInWindow, localClock } from '#domain/check-in.ts';
import { addDays, todayIn } from '#domain/dates.ts';
import { defaultSiteClock } from '#domain/sites.ts';
import { checkInRemindersJob } from '#server/jobs/check-in-reminders.ts';
import { addMember, book, createOrganization, type TestOrganization } from '#test-support/bookings.ts';
import { tokyoAndNewYork } from '#test-support/check-in-sites.ts';
import { startTestAppForFile } from '#test-support/harness.ts';
import { insertBooking } from '#test-support/team.ts';

const testApp = startTestAppForFile();

const minute = 60_000;
/** The reminders mailed to a person (booking confirmations go to them too). */
const mailsTo = (email: string) =>
  testApp.mails.filter((mail) => mail.to === email && mail.subject.startsWith('Reminder: check in'));
const runJobAt = (instant: number) => checkInRemindersJob(testApp.app.perch, () => new Date(instant)).run();

async function requireCheckIn(organization: TestOrganization) {
  await testApp.database.sql.query(
    'UPDATE organizations SET check_in_required = true, check_in_required_since = now() WHERE id = $1',
    [organization.id],
  );
}

describe('the check-in reminder job', () => {
  it('mails each person once before the day’s first window opens, naming the desks and the windows in local time', async () => {
    const office = await createOrganization(testApp, { timeZone: 'America/New_York', deskCount: 6 });
    await requireCheckIn(office);
    const day = office.day(2);
    const alice = await addMember(testApp, office.id, 'member', { firstName: 'Alice', lastName: 'Early' });
    const quiet = await addMember(testApp, office.id, 'member', { firstName: 'Quinn', lastName: 'Quiet' });
    const arrived = await addMember(testApp, office.id, 'member', { firstName: 'Ari', lastName: 'Arrived' });
    const cancelling = await addMember(testApp, office.id, 'member', { firstName: 'Cas', lastName: 'Cancels' });

    const afternoon = await book(alice.client, office, {
      deskId: office.desks[3],
      bookingDate: day,
      timeSlot: 'afternoon',
    });
    const morning = await book(alice.client, office, {
      deskId: office.desks[0],
      bookingDate: day,
      timeSlot: 'morning',
    });
    await book(quiet.client, office, { deskId: office.desks[1], bookingDate: day, timeSlot: 'morning' });
    const checkedIn = await book(arrived.client, office, { deskId: office.desks[2], bookingDate: day });
    const cancelled = await book(cancelling.client, office, { deskId: office.desks[4], bookingDate: day });
    for (const made of [afternoon, morning, checkedIn, cancelled]) expect(made.status).toBe(201);
    await cancelling.client.request('DELETE', `/api/bookings/${cancelled.body.id}`);
    await testApp.database.sql.query('UPDATE bookings SET checked_in_at = now() WHERE id = $1', [checkedIn.body.id]);
    const turnedOff = await quiet.client.request('PUT', '/api/user/preferences', { checkInReminders: false });
    expect(turnedOff.body).toEqual({ checkInReminders: false });

    // The morning window opens at 08:30 New York time; 40 minutes before is 07:50.
    const opensAt = checkInWindow(
      { bookingDate: day, timeSlot: 'morning' },
      defaultSiteClock(office.timeZone),
      30,
    ).opensAt.getTime();
    await runJobAt(opensAt - 90 * minute);
    expect(mailsTo(alice.email)).toHaveLength(0);

    // Two instances at once, then a later run: one mail.
    await Promise.all([runJobAt(opensAt - 40 * minute), runJobAt(opensAt - 40 * minute)]);
    await runJobAt(opensAt - 35 * minute);
    await runJobAt(opensAt + 10 * minute);
    const reminders = mailsTo(alice.email);
    expect(reminders).toHaveLength(1);
    const [reminder] = reminders;
    expect(reminder?.subject).toBe('Reminder: check in to desks D01 and D04 at Acme Corp from 08:30 New York time');
    expect(reminder?.text).toContain(
      `Desk D01 on Floor 1, morning (09:00–13:00): check in from 08:30 to 09:30 at http://perch.test/desk/${office.desks[0]}`,
    );
    expect(reminder?.text).toContain(
      `Desk D04 on Floor 1, afternoon (13:00–18:00): check in from 12:30 to 13:30 at http://perch.test/desk/${office.desks[3]}`,
    );
    expect(reminder?.text).toContain('Today you have:');
    expect(reminder?.text).toContain('Times are New York time.');
    expect(reminder?.text).toContain('Your bookings are on your dashboard: http://perch.test/');
    expect(reminder?.text).toContain('Turn off Check-in reminders in the account menu.');
    expect(reminder?.links).toEqual([
      `http://perch.test/desk/${office.desks[0]}`,
      `http://perch.test/desk/${office.desks[3]}`,
      'http://perch.test/',
    ]);
    expect(reminder?.html).toContain(`href="http://perch.test/desk/${office.desks[0]}"`);

    for (const person of [quiet, arrived, cancelling]) expect(mailsTo(person.email)).toHaveLength(0);
  });

  it('sends nothing in an organization that does not require check-in, nor for a permanent booking', async () => {
    const relaxed = await createOrganization(testApp, { timeZone: 'Europe/Berlin' });
    const member = await addMember(testApp, relaxed.id);
    expect((await book(member.client, relaxed, { bookingDate: relaxed.day(1), timeSlot: 'morning' })).status).toBe(201);
    const permanentOffice = await createOrganization(testApp, { timeZone: 'Europe/Berlin' });
    await requireCheckIn(permanentOffice);
    const permanent = await book(permanentOffice.admin.client, permanentOffice, {
      bookingDate: permanentOffice.day(1),
      isPermanent: true,
    });
    expect(permanent.status).toBe(201);

    const opensAt = checkInWindow(
      { bookingDate: relaxed.day(1), timeSlot: 'morning' },
      defaultSiteClock(relaxed.timeZone),
      30,
    ).opensAt;
    await runJobAt(opensAt.getTime() - 40 * minute);
    expect(mailsTo(member.email)).toHaveLength(0);
    expect(mailsTo(permanentOffice.admin.email)).toHaveLength(0);
  });

  it("does not remind once the day's window has closed, and reminds on the next day with a booking", async () => {
    const office = await createOrganization(testApp, { timeZone: 'Asia/Tokyo' });
    await requireCheckIn(office);
    const member = await addMember(testApp, office.id);
    await book(member.client, office, { bookingDate: office.day(1), timeSlot: 'afternoon' });
    await book(member.client, office, { bookingDate: office.day(2), timeSlot: 'afternoon' });
    const window = (days: number) =>
      checkInWindow({ bookingDate: office.day(days), timeSlot: 'afternoon' }, defaultSiteClock(office.timeZone), 30);

    await runJobAt(window(1).closesAt.getTime());
    expect(mailsTo(member.email)).toHaveLength(0);
    await runJobAt(window(2).opensAt.getTime() - 5 * minute);
    expect(mailsTo(member.email).map((mail) => mail.subject)).toEqual([
      'Reminder: check in to desk D01 at Acme Corp from 12:30 Tokyo time',
    ]);
  });
});

describe('the check-in reminder job in an organization with sites in Tokyo and New York', () => {
  it('reminds on each desk’s site’s clock, with the reader’s own time beside it when their home site is elsewhere', async () => {
    const { organization, tokyoDesk, newYorkDesk, newYorkSiteId } = await tokyoAndNewYork(testApp);
    const traveller = await addMember(testApp, organization.id, 'member', { firstName: 'Nia', lastName: 'York' });
    const local = await addMember(testApp, organization.id, 'member', { firstName: 'Ned', lastName: 'Local' });
    // Both work in New York (without a home site, a person's zone is the first site's: Tokyo here).
    await testApp.database.sql.query('UPDATE memberships SET home_site_id = $1 WHERE user_id = ANY($2::uuid[])', [
      newYorkSiteId,
      [traveller.user.id, local.user.id],
    ]);
    const date = addDays(todayIn('Asia/Tokyo'), 3);
    for (const [person, deskId] of [
      [traveller, tokyoDesk],
      [local, newYorkDesk],
    ] as const) {
      await insertBooking(testApp, {
        organizationId: organization.id,
        deskId,
        userId: person.user.id,
        bookingDate: date,
        timeSlot: 'morning',
      });
    }
    const tokyo = { timeZone: 'Asia/Tokyo', dayStart: '08:00', midday: '12:00', dayEnd: '17:00' };
    const opensAt = checkInWindow({ bookingDate: date, timeSlot: 'morning' }, tokyo, 30).opensAt;
    // 40 minutes before Tokyo's window opens (06:50 there): New York's morning of that date is a day away.
    await runJobAt(opensAt.getTime() - 40 * minute);
    expect(mailsTo(local.email)).toHaveLength(0);
    const [reminder] = mailsTo(traveller.email);
    const readers = (instant: Date) => localClock(instant, 'America/New_York').time;
    const closesAt = new Date(opensAt.getTime() + 60 * minute);
    expect(reminder?.subject).toMatch(
      new RegExp(`^Reminder: check in to desk D01 at Acme Corp from 07:30 Tokyo time, ${readers(opensAt)} your time`),
    );
    expect(reminder?.text).toContain(
      `Desk D01 on Floor 1, morning (08:00–12:00 Tokyo time, ${readers(new Date(opensAt.getTime() + 30 * minute))}–`,
    );
    expect(reminder?.text).toContain(`check in from 07:30 Tokyo time, ${readers(opensAt)} your time`);
    expect(reminder?.text).toContain(`to 08:30 Tokyo time, ${readers(closesAt)} your time`);
    expect(reminder?.text).not.toContain('Times are');

    // New York's window opens at 08:30 there: its member is reminded then, on his own clock.
    const newYorkOpens = checkInWindow(
      { bookingDate: date, timeSlot: 'morning' },
      defaultSiteClock('America/New_York'),
      30,
    ).opensAt;
    await runJobAt(newYorkOpens.getTime() - 40 * minute);
    expect(mailsTo(local.email).map((mail) => mail.subject)).toEqual([
      'Reminder: check in to desk NY01 at Acme Corp from 08:30 New York time',
    ]);
    expect(mailsTo(local.email)[0]?.text).toContain('Times are New York time.');
  });
});

describe('the preferences', () => {
  it('turn check-in reminders on by default, and let the person turn them off and on', async () => {
    const office = await createOrganization(testApp);
    const person = await addMember(testApp, office.id);
    expect((await person.client.get('/api/user/preferences')).body).toEqual({ checkInReminders: true });
    const off = await person.client.request('PUT', '/api/user/preferences', { checkInReminders: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ checkInReminders: false });
    expect((await person.client.get('/api/user/preferences')).body).toEqual({ checkInReminders: false });
    expect((await office.admin.client.get('/api/user/preferences')).body).toEqual({ checkInReminders: true });
    await person.client.request('PUT', '/api/user/preferences', { checkInReminders: true });
    expect((await person.client.get('/api/user/preferences')).body).toEqual({ checkInReminders: true });
  });

  it.each([
    [{ checkInReminders: 'no' }, /^Check-in reminders must be on or off/],
    [{}, /^Check-in reminders must be on or off/],
    [{ checkInReminders: true, language: 'fr' }, /\S/],
  ])('refuses %j with 400 and a sentence', async (body, message) => {
    const office = await createOrganization(testApp);
    const response = await office.admin.client.request('PUT', '/api/user/preferences', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
  });
});
