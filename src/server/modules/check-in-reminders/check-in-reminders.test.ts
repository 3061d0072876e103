import { describe, expect, it } from 'vitest';
import { checkInWindow } from '#domain/check-in.ts';
import { defaultSiteClock } from '#domain/sites.ts';
import { checkInRemindersJob } from '#server/jobs/check-in-reminders.ts';
import { addMember, book, createOrganization, type TestOrganization } from '#test-support/bookings.ts';
import { startTestAppForFile } from '#test-support/harness.ts';

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
