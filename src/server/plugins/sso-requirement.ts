import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUuid } from '#domain/ids.ts';
import { ssoMessages } from '#domain/sso.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { findOrganizationOfObject } from '../modules/sso/repo.ts';

/**
 * "Require single sign-on" is a property of the session (issue 26): an organization that requires it answers 403 to
 * a member whose session was not opened through its own connection, whatever way the session was opened (password,
 * passkey, an invitation, a link) and whenever (before the requirement was turned on too). Admins keep their other
 * ways in, the recovery path when the provider fails. The session already knows which organizations it may not
 * enter (plugins/session.ts); this hook works out which organization a request concerns, only for those sessions.
 */
export function registerSsoRequirement(app: FastifyInstance, context: AppContext): void {
  app.addHook('preHandler', async (request) => {
    const barred = request.auth?.barredOrganizationIds;
    if (!barred || barred.length === 0) return;
    const organizationIds = await organizationsConcerned(context, request);
    if (organizationIds.some((id) => barred.includes(id))) {
      throw new AppError(403, ssoMessages.requiredForMembers, { code: 'sso_required' });
    }
  });
}

type Values = Record<string, unknown> | undefined;

/** The organizations a request names: in its path, its query or its body, directly or through a floor, desk or booking. */
async function organizationsConcerned(context: AppContext, request: FastifyRequest): Promise<string[]> {
  const params = request.params as Values;
  const route = request.routeOptions.url ?? '';
  const found = new Set<string>();
  const direct = [
    route.startsWith('/api/organizations/:id') ? params?.id : undefined,
    params?.orgId,
    (request.query as Values)?.organizationId,
    (request.body as Values)?.organizationId,
  ];
  for (const value of direct) if (typeof value === 'string' && isUuid(value)) found.add(value);
  const objects = {
    floorId: params?.floorId,
    deskId: params?.deskId,
    bookingId: params?.bookingId ?? (route.startsWith('/api/bookings/:id') ? params?.id : undefined),
    seriesId: params?.seriesId,
  };
  for (const [kind, value] of Object.entries(objects)) {
    if (typeof value !== 'string' || !isUuid(value)) continue;
    const organizationId = await findOrganizationOfObject(context.db, kind as keyof typeof objects, value);
    if (organizationId) found.add(organizationId);
  }
  return [...found];
}
