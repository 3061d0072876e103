import { displayName } from '#domain/account.ts';
import type { BookingLimits } from '#domain/booking-rules.ts';
import { teamColours } from '#domain/neighbourhoods.ts';
import { createTeamSchema, type TeamView } from '#domain/teams.ts';
import { z } from '#domain/zod.ts';

// The Teams screen's pure parts (issue 29): its form's values, a team's limits and colours in words, the people
// checklist's search, and what a bulk add sends.

/** What the colour picker reads out for each of teamColours. */
export const colourNames: Record<(typeof teamColours)[number], string> = {
  '#2563eb': 'Blue',
  '#0891b2': 'Cyan',
  '#059669': 'Green',
  '#65a30d': 'Lime',
  '#ca8a04': 'Yellow',
  '#ea580c': 'Orange',
  '#dc2626': 'Red',
  '#db2777': 'Pink',
  '#9333ea': 'Purple',
  '#475569': 'Slate',
};

/** A limit field: blank is the organization's (null); anything else must be what the API takes. */
const blankIsNull = (value: unknown) => {
  if (typeof value !== 'string') return value;
  return value.trim() === '' ? null : Number(value.trim());
};

/** The team form: the API's own fields and messages, with the limits typed as text. */
export const teamFormSchema = z.object({
  name: createTeamSchema.shape.name,
  colour: createTeamSchema.shape.colour,
  maxDaysAhead: z.preprocess(blankIsNull, createTeamSchema.shape.maxDaysAhead),
  maxBookingsPerWeek: z.preprocess(blankIsNull, createTeamSchema.shape.maxBookingsPerWeek),
});
/** What the form's fields hold: the limits as typed. */
export type TeamFormText = { name: string; colour: string; maxDaysAhead: string; maxBookingsPerWeek: string };
export type TeamFormInput = z.input<typeof teamFormSchema>;
export type TeamFormValues = z.output<typeof teamFormSchema>;

/** The form's first values: the team's, or a new team's (the first colour no team has yet). */
export function teamFormDefaults(team: TeamView | null, teams: readonly TeamView[]): TeamFormText {
  if (team) {
    return {
      name: team.name,
      colour: team.colour,
      maxDaysAhead: team.maxDaysAhead === null ? '' : String(team.maxDaysAhead),
      maxBookingsPerWeek: team.maxBookingsPerWeek === null ? '' : String(team.maxBookingsPerWeek),
    };
  }
  const used = new Set(teams.map((one) => one.colour));
  const colour = teamColours.find((one) => !used.has(one)) ?? teamColours[teams.length % teamColours.length];
  return { name: '', colour: colour ?? teamColours[0], maxDaysAhead: '', maxBookingsPerWeek: '' };
}

/** The fields of `values` that differ from the team's: what PUT sends (nothing: nothing to save). */
export function changedTeamFields(team: TeamView, values: TeamFormValues): Partial<TeamFormValues> {
  const changes: Partial<Record<keyof TeamFormValues, unknown>> = {};
  for (const key of Object.keys(values) as (keyof TeamFormValues)[]) {
    if (values[key] !== team[key]) changes[key] = values[key];
  }
  return changes as Partial<TeamFormValues>;
}

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/**
 * A team's limits as the list shows them, each its own or the organization's: "30 days ahead · 2 days a week", "Days
 * ahead as the organization (14) · no weekly limit".
 */
export function describeTeamLimits(
  team: Pick<TeamView, 'maxDaysAhead' | 'maxBookingsPerWeek'>,
  organization?: Pick<BookingLimits, 'maxDaysAhead' | 'maxBookingsPerWeek'>,
): string {
  const ahead =
    team.maxDaysAhead !== null
      ? `${days(team.maxDaysAhead)} ahead`
      : `Days ahead as the organization${organization ? ` (${organization.maxDaysAhead})` : ''}`;
  let perWeek: string;
  if (team.maxBookingsPerWeek !== null) perWeek = `${days(team.maxBookingsPerWeek)} a week`;
  else if (!organization) perWeek = 'days per week as the organization';
  else if (organization.maxBookingsPerWeek === null) perWeek = 'no weekly limit';
  else perWeek = `days per week as the organization (${organization.maxBookingsPerWeek})`;
  return `${ahead} · ${perWeek}`;
}

export interface Person {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/** The people whose name or e-mail contains every word of the search, in any case and with or without accents. */
export function searchPeople<T extends Person>(people: readonly T[], search: string): T[] {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...people];
  return people.filter((person) => {
    const text = fold(`${displayName(person)} ${person.email}`);
    return words.every((word) => text.includes(word));
  });
}

/** "Your teams: Design, Engineering", or null for someone in none. */
export function describeMyTeams(teams: readonly Pick<TeamView, 'name' | 'includesMe'>[] | undefined): string | null {
  const mine = (teams ?? []).filter((team) => team.includesMe).map((team) => team.name);
  if (mine.length === 0) return null;
  return `Your ${mine.length === 1 ? 'team' : 'teams'}: ${mine.join(', ')}`;
}
