import { describe, expect, it } from 'vitest';
import { checkInWindow, localClock, type SiteHours } from '#domain/check-in.ts';
import { addDays, todayIn } from '#domain/dates.ts';
import { defaultOfficeHours } from '#domain/sites.ts';
import { AppError } from '#server/errors.ts';
import { addMember, afterPendingMail } from '#test-support/bookings.ts';
import { tokyoAndNewYork } from '#test-support/check-in-sites.ts';
import { startTestAppForFile } from '#test-support/harness.ts';
import { insertBooking } from '#test-support/team.ts';
import { checkIn, releaseNoShows } from './service.ts';

// Issue 28: one organization with an office in Tokyo (open 08:00–12:00–17:00) and one in New York (09:00–13:00–18:00).
// At one instant each site's check-in window and release follow its own zone and hours.
const testApp = startTestAppForFile();

const tokyo: SiteHours = { timeZone: 'Asia/Tokyo', dayStart: '08:00', midday: '12:00', dayEnd: '17:00' };
const newYork: SiteHours = { timeZone: 'America/New_York', ...defaultOfficeHours };
const twoSiteOrganization = () => tokyoAndNewYork(testApp);

async function statusOf(bookingId: string) {
  const [row] = await testApp.database.sql.query<{ status: string; released: boolean }>(
    'SELECT status, released_at IS NOT NULL AS released FROM bookings WHERE id = $1',
    [bookingId],
  );
  return row;
}

