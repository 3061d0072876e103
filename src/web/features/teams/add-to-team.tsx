import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogCancel, DialogContent } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useTeams } from './list-teams.ts';
import { TeamSwatch } from './team-list.tsx';
import { useAddToTeam } from './team-members.ts';

const peopleOf = (count: number) => (count === 1 ? '1 person' : `${count} people`);

/**
 * The member list's bulk add (issue 29): "Add to team…" for the people ticked there, then one team to add them to.
 * Those already in it stay once; nobody is taken out.
 */
export function AddToTeamButton({
  organizationId,
  userIds,
  onAdded,
}: {
  organizationId: string;
  /** The people ticked in the member list. */
  userIds: readonly string[];
  onAdded: () => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [teamId, setTeamId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const teams = useTeams(organizationId);
  const add = useAddToTeam(organizationId);
  const chosen = teams.data?.find((team) => team.id === teamId) ?? null;

  const open = () => {
    setProblem(null);
    setTeamId(null);
    setIsOpen(true);
  };

  const onAdd = () => {
    if (!chosen) return setProblem('Choose a team.');
    add.mutate(
      { teamId: chosen.id, userIds },
      {
        onSuccess: ({ added }) => {
          const already = userIds.length - added;
          toast({
            title: 'Added to team',
            description: `${peopleOf(added)} added to ${chosen.name}${already > 0 ? `; ${peopleOf(already)} already in it` : ''}.`,
          });
          setIsOpen(false);
          onAdded();
        },
        onError: (error) => setProblem(errorMessage(error, 'Failed to add them to the team')),
      },
    );
  };

  return (
    <>
      <Button size="sm" variant="secondary" disabled={userIds.length === 0} onClick={open}>
        <UserPlus className="size-4" aria-hidden="true" />
        Add to team…
      </Button>
      <Dialog open={isOpen} onOpenChange={setIsOpen}>
        <DialogContent title="Add to team" description={`Add ${peopleOf(userIds.length)} to one of the teams.`}>
          {teams.isPending && <p role="status">Loading teams…</p>}
          {teams.isError && <p role="alert">{errorMessage(teams.error, 'The teams could not be loaded.')}</p>}
          {teams.data?.length === 0 && (
            <p className="text-sm text-slate-700">There are no teams yet: add them under Teams in the sidebar.</p>
          )}
          {teams.data && teams.data.length > 0 && (
            <fieldset className="grid gap-1">
              <legend className="mb-1 text-sm font-medium text-slate-800">Team</legend>
              <div className="grid max-h-72 gap-1 overflow-y-auto">
                {teams.data.map((team) => (
                  <label
                    key={team.id}
                    className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                  >
                    <input
                      type="radio"
                      name="add-to-team"
                      className="size-4 accent-brand-600"
                      checked={teamId === team.id}
                      onChange={() => setTeamId(team.id)}
                    />
                    <TeamSwatch colour={team.colour} />
                    <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{team.name}</span>
                    <span className="shrink-0 text-xs text-slate-600">{peopleOf(team.memberCount)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {problem && (
            <p role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <DialogCancel />
            <Button onClick={onAdd} disabled={add.isPending || !teams.data?.length}>
              {add.isPending ? 'Adding…' : `Add ${peopleOf(userIds.length)}`}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
