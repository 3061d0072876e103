import { z } from './zod.ts';

/**
 * What GET /api/organizations/{id}/events announces (decision 007). The database announces each committed
 * change (migrations 0008 and 0012); the server forwards those of one organization to its members' streams as SSE events
 * named by `kind`, with this object as data. A list that would be long comes as null: "all of them".
 */
const ids = z.array(z.string()).nullable();
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const organizationChangeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('bookings'),
    organizationId: z.string(),
    fromDate: date,
    toDate: date,
    /** A permanent booking counts on every date from fromDate on. */
    hasPermanent: z.boolean(),
    userIds: ids,
  }),
  z.object({ kind: z.literal('desks'), organizationId: z.string(), floorIds: ids, renamed: z.boolean() }),
  z.object({ kind: z.literal('floors'), organizationId: z.string(), floorIds: ids }),
  z.object({ kind: z.literal('organization'), organizationId: z.string() }),
  z.object({
    kind: z.literal('members'),
    organizationId: z.string(),
    userIds: ids,
    renamed: z.boolean().optional(),
  }),
  z.object({ kind: z.literal('invitations'), organizationId: z.string() }),
  z.object({ kind: z.literal('subscription'), organizationId: z.string() }),
]);

export type OrganizationChange = z.infer<typeof organizationChangeSchema>;
export type OrganizationChangeKind = OrganizationChange['kind'];
export const organizationChangeKinds: readonly OrganizationChangeKind[] = [
  'bookings',
  'desks',
  'floors',
  'organization',
  'members',
  'invitations',
  'subscription',
];

/** Ended sessions: not an organization's change, so never sent to browsers; it closes streams. */
export const sessionsChangeSchema = z.object({
  kind: z.literal('sessions'),
  organizationId: z.null(),
  userIds: ids,
});
export type SessionsChange = z.infer<typeof sessionsChangeSchema>;

export const changeSchema = z.union([organizationChangeSchema, sessionsChangeSchema]);
export type Change = z.infer<typeof changeSchema>;

/**
 * Events of the stream itself. `ready` opens every stream; `resync` says changes may have been missed
 * (a reconnect, or the server's own link to the database was re-established): read everything again.
 * `closed` ends the stream for good, with the reason; the browser does not reconnect.
 */
export type StreamClosedReason = 'signed-out' | 'removed';
export interface StreamClosed {
  reason: StreamClosedReason;
}

export const streamRetryMs = 3000;
/** The oldest data a client may ask the stream to vouch for (?since=); older data is simply read again. */
export const maxSinceMs = 3_600_000;
export const maxStreamsPerUser = 10;
export const tooManyStreamsMessage = `You have ${maxStreamsPerUser} live views open already. Close some Perch tabs and try again.`;

/** The longest id list a merged change names; longer is null, "all of them", as the database's own lists (0008). */
export const maxChangeIds = 50;

function unionIds(a: string[] | null, b: string[] | null, most: number): string[] | null {
  if (a === null || b === null) return null;
  const union = [...new Set([...a, ...b])];
  return union.length <= most ? union : null;
}

/** The one change that says what both say, or null when they cannot be said as one (decision 032). */
function mergeChanges(a: Change, b: Change): Change | null {
  if (a.kind === 'bookings' && b.kind === 'bookings') {
    return {
      ...a,
      fromDate: a.fromDate < b.fromDate ? a.fromDate : b.fromDate,
      toDate: a.toDate > b.toDate ? a.toDate : b.toDate,
      hasPermanent: a.hasPermanent || b.hasPermanent,
      userIds: unionIds(a.userIds, b.userIds, maxChangeIds),
    };
  }
  if (a.kind === 'desks' && b.kind === 'desks') {
    return { ...a, floorIds: unionIds(a.floorIds, b.floorIds, maxChangeIds), renamed: a.renamed || b.renamed };
  }
  if (a.kind === 'floors' && b.kind === 'floors') {
    return { ...a, floorIds: unionIds(a.floorIds, b.floorIds, maxChangeIds) };
  }
  // A rename refetches names; a membership change also checks the members' streams: they stay apart.
  if (a.kind === 'members' && b.kind === 'members') {
    return (a.renamed === true) === (b.renamed === true)
      ? { ...a, userIds: unionIds(a.userIds, b.userIds, maxChangeIds) }
      : null;
  }
  if (a.kind === 'sessions' && b.kind === 'sessions') {
    return { ...a, userIds: unionIds(a.userIds, b.userIds, 100) };
  }
  return a.kind === b.kind ? a : null;
}

/**
 * Changes read together, announced together (decision 032): within each organization, a change of the same kind
 * as the one before it joins it, so that a hundred bookings committed within one read reach each stream as one
 * event. Each organization's order is kept: changes are merged only with their organization's previous one.
 */
export function coalesceChanges(changes: readonly Change[]): Change[] {
  const merged: Change[] = [];
  const lastOf = new Map<string | null, number>();
  for (const change of changes) {
    const last = lastOf.get(change.organizationId);
    const joined = last === undefined ? null : mergeChanges(merged[last] as Change, change);
    if (joined && last !== undefined) merged[last] = joined;
    else {
      lastOf.set(change.organizationId, merged.length);
      merged.push(change);
    }
  }
  return merged;
}
