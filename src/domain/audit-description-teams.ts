// The audit log's sentences for teams (issue 29), apart from audit-description.ts to keep it small. Details are what
// the server recorded: read defensively, never trusting their shape.

type Details = Record<string, unknown>;

const textOf = (details: Details, key: string): string | undefined => {
  const value = details[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};
const countOf = (details: Details, key: string): number | undefined => {
  const value = details[key];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
};
const people = (count: number) => (count === 1 ? '1 person' : `${count} people`);

/** A team's limit as words: a number of days, or the organization's when it has none of its own. */
function limitOf(value: unknown, unit: (count: number) => string): string {
  return typeof value === 'number' ? unit(value) : 'the organization’s';
}
const daysAhead = (value: unknown) => limitOf(value, (count) => `${count} ${count === 1 ? 'day' : 'days'} ahead`);
const daysPerWeek = (value: unknown) => limitOf(value, (count) => `${count} ${count === 1 ? 'day' : 'days'} a week`);

/** Named people ("Sam Lee, Mia Chen and 3 more"), from the recorded list and its full count. */
function namesOf(details: Details, listKey: string, countKey: string): string {
  const listed = Array.isArray(details[listKey]) ? (details[listKey] as unknown[]) : [];
  const names = listed
    .map((person) => {
      const value = (person ?? {}) as Details;
      return textOf(value, 'name') ?? textOf(value, 'email');
    })
    .filter((name): name is string => name !== undefined);
  const count = countOf(details, countKey) ?? names.length;
  const more = count - names.length;
  if (names.length === 0) return people(count);
  return more > 0 ? `${names.join(', ')} and ${more} more` : names.join(', ');
}

function describeChanges(changes: Details): string {
  const change = (key: string): Details | undefined => {
    const value = changes[key];
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Details) : undefined;
  };
  const parts: string[] = [];
  const renamed = change('name');
  if (renamed && textOf(renamed, 'from')) parts.push(`renamed from ${textOf(renamed, 'from')}`);
  const colour = change('colour');
  if (colour) parts.push(`colour ${textOf(colour, 'from') ?? '?'} → ${textOf(colour, 'to') ?? '?'}`);
  const ahead = change('maxDaysAhead');
  if (ahead) parts.push(`days ahead ${daysAhead(ahead.from)} → ${daysAhead(ahead.to)}`);
  const quota = change('maxBookingsPerWeek');
  if (quota) parts.push(`days per week ${daysPerWeek(quota.from)} → ${daysPerWeek(quota.to)}`);
  return parts.length > 0 ? `: ${parts.join('; ')}` : '';
}

/** The sentence of a team.* event, or undefined for another action. */
export function describeTeamEvent(action: string, who: string, details: Details): string | undefined {
  const name = textOf(details, 'name');
  const theTeam = name ? `the team ${name}` : 'a team';
  switch (action) {
    case 'team.created': {
      const limits = [
        typeof details.maxDaysAhead === 'number' && daysAhead(details.maxDaysAhead),
        typeof details.maxBookingsPerWeek === 'number' && daysPerWeek(details.maxBookingsPerWeek),
      ].filter(Boolean);
      return `${who} added ${theTeam}${limits.length > 0 ? ` (${limits.join(', ')})` : ''}`;
    }
    case 'team.updated': {
      const changes = details.changes && typeof details.changes === 'object' ? (details.changes as Details) : {};
      return `${who} changed ${theTeam}${describeChanges(changes)}`;
    }
    case 'team.deleted': {
      const count = countOf(details, 'memberCount');
      return `${who} deleted ${theTeam}${count === undefined ? '' : ` (${people(count)})`}`;
    }
    case 'team.members_changed': {
      const parts = [
        (countOf(details, 'addedCount') ?? 0) > 0 && `added ${namesOf(details, 'added', 'addedCount')}`,
        (countOf(details, 'removedCount') ?? 0) > 0 && `removed ${namesOf(details, 'removed', 'removedCount')}`,
      ].filter(Boolean);
      return `${who} changed who is in ${name ?? 'a team'}${parts.length > 0 ? `: ${parts.join('; ')}` : ''}`;
    }
    default:
      return undefined;
  }
}