/** The refusal checkIn throws, as its status and sentence. */
async function refusalOf(attempt: Promise<unknown>) {
  try {
    await attempt;
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  return undefined;
}

describe('an organization with sites in Tokyo and New York', () => {
  it('opens the Tokyo site’s check-in window while New York’s is not yet open, each saying its own local time', async () => {
    const { organization, tokyoDesk, newYorkDesk } = await twoSiteOrganization();
    const member = await addMember(testApp, organization.id);
    // A date a few days ahead in Tokyo, booked at both sites for the morning.
    const date = addDays(todayIn('Asia/Tokyo'), 3);
    const atTokyo = await insertBooking(testApp, {
      organizationId: organization.id,
      deskId: tokyoDesk,
      userId: member.user.id,
      bookingDate: date,
      timeSlot: 'morning',
    });
    const atNewYork = await insertBooking(testApp, {
      organizationId: organization.id,
      deskId: newYorkDesk,
      userId: member.user.id,
      bookingDate: date,
      timeSlot: 'morning',
    });
    // Tokyo's morning starts at 08:00 there: its window runs 07:30 to 08:30 Tokyo time.
    const tokyoWindow = checkInWindow({ bookingDate: date, timeSlot: 'morning' }, tokyo, 30);
    expect(localClock(tokyoWindow.opensAt, 'Asia/Tokyo')).toEqual({ date, time: '07:30' });
    const instant = new Date(tokyoWindow.opensAt.getTime() + 15 * 60_000);
    // At 07:45 in Tokyo it is the evening before in New York.
    expect(localClock(instant, 'America/New_York').date).toBe(addDays(date, -1));

    // The member's own zone is the first site's, Tokyo's: New York's time comes with theirs beside it.
    expect(await refusalOf(checkIn(testApp.app.perch, member.user.id, atNewYork, instant))).toEqual({
      status: 422,
      message:
        'Check-in opens at 8:30 AM tomorrow New York time (10:30 PM your time), 30 minutes before your booking starts',
    });
    expect(
      await refusalOf(checkIn(testApp.app.perch, member.user.id, atTokyo, new Date(instant.getTime() - 3600_000))),
    ).toEqual({ status: 422, message: 'Check-in opens at 7:30 AM, 30 minutes before your booking starts' });
    const checkedIn = await checkIn(testApp.app.perch, member.user.id, atTokyo, instant);
    expect(checkedIn.checkedInAt).toBe(instant.toISOString());
  });

  it('releases the no-show of the Tokyo site at its window’s close and New York’s only at its own', async () => {
    const { organization, tokyoDesk, newYorkDesk, newYorkSiteId } = await twoSiteOrganization();
    const member = await addMember(testApp, organization.id, 'member', { firstName: 'Nia', lastName: 'York' });
    // The member works in New York: mails about Tokyo's desk show her clock beside Tokyo's.
    await testApp.database.sql.query('UPDATE memberships SET home_site_id = $1 WHERE user_id = $2', [
      newYorkSiteId,
      member.user.id,
    ]);
    const date = addDays(todayIn('Asia/Tokyo'), 4);
    const atTokyo = await insertBooking(testApp, {
      organizationId: organization.id,
      deskId: tokyoDesk,
      userId: member.user.id,
      bookingDate: date,
      timeSlot: 'morning',
    });
    const atNewYork = await insertBooking(testApp, {
      organizationId: organization.id,
      deskId: newYorkDesk,
      userId: member.user.id,
      bookingDate: date,
      timeSlot: 'morning',
    });
    const tokyoCloses = checkInWindow({ bookingDate: date, timeSlot: 'morning' }, tokyo, 30).closesAt;
    const newYorkCloses = checkInWindow({ bookingDate: date, timeSlot: 'morning' }, newYork, 30).closesAt;
    expect(localClock(tokyoCloses, 'Asia/Tokyo').time).toBe('08:30');

    await releaseNoShows(testApp.app.perch, new Date(tokyoCloses.getTime() - 1000));
    expect(await statusOf(atTokyo)).toEqual({ status: 'active', released: false });
    const mailsBefore = testApp.mails.length;
    await releaseNoShows(testApp.app.perch, tokyoCloses);
    expect(await statusOf(atTokyo)).toEqual({ status: 'cancelled', released: true });
    expect(await statusOf(atNewYork)).toEqual({ status: 'active', released: false });
    // An hour later Tokyo's 09:00 + grace has passed too (the organization's zone and 09:00 would release New York's
    // booking now): New York's morning has not begun.
    await releaseNoShows(testApp.app.perch, new Date(tokyoCloses.getTime() + 3600_000));
    expect(await statusOf(atNewYork)).toEqual({ status: 'active', released: false });
    await releaseNoShows(testApp.app.perch, new Date(newYorkCloses.getTime() - 1000));
    expect(await statusOf(atNewYork)).toEqual({ status: 'active', released: false });
    await releaseNoShows(testApp.app.perch, newYorkCloses);
    expect(await statusOf(atNewYork)).toEqual({ status: 'cancelled', released: true });

    await afterPendingMail();
    const mails = testApp.mails.slice(mailsBefore).filter((mail) => mail.to === member.user.email);
    expect(mails.map((mail) => mail.subject)).toHaveLength(2);
    const readersTime = localClock(tokyoCloses, 'America/New_York').time;
    expect(mails[0]?.subject).toMatch(
      new RegExp(`^Desk D01 was released: nobody checked in by 08:30 Tokyo time, ${readersTime} your time on \\w+day$`),
    );
    expect(mails[0]?.text).toContain('morning (08:00–12:00 Tokyo time, ');
    expect(mails[0]?.text).not.toContain('Times are');
    // New York's desk, on her own clock: its zone is named once.
    expect(mails[1]?.subject).toBe('Desk NY01 was released: nobody checked in by 09:30 New York time');
    expect(mails[1]?.text).toContain('morning (09:00–13:00)');
    expect(mails[1]?.text).toContain('Times are New York time.');
  });

  it('shows each desk’s page on its own site’s clock and hours', async () => {
    const { organization, tokyoDesk, newYorkDesk } = await twoSiteOrganization();
    const member = await addMember(testApp, organization.id);
    const [tokyoPage, newYorkPage] = await Promise.all([
      member.client.get(`/api/desks/${tokyoDesk}/here`),
      member.client.get(`/api/desks/${newYorkDesk}/here`),
    ]);
    const now = new Date();
    expect(tokyoPage.body.site).toEqual({
      id: expect.any(String),
      name: 'Tokyo',
      timeZone: 'Asia/Tokyo',
      dayStart: '08:00',
      midday: '12:00',
      dayEnd: '17:00',
    });
    expect(newYorkPage.body.site).toMatchObject({ name: 'New York', timeZone: 'America/New_York', dayEnd: '18:00' });
    // Both read the organization's zone as its first site's, for the spec's clients.
    expect(newYorkPage.body.organization.timeZone).toBe('Asia/Tokyo');
    // Each page's today is its own site's (a minute's tolerance around the read).
    for (const [page, zone] of [
      [tokyoPage, 'Asia/Tokyo'],
      [newYorkPage, 'America/New_York'],
    ] as const) {
      expect([localClock(now, zone).date, localClock(new Date(now.getTime() - 60_000), zone).date]).toContain(
        page.body.today,
      );
    }
  });
});
