import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/client.ts';
import { unauthorized } from '#server/errors.ts';
import type { LiveStream, StreamCheck } from '#server/realtime/hub.ts';
import { findMemberOrganization } from '../organizations/service.ts';
import * as repo from './repo.ts';

/**
 * Opens the organization's live stream for a member (membership checked by findMemberOrganization: another
 * tenant's organization answers 404). Past the per-user cap the hub answers 429.
 */
export async function openEventStream(
  context: AppContext,
  details: {
    organizationId: string;
    userId: string;
    sessionId: string;
    lastEventId: string | undefined;
    sinceMs: number | undefined;
  },
): Promise<LiveStream> {
  const { organization } = await findMemberOrganization(context, details.organizationId, details.userId);
  // The stream closes when its session expires, not up to a recheck interval later.
  const sessionExpiresAt = await repo.findSessionExpiry(context.db, details.sessionId, details.userId);
  // Answered from the session cache, a session may have ended a moment ago: no stream for it.
  if (!sessionExpiresAt) throw unauthorized();
  return context.realtime.openStream({
    organizationId: organization.id,
    userId: details.userId,
    sessionId: details.sessionId,
    isReconnect: details.lastEventId !== undefined,
    sinceMs: details.sinceMs,
    sessionExpiresAt,
  });
}

/** What the hub asks before keeping streams open: sessions alive, users still members. */
export function streamCheck(db: Database): StreamCheck {
  return async (streams) => {
    const states = await repo.findStreamOwnerStates(
      db,
      streams.map((live) => ({
        streamId: live.id,
        sessionId: live.sessionId,
        userId: live.userId,
        organizationId: live.organizationId,
      })),
    );
    return new Map(
      states.map((state) => [
        state.streamId,
        { hasSession: state.hasSession, isMember: state.isMember, sessionExpiresAt: state.sessionExpiresAt },
      ]),
    );
  };
}
