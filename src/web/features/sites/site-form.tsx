import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { type Control, Controller, type FieldPath, type UseFormRegister, useForm, useFormState } from 'react-hook-form';
import {
  type CreateSiteInput,
  createSiteSchema,
  defaultOfficeHours,
  defaultWorkingDays,
  movesBookingTimes,
  type SiteChangeConsequences,
  weekdayNames,
} from '#domain/sites.ts';
import type { z } from '#domain/zod.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { FieldError, Input, Label } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { useCreateSite } from './create-site.ts';
import { describeChangeConsequences, getChangeConsequences } from './get-change-consequences.ts';
import type { Site } from './list-sites.ts';
import { siteProblemOf } from './site-problem.ts';
import { TimeZoneField } from './time-zone-field.tsx';
import { useUpdateSite } from './update-site.ts';

type SiteFormInput = z.input<typeof createSiteSchema>;
type SiteFormValues = z.output<typeof createSiteSchema>;

const hourFields = [
  { name: 'dayStart', label: 'Day starts' },
  { name: 'midday', label: 'Midday' },
  { name: 'dayEnd', label: 'Day ends' },
] as const;

/** The fields of `after` that differ from the site: what PUT sends. */
function changedFields(site: Site, after: SiteFormValues): Partial<SiteFormValues> {
  const changes: Partial<Record<keyof SiteFormValues, unknown>> = {};
  for (const key of Object.keys(after) as (keyof SiteFormValues)[]) {
    const before = site[key] ?? null;
    const value = after[key] ?? null;
    if (JSON.stringify(before) !== JSON.stringify(value)) changes[key] = value;
  }
  return changes as Partial<SiteFormValues>;
}

/** Seven checkboxes, Monday first; "Mon" on screen, "Monday" read out; one row, also on a phone. */
function WorkingDaysField({
  value,
  onChange,
  describedBy,
}: {
  value: readonly number[];
  onChange: (days: number[]) => void;
  describedBy: string | undefined;
}) {
  return (
    <div className="grid grid-cols-7 gap-1 sm:flex sm:flex-wrap sm:gap-1.5">
      {weekdayNames.map((name, index) => {
        const day = index + 1;
        const isChecked = value.includes(day);
        return (
          <label
            key={name}
            className={cn(
              'flex h-9 min-w-0 cursor-pointer items-center justify-center rounded-lg border px-1 text-sm font-medium sm:min-w-11 sm:px-2',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 has-[:focus-visible]:ring-offset-1',
              isChecked ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-slate-300 bg-white text-slate-700',
            )}
          >
            <input
              type="checkbox"
              className="sr-only"
              checked={isChecked}
              aria-describedby={describedBy}
              onChange={(event) =>
                onChange(event.target.checked ? [...value, day].sort((a, b) => a - b) : value.filter((d) => d !== day))
              }
            />
            <span aria-hidden="true">{name.slice(0, 3)}</span>
            <span className="sr-only">{name}</span>
          </label>
        );
      })}
    </div>
  );
}

/**
 * Day start, midday and day end side by side (two and one on a phone), with one line of problems under them: the
 * order of the hours is a problem of the three together, and a sentence under a narrow field would wrap word by word.
 */
function OfficeHoursFields({
  control,
  register,
}: {
  control: Control<SiteFormInput, unknown, SiteFormValues>;
  register: UseFormRegister<SiteFormInput>;
}) {
  const { errors } = useFormState({ control, name: ['dayStart', 'midday', 'dayEnd'] });
  const problems = [...new Set(hourFields.map(({ name }) => errors[name]?.message).filter(Boolean))];
  const errorId = 'site-hours-error';
  return (
    <fieldset className="grid gap-2" aria-describedby="site-hours-description">
      <legend className="mb-1 text-sm font-medium text-slate-800">Office hours</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {hourFields.map(({ name, label }) => (
          <div key={name} className="grid min-w-0 content-start gap-1.5">
            <Label htmlFor={`site-${name}`}>{label}</Label>
            <Input
              id={`site-${name}`}
              {...register(name)}
              type="time"
              step={60}
              aria-invalid={Boolean(errors[name])}
              aria-describedby={errors[name] ? errorId : undefined}
              className="min-w-0 px-2"
            />
          </div>
        ))}
      </div>
      <p id="site-hours-description" className="text-xs text-slate-600">
        The morning runs from the start to midday, the afternoon from midday to the end.
      </p>
      <FieldError id={errorId} message={problems.join(' ')} />
    </fieldset>
  );
}

/**
 * A site's name, address, zone, hours and working days (issue 28), checked with the API's schema before sending. A
 * change of zone or hours moves the times of upcoming bookings: when it moves any, the admin is told how many, and
 * confirms, first.
 */
