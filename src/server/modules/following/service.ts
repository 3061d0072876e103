import { isUuid } from '#domain/ids.ts';
import { seesNames } from '#domain/privacy.ts';
import { localClock, siteToday } from '#domain/sites.ts';
import {
  assembleWeek,
  dailyMailDue,
  type FollowingView,
  mondayOf,
  type UpdateFollowingInput,
  type WeekView,
  workingDaysOfWeek,
} from '#domain/week.ts';
import type { AppContext } from '#server/context.ts';
import { badRequest, describeForLog, notFound, unprocessable } from '#server/errors.ts';
import { requireReadableDates } from '../bookings/horizon.ts';
import { findMemberOrganization } from '../organizations/service.ts';
import { dailyMail } from './mails.ts';
import * as repo from './repo.ts';

const unknownMember = () => notFound('Member not found.');

async function followingOf(context: AppContext, organizationId: string, userId: string, namesHidden: boolean) {
  const [userIds, dailyMail] = await Promise.all([
    namesHidden ? Promise.resolve([]) : repo.listFollowedIds(context.db, organizationId, userId),
    repo.wantsDailyMail(context.db, organizationId, userId),
  ]);
  return { userIds, dailyMail: dailyMail && !namesHidden, namesHidden };
}

/** GET /api/organizations/{id}/following: whom the caller follows. Membership checked by findMemberOrganization. */
export async function readFollowing(
  context: AppContext,
  userId: string,
  organizationId: string,
): Promise<FollowingView> {
  const { organization, role } = await findMemberOrganization(context, organizationId, userId);
  return followingOf(context, organization.id, userId, !seesNames(role, organization.hideNames));
}

/**
 * PUT /api/organizations/{id}/following: the whole list of colleagues followed and/or the evening mail. Membership
 * checked by findMemberOrganization; every id must be a member of the same organization (404 as an unknown one
 * otherwise), never oneself (400). With names hidden following is off (422).
 */
export async function changeFollowing(
  context: AppContext,
  userId: string,
  organizationId: string,
  input: UpdateFollowingInput,
): Promise<FollowingView> {
  const { organization, role } = await findMemberOrganization(context, organizationId, userId);
  if (!seesNames(role, organization.hideNames)) {
    throw unprocessable('Your organization hides who booked which desk, so following colleagues is turned off.');
  }
  await context.db.transaction(async (tx) => {
    if (input.userIds) {
      const userIds = [...new Set(input.userIds)];
      if (userIds.includes(userId)) throw badRequest('You cannot follow yourself.');
      if (!userIds.every(isUuid)) throw unknownMember();
      if ((await repo.countMembers(tx, organization.id, userIds)) !== userIds.length) throw unknownMember();
      await repo.replaceFollows(tx, organization.id, userId, userIds);
    }
    if (input.dailyMail !== undefined) await repo.setDailyMail(tx, organization.id, userId, input.dailyMail);
  });
  return followingOf(context, organization.id, userId, false);
}

/**
 * GET /api/organizations/{id}/week: each working day of the site's week with my bookings, those of the people I
 * follow and of my teams (with a free desk near each), and how many are in. Names hidden: my days and the counts.
 * Membership checked by findMemberOrganization; another organization's site answers 404.
 */
export async function readWeek(
  context: AppContext,
  userId: string,
  organizationId: string,
  query: { start?: string | undefined; siteId?: string | undefined },
): Promise<WeekView> {
  const { organization, role } = await findMemberOrganization(context, organizationId, userId);
  if (query.siteId !== undefined && !isUuid(query.siteId)) throw notFound('Site not found.');
  const site = await repo.findWeekSite(context.db, organization.id, userId, query.siteId);
  if (!site) throw notFound('Site not found.');
  const start = query.start ?? siteToday(site);
  requireReadableDates({ start });
  const dates = workingDaysOfWeek(start, site.workingDays);
  const weekStart = mondayOf(start);
  const namesHidden = !seesNames(role, organization.hideNames);
  const first = dates[0];
  const last = dates.at(-1);
  if (!first || !last) return { siteId: site.id, siteName: site.name, weekStart, namesHidden, days: [] };
  const [bookings, desks, followed, teamMates] = await Promise.all([
    repo.listWeekBookings(context.db, organization.id, site.id, first, last),
    namesHidden ? Promise.resolve([]) : repo.listSiteDesks(context.db, organization.id, site.id),
    namesHidden ? Promise.resolve([]) : repo.listFollowedIds(context.db, organization.id, userId),
    namesHidden ? Promise.resolve([]) : repo.listTeamMateIds(context.db, organization.id, userId),
  ]);
  const week = assembleWeek({
    dates,
    bookings,
    desks,
    me: userId,
    followedIds: new Set(followed),
    teamMateIds: new Set(teamMates),
    namesHidden,
  });
  return { siteId: site.id, siteName: site.name, weekStart, ...week };
}

/**
 * The evening mail: for each person who asked for it, in an organization that shows names, on a working day of their
 * site after its office hours, who of the people they follow or share a team with is in on the next working day.
 * Claimed by an insert before it is sent (daily_mails_sent), so no two runs or instances send it twice; nothing is
 * sent (nor claimed) when nobody is in. Run by the scheduler: no caller to authorize. Answers how many were sent.
 */
export async function sendDailyMails(context: AppContext, now: Date): Promise<number> {
  let sent = 0;
  for (const reader of await repo.listDailyMailReaders(context.db)) {
    const due = dailyMailDue(localClock(now, reader.timeZone), reader);
    if (!due) continue;
    const people = await repo.listPeopleInFor(context.db, reader, due.date);
    if (people.length === 0) continue;
    const claim = { organizationId: reader.organizationId, userId: reader.userId, mailDate: due.date };
    if (!(await repo.claimDailyMail(context.db, claim))) continue;
    try {
      await context.mailer.send(dailyMail(reader, due.when, people, context.config.publicUrl));
      sent += 1;
    } catch (error) {
      context.log.error(
        { error: describeForLog(error), organizationId: reader.organizationId },
        'daily mail could not be sent',
      );
    }
  }
  return sent;
}
