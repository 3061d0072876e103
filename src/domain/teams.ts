import type { BookingLimits } from './booking-rules.ts';
import { maxBookingsPerWeekLimit, maxDaysAheadLimit } from './booking-rules.ts';
import { idParams, idSchema } from './ids.ts';
import { colour, maxTeamMembersPerRequest, nameOf, teamColours, teamMessages } from './neighbourhoods.ts';
import { z } from './zod.ts';

// Teams (issue 29): a named group of an organization's members. Its booking limits, when set, replace the
// organization's for its members, and a person in several teams gets the most generous of them. Neighbourhoods kept
// for teams are neighbourhoods.ts's.

/** A team's own limit: a number, or null for the organization's. */
const teamDaysAhead = z
  .number({ error: 'Days ahead must be a whole number' })
  .int('Days ahead must be a whole number')
  .min(0, 'Days ahead cannot be negative')
  .max(maxDaysAheadLimit, `Days ahead can be at most ${maxDaysAheadLimit}`)
  .nullable();
const teamWeeklyQuota = z
  .number({ error: 'Days per week must be a whole number' })
  .int('Days per week must be a whole number')
  .min(1, 'Days per week must be at least 1')
  .max(maxBookingsPerWeekLimit, `Days per week can be at most ${maxBookingsPerWeekLimit}`)
  .nullable();

const teamFields = {
  name: nameOf(teamMessages.nameRequired, teamMessages.nameTooLong, teamMessages.nameCharacters),
  colour,
  /** Days ahead for the team's members; null: the organization's. */
  maxDaysAhead: teamDaysAhead,
  /** Days a week for the team's members; null: the organization's. */
  maxBookingsPerWeek: teamWeeklyQuota,
};

/** POST /api/organizations/{id}/teams */
export const createTeamSchema = z.strictObject({
  name: teamFields.name,
  colour: teamFields.colour.default(teamColours[0]),
  maxDaysAhead: teamFields.maxDaysAhead.default(null),
  maxBookingsPerWeek: teamFields.maxBookingsPerWeek.default(null),
});
export type CreateTeamInput = z.input<typeof createTeamSchema>;

/** PUT /api/teams/{teamId}: any of the fields. */
export const updateTeamSchema = z.strictObject({
  name: teamFields.name.optional(),
  colour: teamFields.colour.optional(),
  maxDaysAhead: teamFields.maxDaysAhead.optional(),
  maxBookingsPerWeek: teamFields.maxBookingsPerWeek.optional(),
});
export type UpdateTeamInput = z.input<typeof updateTeamSchema>;

/** A team as the API answers it. */
export const teamSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  colour: z.string(),
  maxDaysAhead: z.number().int().nullable(),
  maxBookingsPerWeek: z.number().int().nullable(),
  memberCount: z.number().int(),
  /** Whether the caller is in it. */
  includesMe: z.boolean(),
  createdAt: z.string(),
});
export type TeamView = z.infer<typeof teamSchema>;

const teamPeople = z
  .array(idSchema)
  .max(maxTeamMembersPerRequest, `A team can be given at most ${maxTeamMembersPerRequest} people at once`);

/** PUT /api/teams/{teamId}/members: the whole list of the team's people (replaces it). */
export const teamMembersChangeSchema = z.strictObject({ userIds: teamPeople });
export type TeamMembersChange = z.infer<typeof teamMembersChangeSchema>;

/**
 * POST /api/teams/{teamId}/members: people to add to the team (the member list's bulk add). Those already in it stay
 * once and nobody is taken out, so two admins adding at once both keep their additions.
 */
export const teamMembersAdditionSchema = z.strictObject({
  userIds: teamPeople.min(1, 'Name at least one person to add'),
});
export type TeamMembersAddition = z.infer<typeof teamMembersAdditionSchema>;

/** GET /api/teams/{teamId}/members */
export const teamMemberSchema = z.object({
  userId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
});
export const teamMembersSchema = z.object({ userIds: z.array(z.string()), members: z.array(teamMemberSchema) });
export type TeamMembersView = z.infer<typeof teamMembersSchema>;

/** POST /api/teams/{teamId}/members answers the team's people as saved, and which of those named were new to it. */
export const teamMembersAddedSchema = teamMembersSchema.extend({ addedUserIds: z.array(z.string()) });
export type TeamMembersAdded = z.infer<typeof teamMembersAddedSchema>;

/** One of the teams a person is in, with the limits it sets (null: the organization's). */
export interface TeamLimits {
  id: string;
  maxDaysAhead: number | null;
  maxBookingsPerWeek: number | null;
}

/**
 * The limits a person books under: the organization's, unless they are in teams, when each team's limits (its own,
 * else the organization's) are taken and the most generous wins: the furthest window, the largest quota (no quota
 * beats any). One desk per person and the admins' exemption stay the organization's.
 */
export function limitsForPerson(organization: BookingLimits, teams: readonly TeamLimits[]): BookingLimits {
  if (teams.length === 0) return organization;
  const daysAhead = teams.map((team) => team.maxDaysAhead ?? organization.maxDaysAhead);
  const quotas = teams.map((team) => team.maxBookingsPerWeek ?? organization.maxBookingsPerWeek);
  return {
    ...organization,
    maxDaysAhead: Math.max(...daysAhead),
    maxBookingsPerWeek: quotas.some((quota) => quota === null) ? null : Math.max(...(quotas as number[])),
  };
}

/** /api/teams/:teamId/… */
export const teamParams = idParams('teamId');

/** DELETE /api/teams/{teamId}: a sentence that says what went. */
export const teamDeletedSchema = z.object({ message: z.string() });
export type TeamDeleted = z.infer<typeof teamDeletedSchema>;

/** The body PUT (and POST) /api/teams/{teamId}/members may send: the most people it may name, as uuids, with room to spare. */
export const teamMembersBodyLimit = 256 * 1024;
export const teamMembersTooLarge = `The list is too large: one request may name ${maxTeamMembersPerRequest.toLocaleString('en')} people in at most ${teamMembersBodyLimit.toLocaleString('en')} bytes.`;