export function SiteForm({
  organizationId,
  site,
  defaultTimeZone,
  onDone,
  onCancel,
}: {
  organizationId: string;
  /** The site to edit; none to add one. */
  site: Site | null;
  /** A new site's zone before one is chosen: the organization's first site's. */
  defaultTimeZone: string;
  onDone: (siteId: string) => void;
  onCancel: () => void;
}) {
  const create = useCreateSite(organizationId);
  const update = useUpdateSite(organizationId);
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [isCounting, setIsCounting] = useState(false);
  const [pendingChange, setPendingChange] = useState<{
    changes: Partial<SiteFormValues>;
    consequences: SiteChangeConsequences;
  } | null>(null);
  const { control, register, handleSubmit, setError, setFocus } = useForm<SiteFormInput, unknown, SiteFormValues>({
    resolver: zodResolver(createSiteSchema),
    defaultValues: site
      ? {
          name: site.name,
          address: site.address ?? '',
          timeZone: site.timeZone,
          dayStart: site.dayStart,
          midday: site.midday,
          dayEnd: site.dayEnd,
          workingDays: site.workingDays,
        }
      : {
          name: '',
          address: '',
          timeZone: defaultTimeZone,
          ...defaultOfficeHours,
          workingDays: [...defaultWorkingDays],
        },
  });

  // The form takes the place of the list: its first field has the focus.
  useEffect(() => setFocus('name'), [setFocus]);

  const onServerError = (error: unknown) => {
    const problem = siteProblemOf(errorMessage(error, 'Failed to save the site'));
    if (problem.field) {
      setError(problem.field as FieldPath<SiteFormInput>, { type: 'server', message: problem.message });
      setFocus(problem.field as FieldPath<SiteFormInput>);
    } else setFormProblem(problem.message);
  };

  const save = (siteId: string, changes: Partial<SiteFormValues>) =>
    update.mutate(
      { siteId, input: changes },
      {
        onSuccess: (saved) => {
          toast({ title: 'Site saved', description: `${saved.name} is up to date.` });
          onDone(saved.id);
        },
        onError: onServerError,
      },
    );

  const onSubmit = handleSubmit(async (values) => {
    setFormProblem(null);
    if (!site) {
      create.mutate(values as CreateSiteInput, {
        onSuccess: (created) => {
          toast({ title: 'Site added', description: `${created.name} is ready for floors.` });
          onDone(created.id);
        },
        onError: onServerError,
      });
      return;
    }
    const changes = changedFields(site, values);
    if (Object.keys(changes).length === 0) return onDone(site.id);
    if (!movesBookingTimes(site, { ...site, ...values })) return save(site.id, changes);
    // A new zone or new hours: how many upcoming bookings move is said before anything changes (none: nothing to ask).
    setIsCounting(true);
    let consequences: SiteChangeConsequences;
    try {
      consequences = await getChangeConsequences(site.id);
    } catch (error) {
      setFormProblem(errorMessage(error, 'Failed to count the bookings this change affects'));
      return;
    } finally {
      setIsCounting(false);
    }
    if (consequences.upcomingBookings === 0) save(site.id, changes);
    else setPendingChange({ changes, consequences });
  });

  const isPending = create.isPending || update.isPending || isCounting;
  return (
    <>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <FormField control={control} name="name" id="site-name" label="Site name">
          {(field) => (
            <Input {...field} {...register('name')} maxLength={100} autoComplete="off" placeholder="Tokyo office" />
          )}
        </FormField>
        <FormField
          control={control}
          name="address"
          id="site-address"
          label="Address (optional)"
          description="Shown to people choosing the site."
        >
          {(field) => <Input {...field} {...register('address')} maxLength={300} autoComplete="off" />}
        </FormField>
        <TimeZoneField
          control={control}
          id="site-time-zone"
          description="Bookings, check-in and reminders at this site follow this zone."
        />
        <OfficeHoursFields control={control} register={register} />
        <FormField
          control={control}
          name="workingDays"
          label="Working days"
          description="People can book desks on these days; admins can also book other days."
          isGroup
        >
          {(field) => (
            <Controller
              control={control}
              name="workingDays"
              render={({ field: { value, onChange } }) => (
                <WorkingDaysField value={value ?? []} onChange={onChange} describedBy={field['aria-describedby']} />
              )}
            />
          )}
        </FormField>
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
            {isPending ? 'Saving…' : site ? 'Save site' : 'Add site'}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={pendingChange !== null}
        onOpenChange={(open) => !open && setPendingChange(null)}
        title={`Change the times of ${site?.name ?? 'this site'}?`}
        description={pendingChange ? describeChangeConsequences(pendingChange.consequences) : ''}
        confirmLabel="Change times"
        confirmVariant="primary"
        onConfirm={() => site && pendingChange && save(site.id, pendingChange.changes)}
      />
    </>
  );
}
