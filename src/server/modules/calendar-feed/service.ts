import { buildCalendar } from '#domain/calendar.ts';
import {
  type CalendarFeed,
  type CalendarFeedStatus,
  feedCalendarName,
  feedDaysBack,
  feedEvent,
  feedPath,
  feedRefreshMinutes,
  feedTokenOf,
} from '#domain/calendar-feed.ts';
import type { AppContext } from '#server/context.ts';
import { notFound } from '#server/errors.ts';
import { createToken, digestToken } from '#server/tokens.ts';
import { enforceLimits, type Limit } from '../rate-limits/service.ts';
import * as repo from './repo.ts';

// Authorization: the feed's owner is the signed-in caller (routes pass requireUser's id); reading a feed needs only
// its token, which is 256 random bits kept as a SHA-256 digest.

/** Calendar programs read a feed every few minutes at most; this bounds what one leaked address can cost. */
const readsPerFeed: Limit = {
  name: 'calendar-feed',
  max: 120,
  windowSeconds: 60 * 60,
  message: 'This calendar feed was read too often.',
};
/** Addresses that open no feed, per network address: guessing is hopeless, and this bounds its work. */
const missesPerAddress: Limit = {
  name: 'calendar-feed-miss',
  max: 60,
  windowSeconds: 15 * 60,
  message: 'Too many calendar feed requests from this network.',
};

const unknownFeed = () => notFound('Not found');

/** A new secret address for the person's feed; any earlier one stops working. */
export async function createFeed(context: AppContext, userId: string): Promise<CalendarFeed> {
  const { token, digest } = createToken();
  await repo.saveFeed(context.db, userId, digest);
  return { url: `${context.config.publicUrl}${feedPath(token)}` };
}

/** Turns the feed off: its address answers 404 from now on. Nothing to turn off is not an error. */
export async function revokeFeed(context: AppContext, userId: string): Promise<void> {
  await repo.deleteFeed(context.db, userId);
}

export async function readFeedStatus(context: AppContext, userId: string): Promise<CalendarFeedStatus> {
  const feed = await repo.findFeedOf(context.db, userId);
  return { exists: feed !== undefined, createdAt: feed?.createdAt.toISOString() ?? null };
}

/**
 * The iCalendar text a feed address answers. 404 with no detail for anything that is not a live feed's token
 * (malformed, unknown, replaced or revoked); 429 past the limits above.
 */
export async function renderFeed(context: AppContext, segment: string, ip: string, now = new Date()): Promise<string> {
  const token = feedTokenOf(segment);
  const owner = token ? await repo.findFeedOwner(context.db, digestToken(token)) : undefined;
  if (!token || !owner) {
    await enforceLimits(context.db, [[missesPerAddress, ip]]);
    throw unknownFeed();
  }
  await enforceLimits(context.db, [[readsPerFeed, owner]]);
  const bookings = await repo.listFeedBookings(context.db, owner, now, feedDaysBack);
  const host = new URL(context.config.publicUrl).host;
  return buildCalendar({
    events: bookings.map((booking) => feedEvent(booking, host)),
    now,
    name: feedCalendarName,
    refreshMinutes: feedRefreshMinutes,
  });
}
