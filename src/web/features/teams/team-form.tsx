import { zodResolver } from '@hookform/resolvers/zod';
import { Check } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { BookingLimits } from '#domain/booking-rules.ts';
import { teamColours } from '#domain/neighbourhoods.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { useCreateTeam } from './create-team.ts';
import type { Team } from './list-teams.ts';
import {
  changedTeamFields,
  colourNames,
  type TeamFormInput,
  type TeamFormText,
  type TeamFormValues,
  teamFormDefaults,
  teamFormSchema,
} from './team-form-values.ts';
import { useUpdateTeam } from './update-team.ts';

type Field = keyof TeamFormText;
const fields: readonly Field[] = ['name', 'colour', 'maxDaysAhead', 'maxBookingsPerWeek'];

/** Where a refused save's sentence belongs: "… (maxDaysAhead)" under that field, a taken name under the name. */
function problemOf(message: string): { field: Field | null; message: string } {
  const match = message.match(/^(.+) \((\w+)\)$/);
  const field = fields.find((name) => name === match?.[2]);
  if (field && match?.[1]) return { field, message: match[1] };
  if (/^A team called .+ already exists\.$/.test(message)) return { field: 'name', message };
  return { field: null, message };
}

/** The ten colours as round swatches, one radio each, named for screen readers ("Blue"). */
function ColourPicker({
  value,
  onChange,
  describedBy,
}: {
  value: string;
  onChange: (colour: string) => void;
  describedBy: string | undefined;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {teamColours.map((colour) => {
        const isChosen = value === colour;
        return (
          <label
            key={colour}
            className={cn(
              'flex size-9 cursor-pointer items-center justify-center rounded-full ring-offset-2',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
              isChosen && 'ring-2 ring-slate-900',
            )}
            style={{ backgroundColor: colour }}
          >
            <input
              type="radio"
              name="team-colour"
              value={colour}
              className="sr-only"
              checked={isChosen}
              aria-describedby={describedBy}
              onChange={() => onChange(colour)}
            />
            {isChosen && <Check className="size-4 text-white" aria-hidden="true" />}
            <span className="sr-only">{colourNames[colour]}</span>
          </label>
        );
      })}
    </div>
  );
}

/**
 * A team's name, colour and own limits (issue 29), checked with the API's schema before sending. A blank limit is the
 * organization's, which the hint names.
 */
export function TeamForm({
  organizationId,
  team,
  teams,
  rules,
  onDone,
  onCancel,
}: {
  organizationId: string;
  /** The team to edit; none to add one. */
  team: Team | null;
  teams: readonly Team[];
  rules: Pick<BookingLimits, 'maxDaysAhead' | 'maxBookingsPerWeek'> | undefined;
  onDone: (teamId: string) => void;
  onCancel: () => void;
}) {
  const create = useCreateTeam(organizationId);
  const update = useUpdateTeam(organizationId);
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const { control, register, handleSubmit, setError, setFocus } = useForm<TeamFormInput, unknown, TeamFormValues>({
    resolver: zodResolver(teamFormSchema),
    defaultValues: teamFormDefaults(team, teams),
  });

  // The form takes the place of the list: its first field has the focus.
  useEffect(() => setFocus('name'), [setFocus]);

  const onServerError = (error: unknown) => {
    const problem = problemOf(errorMessage(error, 'Failed to save the team'));
    if (problem.field) {
      setError(problem.field, { type: 'server', message: problem.message });
      setFocus(problem.field);
    } else setFormProblem(problem.message);
  };

  const onSubmit = handleSubmit((values) => {
    setFormProblem(null);
    if (!team) {
      create.mutate(values, {
        onSuccess: (created) => {
          toast({ title: 'Team added', description: `${created.name} is ready: choose its people with People.` });
          onDone(created.id);
        },
        onError: onServerError,
      });
      return;
    }
    const changes = changedTeamFields(team, values);
    if (Object.keys(changes).length === 0) return onDone(team.id);
    update.mutate(
      { teamId: team.id, input: changes },
      {
        onSuccess: (saved) => {
          toast({ title: 'Team saved', description: `${saved.name} is up to date.` });
          onDone(saved.id);
        },
        onError: onServerError,
      },
    );
  });

  const isPending = create.isPending || update.isPending;
  const organizationQuota =
    rules === undefined ? '' : rules.maxBookingsPerWeek === null ? ' (no limit)' : ` (${rules.maxBookingsPerWeek})`;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormField control={control} name="name" id="team-name" label="Team name">
        {(field) => (
          <Input {...field} {...register('name')} maxLength={100} autoComplete="off" placeholder="Engineering" />
        )}
      </FormField>
      <FormField
        control={control}
        name="colour"
        label="Colour"
        description="Shown beside the team's name and on the map's neighbourhoods."
        isGroup
      >
        {(field) => (
          <Controller
            control={control}
            name="colour"
            render={({ field: { value, onChange } }) => (
              <ColourPicker value={value ?? ''} onChange={onChange} describedBy={field['aria-describedby']} />
            )}
          />
        )}
      </FormField>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium text-slate-800">Booking limits for this team</legend>
        <p className="text-xs text-slate-600">
          Leave blank to follow the organization's booking rules. Someone in several teams gets the most generous.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            control={control}
            name="maxDaysAhead"
            id="team-days-ahead"
            label="Days ahead"
            description={`Blank: the organization's${rules ? ` (${rules.maxDaysAhead})` : ''}.`}
          >
            {(field) => <Input {...field} {...register('maxDaysAhead')} type="number" inputMode="numeric" min={0} />}
          </FormField>
          <FormField
            control={control}
            name="maxBookingsPerWeek"
            id="team-days-per-week"
            label="Days per week"
            description={`Blank: the organization's${organizationQuota}.`}
          >
            {(field) => (
              <Input {...field} {...register('maxBookingsPerWeek')} type="number" inputMode="numeric" min={1} max={7} />
            )}
          </FormField>
        </div>
      </fieldset>
      {formProblem && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
          {formProblem}
        </p>
      )}
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isPending}>
          {isPending ? 'Saving…' : team ? 'Save team' : 'Add team'}
        </Button>
      </div>
    </form>
  );
}
