import { Check } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { createNeighbourhoodSchema, describeRestriction, teamColours } from '#domain/neighbourhoods.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogCancel, DialogContent } from '#web/components/ui/dialog.tsx';
import { FieldError, Input, Label } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { useTeams } from '../teams/index.ts';
import { restrictionOf } from './areas.ts';
import type { Neighbourhood } from './list-neighbourhoods.ts';
import { useSaveNeighbourhood } from './save-neighbourhood.ts';

const colourNames = ['Blue', 'Cyan', 'Green', 'Lime', 'Amber', 'Orange', 'Red', 'Pink', 'Purple', 'Slate'] as const;
const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const toggled = <T,>(list: readonly T[], item: T) =>
  list.includes(item) ? list.filter((value) => value !== item) : [...list, item];

/**
 * Make a neighbourhood of the selected desks, or change one (issue 29): its name, colour, the teams it is kept for
 * and on which weekdays, with the sentence members will read ("Kept for Design on Tuesdays") as a live summary.
 */
export function NeighbourhoodDialog({
  organizationId,
  floorId,
  neighbourhood,
  selectedDeskIds,
  onClose,
}: {
  organizationId: string;
  floorId: string;
  /** The neighbourhood to change; null makes a new one of the selected desks. */
  neighbourhood: Neighbourhood | null;
  /** The desks selected on the map: a new neighbourhood's desks, or an existing one's when chosen. */
  selectedDeskIds: readonly string[];
  onClose: () => void;
}) {
  const id = useId();
  const teams = useTeams(organizationId);
  const save = useSaveNeighbourhood(floorId);
  const [name, setName] = useState(neighbourhood?.name ?? '');
  const [colour, setColour] = useState(neighbourhood?.colour ?? teamColours[0]);
  const [teamIds, setTeamIds] = useState<readonly string[]>(neighbourhood?.teamIds ?? []);
  const [weekdays, setWeekdays] = useState<readonly number[]>(neighbourhood?.weekdays ?? []);
  const [takesSelection, setTakesSelection] = useState(false);
  const [nameError, setNameError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const deskIds = neighbourhood && !takesSelection ? neighbourhood.deskIds : selectedDeskIds;
  const summary = describeRestriction(
    restrictionOf({ name, teamIds, weekdays: [...weekdays].sort() }, teams.data ?? []),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { name, colour, deskIds: [...deskIds], teamIds: [...teamIds], weekdays: [...weekdays] };
    const parsed = createNeighbourhoodSchema.safeParse(input);
    const nameIssue = parsed.error?.issues.find((issue) => issue.path[0] === 'name');
    setNameError(nameIssue?.message);
    if (!parsed.success) {
      if (!nameIssue) setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    save.mutate(
      { id: neighbourhood?.id ?? null, input },
      {
        onSuccess: (saved) => {
          toast({ title: neighbourhood ? `${saved.name} saved` : `Neighbourhood ${saved.name} made` });
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error, 'The neighbourhood could not be saved.')),
      },
    );
  };

  const deskCount = `${deskIds.length} ${deskIds.length === 1 ? 'desk' : 'desks'}`;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={neighbourhood ? `Edit ${neighbourhood.name}` : 'Make neighbourhood'}
        description={
          neighbourhood ? `${deskCount} in this neighbourhood.` : `A neighbourhood of the ${deskCount} you selected.`
        }
      >
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={100}
              autoComplete="off"
              autoFocus
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? `${id}-name-error` : undefined}
              onChange={(event) => setName(event.target.value)}
            />
            <FieldError id={`${id}-name-error`} message={nameError} />
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1.5 text-sm font-medium text-slate-800">Colour</legend>
            <div className="flex flex-wrap gap-2">
              {teamColours.map((value, index) => (
                <label
                  key={value}
                  title={colourNames[index]}
                  className="relative flex size-9 cursor-pointer items-center justify-center rounded-full has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
                  style={{ backgroundColor: value }}
                >
                  <input
                    type="radio"
                    name={`${id}-colour`}
                    value={value}
                    checked={colour === value}
                    onChange={() => setColour(value)}
                    aria-label={colourNames[index]}
                    className="sr-only"
                  />
                  {colour === value && <Check className="size-4 text-white" aria-hidden="true" />}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="grid gap-1.5">
            <legend className="mb-1.5 text-sm font-medium text-slate-800">Kept for</legend>
            {teams.data && teams.data.length > 0 ? (
              <div className="flex flex-wrap gap-2">
                {teams.data.map((team) => (
                  <Chip
                    key={team.id}
                    label={team.name}
                    isChosen={teamIds.includes(team.id)}
                    onToggle={() => setTeamIds((current) => toggled(current, team.id))}
                  />
                ))}
              </div>
            ) : (
              <p className="text-sm text-slate-600">
                {teams.isPending
                  ? 'Loading teams…'
                  : 'No teams yet: without teams, a neighbourhood is open to everyone.'}
              </p>
            )}
          </fieldset>
          <fieldset className="grid gap-1.5" disabled={teamIds.length === 0}>
            <legend className="mb-1.5 text-sm font-medium text-slate-800">On</legend>
            <div className="flex flex-wrap gap-2">
              {weekdayNames.map((day, index) => (
                <Chip
                  key={day}
                  label={day.slice(0, 3)}
                  fullLabel={day}
                  isChosen={weekdays.includes(index + 1)}
                  onToggle={() => setWeekdays((current) => toggled(current, index + 1))}
                />
              ))}
            </div>
            <p className="text-xs text-slate-600">None chosen: every day. On other days the desks are open to all.</p>
          </fieldset>
          {neighbourhood && selectedDeskIds.length > 0 && (
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-4"
                checked={takesSelection}
                onChange={(event) => setTakesSelection(event.target.checked)}
              />
              Make its desks the {selectedDeskIds.length} selected on the map
            </label>
          )}
          <p
            aria-live="polite"
            className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800"
            data-testid="neighbourhood-summary"
          >
            <span className="font-semibold">{name.trim() || 'This neighbourhood'}:</span> {summary}.
          </p>
          {problem && (
            <p role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <DialogCancel />
            <Button type="submit" disabled={save.isPending}>
              {neighbourhood ? 'Save' : 'Make neighbourhood'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function Chip({
  label,
  fullLabel,
  isChosen,
  onToggle,
}: {
  label: string;
  fullLabel?: string;
  isChosen: boolean;
  onToggle: () => void;
}) {
  return (
    <label
      className={cn(
        'inline-flex min-h-9 cursor-pointer items-center gap-1.5 rounded-full border px-3 text-sm font-medium select-none',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
        'has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60',
        isChosen ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-800',
      )}
    >
      <input type="checkbox" className="sr-only" checked={isChosen} onChange={onToggle} aria-label={fullLabel} />
      {isChosen && <Check className="size-3.5" aria-hidden="true" />}
      {label}
    </label>
  );
}
