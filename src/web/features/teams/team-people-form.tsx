import { Search } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { displayName } from '#domain/account.ts';
import type { MemberView } from '#domain/team.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import type { Team } from './list-teams.ts';
import { searchPeople } from './team-form-values.ts';
import { useSetTeamMembers, useTeamMembers } from './team-members.ts';

const peopleOf = (count: number) => (count === 1 ? '1 person' : `${count} people`);

/**
 * Who is in a team: the organization's members as a checklist, searchable by name or e-mail, the team's people
 * ticked. Saving sends the whole list; the search only hides rows, it never unticks anyone.
 */
export function TeamPeopleForm({
  organizationId,
  team,
  members,
  onDone,
  onCancel,
}: {
  organizationId: string;
  team: Team;
  /** The organization's members (Team Management's list). */
  members: readonly MemberView[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const current = useTeamMembers(team.id);
  const save = useSetTeamMembers(organizationId);
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const [search, setSearch] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const searchId = useId();
  const countId = useId();

  // The team's people, once read, are the starting ticks.
  useEffect(() => {
    if (current.data && chosen === null) setChosen(new Set(current.data.userIds));
  }, [current.data, chosen]);
  // Once the checklist shows, the search has the focus (the form took the place of the list).
  const isReady = chosen !== null;
  useEffect(() => {
    if (isReady) document.getElementById(searchId)?.focus();
  }, [isReady, searchId]);

  const people = useMemo(
    () =>
      members
        .map((member) => ({ ...member.user, userId: member.userId }))
        .sort((a, b) => displayName(a).localeCompare(displayName(b))),
    [members],
  );
  const shown = searchPeople(people, search);

  if (current.isPending || chosen === null) {
    return current.isError ? (
      <p role="alert">{errorMessage(current.error, 'Who is in the team could not be loaded.')}</p>
    ) : (
      <p role="status">Loading the team’s people…</p>
    );
  }

  const toggle = (userId: string, isChecked: boolean) => {
    const next = new Set(chosen);
    if (isChecked) next.add(userId);
    else next.delete(userId);
    setChosen(next);
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    save.mutate(
      { teamId: team.id, userIds: [...chosen] },
      {
        onSuccess: (saved) => {
          toast({ title: 'Team saved', description: `${team.name} has ${peopleOf(saved.userIds.length)}.` });
          onDone();
        },
        onError: (error) => setProblem(errorMessage(error, 'Failed to save the team’s people')),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-3">
      <div className="grid gap-1.5">
        <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
          Search people
        </label>
        <div className="relative">
          <Search className="absolute top-3 left-3 size-4 text-slate-500" aria-hidden="true" />
          <Input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Name or e-mail"
            autoComplete="off"
            aria-describedby={countId}
            className="pl-9"
          />
        </div>
      </div>
      <p id={countId} className="text-sm text-slate-700" aria-live="polite">
        {`${peopleOf(chosen.size)} in ${team.name}`}
        {search.trim() !== '' && ` · ${shown.length} of ${people.length} shown`}
      </p>
      <fieldset className="max-h-80 overflow-y-auto rounded-lg border border-slate-200">
        <legend className="sr-only">{`People in ${team.name}`}</legend>
        {shown.length === 0 && <p className="p-3 text-sm text-slate-600">Nobody matches “{search.trim()}”.</p>}
        <ul className="divide-y divide-slate-100">
          {shown.map((person) => (
            <li key={person.userId}>
              <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-slate-50">
                <input
                  type="checkbox"
                  className="size-4 shrink-0 accent-brand-600"
                  checked={chosen.has(person.userId)}
                  onChange={(event) => toggle(person.userId, event.target.checked)}
                />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-slate-900">{displayName(person)}</span>
                  <span className="block truncate text-xs text-slate-600">{person.email}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {problem && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
          {problem}
        </p>
      )}
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save people'}
        </Button>
      </div>
    </form>
  );
}
