import { organizationParams } from '#domain/ids.ts';
import { followingSchema, updateFollowingSchema, weekQuerySchema, weekSchema } from '#domain/week.ts';
import { routeModule } from '#server/routes.ts';
import * as following from './service.ts';

/** Issue 29, planning the week together: following colleagues and the week of a site. */
export const followingRoutes = routeModule({ tag: 'Bookings', signInFirst: true }, (route, context) => {
  route.get('/api/organizations/:id/following', {
    summary: 'The colleagues you follow, and whether you get the evening mail about them.',
    description: 'Members only (404 otherwise). Empty, with namesHidden, when the organization hides names.',
    params: organizationParams,
    response: followingSchema,
    handle: ({ user, params }) => following.readFollowing(context, user.id, params.id),
  });

  route.put('/api/organizations/:id/following', {
    summary: 'Replace the colleagues you follow (userIds) and/or turn the evening mail on or off (dailyMail).',
    description:
      'Members only (404 otherwise). Every id must be a member of this organization (404 like an unknown one), ' +
      'never yourself (400); at most 200. 422 when the organization hides names.',
    params: organizationParams,
    body: updateFollowingSchema,
    response: followingSchema,
    handle: ({ user, params, body }) => following.changeFollowing(context, user.id, params.id, body),
  });

  route.get('/api/organizations/:id/week', {
    summary: 'Who of your teams and the people you follow is in on each working day of a week, and where.',
    description:
      'Members only (404 otherwise). `start`: any date of the week (default today at the site); `siteId`: a site of ' +
      'the organization (default your home site). With names hidden only your own days and the counts.',
    params: organizationParams,
    querystring: weekQuerySchema,
    response: weekSchema,
    handle: ({ user, params, query }) => following.readWeek(context, user.id, params.id, query),
  });
});
