import { CalendarRange, Pencil, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import type { BookingLimits } from '#domain/booking-rules.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useDeleteTeam } from './delete-team.ts';
import type { Team } from './list-teams.ts';
import { describeTeamLimits } from './team-form-values.ts';

/** The ids the dialog hands focus back to when it shows the list again. */
export const teamEditButtonId = (teamId: string) => `team-edit-${teamId}`;
export const teamPeopleButtonId = (teamId: string) => `team-people-${teamId}`;

const peopleOf = (count: number) => (count === 1 ? '1 person' : `${count} people`);

/** A team's colour as a swatch beside its name; the name says which team it is, so the swatch is not read out. */
export function TeamSwatch({ colour }: { colour: string }) {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-3.5 shrink-0 rounded-full ring-1 ring-black/10"
      style={{ backgroundColor: colour }}
    />
  );
}

/**
 * The organization's teams by name: colour, size and limits, with People, Edit and Delete. Deleting asks first and
 * says that nobody leaves the organization.
 */
export function TeamList({
  organizationId,
  teams,
  rules,
  onEdit,
  onPeople,
  onDeleted,
}: {
  organizationId: string;
  teams: readonly Team[];
  /** The organization's limits, which a team without its own follows. */
  rules: Pick<BookingLimits, 'maxDaysAhead' | 'maxBookingsPerWeek'> | undefined;
  onEdit: (team: Team) => void;
  onPeople: (team: Team) => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteTeam(organizationId);
  const [deleting, setDeleting] = useState<Team | null>(null);

  if (teams.length === 0) {
    return (
      <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
        No teams yet. Add one for each group that sits together, such as Engineering or Finance: teams can have their
        own booking limits, and neighbourhoods can be kept for them.
      </p>
    );
  }

  const onDelete = (team: Team) =>
    remove.mutate(team.id, {
      onSuccess: (answer) => {
        toast({ title: 'Team deleted', description: answer.message });
        onDeleted();
      },
      onError: (error) =>
        toast({ title: 'Failed to delete the team', description: errorMessage(error, 'Please try again') }),
    });

  return (
    <>
      <ul className="divide-y divide-slate-100" aria-label="Teams">
        {teams.map((team) => (
          <li key={team.id} className="grid gap-2 py-3 first:pt-0">
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
              <h4 className="flex min-w-0 flex-1 items-center gap-2 font-semibold wrap-break-word text-slate-900">
                <TeamSwatch colour={team.colour} />
                <span className="min-w-0">{team.name}</span>
              </h4>
              <div className="flex shrink-0 flex-wrap items-center gap-1">
                <Button
                  id={teamPeopleButtonId(team.id)}
                  size="sm"
                  variant="ghost"
                  aria-label={`People of ${team.name}`}
                  onClick={() => onPeople(team)}
                >
                  <Users className="size-4" aria-hidden="true" />
                  People
                </Button>
                <Button
                  id={teamEditButtonId(team.id)}
                  size="sm"
                  variant="ghost"
                  aria-label={`Edit ${team.name}`}
                  onClick={() => onEdit(team)}
                >
                  <Pencil className="size-4" aria-hidden="true" />
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-red-700 hover:bg-red-50"
                  aria-label={`Delete ${team.name}`}
                  disabled={remove.isPending}
                  onClick={() => setDeleting(team)}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  Delete
                </Button>
              </div>
            </div>
            <div className="grid gap-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr] sm:gap-x-6">
              <p className="flex items-center gap-2">
                <Users className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
                {peopleOf(team.memberCount)}
              </p>
              <p className="flex items-start gap-2">
                <CalendarRange className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
                <span className="min-w-0">{describeTeamLimits(team, rules)}</span>
              </p>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? `Delete ${deleting.name}?` : 'Delete team?'}
        description={
          deleting
            ? `${deleting.name} and its limits are removed. Its ${peopleOf(deleting.memberCount)} stay in the organization and keep their bookings; neighbourhoods kept for it are no longer kept for it.`
            : ''
        }
        confirmLabel="Delete team"
        onConfirm={() => deleting && onDelete(deleting)}
      />
    </>
  );
}
