import { DropdownMenu } from 'radix-ui';
import { useTeams } from './list-teams.ts';
import { describeMyTeams } from './team-form-values.ts';

/** The account menu's "Your teams: Design, Engineering" (issue 29), with a rule under it; nothing for someone in none. */
export function YourTeamsLabel({ organizationId }: { organizationId: string }) {
  const teams = useTeams(organizationId);
  const text = describeMyTeams(teams.data);
  if (!text) return null;
  return (
    <>
      <DropdownMenu.Label className="max-w-64 px-2 py-1.5 text-xs text-slate-700">{text}</DropdownMenu.Label>
      <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
    </>
  );
}
