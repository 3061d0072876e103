import { isoWeekday } from './analytics-dates.ts';
import { idSchema } from './ids.ts';
import { hasNoControlCharacters } from './text.ts';
import { z } from './zod.ts';

// Neighbourhoods (issue 29): desks of one floor grouped under a name and a colour. Kept for teams, a neighbourhood's
// desks are for those teams' members on its weekdays (every day when none are chosen) and open to everyone on the
// others. The server judges it inside the booking's transaction (booking-rules.ts), the browser before anyone sends
// anything. Teams themselves are teams.ts's.

export const maxTeamsPerOrganization = 200;
export const maxNeighbourhoodsPerFloor = 100;
/** The most people one PUT or POST of a team's members may name (the member list's bulk add sends them at once). */
export const maxTeamMembersPerRequest = 5_000;

/** The colours an admin picks from: tints that keep desk names legible on the map (WCAG AA on white text halos). */
export const teamColours = [
  '#2563eb',
  '#0891b2',
  '#059669',
  '#65a30d',
  '#ca8a04',
  '#ea580c',
  '#dc2626',
  '#db2777',
  '#9333ea',
  '#475569',
] as const;

export const teamMessages = {
  nameRequired: 'Team name is required',
  nameTooLong: 'Team name must be at most 100 characters',
  nameCharacters: 'Team name contains characters that are not allowed',
  nameTaken: (name: string) => `A team called ${name} already exists.`,
  colour: 'Colour must be written as #rrggbb',
  notFound: 'Team not found.',
  tooMany: `An organization can have at most ${maxTeamsPerOrganization} teams.`,
  notMembers: 'Everyone in a team must be a member of the organization.',
  neighbourhoodNameRequired: 'Neighbourhood name is required',
  neighbourhoodNameTooLong: 'Neighbourhood name must be at most 100 characters',
  neighbourhoodNameCharacters: 'Neighbourhood name contains characters that are not allowed',
  neighbourhoodNameTaken: (name: string) => `This floor already has a neighbourhood called ${name}.`,
  neighbourhoodNotFound: 'Neighbourhood not found.',
  neighbourhoodsTooMany: `A floor can have at most ${maxNeighbourhoodsPerFloor} neighbourhoods.`,
  desksNotOnFloor: 'Every desk of a neighbourhood must be on its floor.',
  teamsNotFound: 'Every team of a neighbourhood must be one of the organization’s teams.',
  weekdaysInvalid: 'Weekdays are numbers from 1 (Monday) to 7 (Sunday)',
} as const;

export function nameOf(required: string, tooLong: string, characters: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(100, tooLong)
    .refine(hasNoControlCharacters, characters);
}

export const colour = z
  .string({ error: teamMessages.colour })
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, teamMessages.colour);

const weekdays = z
  .array(z.number({ error: teamMessages.weekdaysInvalid }).int(teamMessages.weekdaysInvalid), {
    error: teamMessages.weekdaysInvalid,
  })
  .max(7, teamMessages.weekdaysInvalid)
  .refine((days) => days.every((day) => day >= 1 && day <= 7), teamMessages.weekdaysInvalid)
  .transform((days) => [...new Set(days)].sort((a, b) => a - b));

const neighbourhoodFields = {
  name: nameOf(
    teamMessages.neighbourhoodNameRequired,
    teamMessages.neighbourhoodNameTooLong,
    teamMessages.neighbourhoodNameCharacters,
  ),
  colour,
  /** The floor's desks in it (a desk is in one neighbourhood at most: naming it here moves it from another). */
  deskIds: z.array(idSchema).max(2_000, 'A neighbourhood can have at most 2,000 desks'),
  /** The teams its desks are kept for; empty: open to all. */
  teamIds: z
    .array(idSchema)
    .max(maxTeamsPerOrganization, `A neighbourhood can be kept for at most ${maxTeamsPerOrganization} teams`),
  /** ISO weekdays the restriction holds on; empty: every day. */
  weekdays,
};

/** POST /api/floors/{floorId}/neighbourhoods */
export const createNeighbourhoodSchema = z.strictObject({
  name: neighbourhoodFields.name,
  colour: neighbourhoodFields.colour.default(teamColours[0]),
  deskIds: neighbourhoodFields.deskIds.default([]),
  teamIds: neighbourhoodFields.teamIds.default([]),
  weekdays: neighbourhoodFields.weekdays.default([]),
});
export type CreateNeighbourhoodInput = z.input<typeof createNeighbourhoodSchema>;

/** PUT /api/neighbourhoods/{id}: any of the fields; deskIds and teamIds replace the lists. */
export const updateNeighbourhoodSchema = z.strictObject({
  name: neighbourhoodFields.name.optional(),
  colour: neighbourhoodFields.colour.optional(),
  deskIds: neighbourhoodFields.deskIds.optional(),
  teamIds: neighbourhoodFields.teamIds.optional(),
  weekdays: neighbourhoodFields.weekdays.optional(),
});
export type UpdateNeighbourhoodInput = z.input<typeof updateNeighbourhoodSchema>;

export const neighbourhoodSchema = z.object({
  id: z.string(),
  floorId: z.string(),
  name: z.string(),
  colour: z.string(),
  deskIds: z.array(z.string()),
  teamIds: z.array(z.string()),
  weekdays: z.array(z.number().int()),
});
export type NeighbourhoodView = z.infer<typeof neighbourhoodSchema>;

/** What judging needs of a desk's neighbourhood when it is kept for teams. */
export interface NeighbourhoodRestriction {
  name: string;
  /** The teams its desks are kept for (none: open to all). */
  teams: ReadonlyArray<{ id: string; name: string }>;
  /** ISO weekdays the restriction holds on; none: every day. */
  weekdays: readonly number[];
}

const pluralWeekdays = ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'] as const;

/** "A", "A and B", "A, B and C". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** "on Tuesdays and Thursdays", or '' for every day. */
export function describeRestrictedDays(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (sorted.length === 0 || sorted.length === 7) return '';
  return `on ${listInWords(sorted.map((day) => pluralWeekdays[day - 1] ?? String(day)))}`;
}

/** Whether the neighbourhood is kept for its teams on the date (else it is open to all). */
export function isRestrictedOn(restriction: NeighbourhoodRestriction, date: string): boolean {
  if (restriction.teams.length === 0) return false;
  return restriction.weekdays.length === 0 || restriction.weekdays.includes(isoWeekday(date));
}

/** "Kept for Engineering and Design on Tuesdays": the map's and the list's note for a restricted neighbourhood. */
export function describeRestriction(restriction: NeighbourhoodRestriction): string {
  if (restriction.teams.length === 0) return 'Open to everyone';
  const days = describeRestrictedDays(restriction.weekdays);
  return `Kept for ${listInWords(restriction.teams.map((team) => team.name))}${days ? ` ${days}` : ''}`;
}

/**
 * The neighbourhood rule: a desk of a restricted neighbourhood is for its teams' members on its days. Answers the
 * refusal's sentence ("D12 is kept for Engineering on Tuesdays"), or undefined when the person may book it.
 */
export function neighbourhoodRefusal(
  deskName: string,
  date: string,
  restriction: NeighbourhoodRestriction | undefined,
  personTeamIds: readonly string[],
): string | undefined {
  if (!restriction || !isRestrictedOn(restriction, date)) return undefined;
  if (restriction.teams.some((team) => personTeamIds.includes(team.id))) return undefined;
  const days = describeRestrictedDays(restriction.weekdays);
  return `${deskName} is kept for ${listInWords(restriction.teams.map((team) => team.name))}${days ? ` ${days}` : ''}`;
}
