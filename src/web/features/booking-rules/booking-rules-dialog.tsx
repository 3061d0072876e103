import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import {
  type BookingRules,
  bookingRulesSchema,
  maxBookingsPerWeekLimit,
  maxDaysAheadLimit,
} from '#domain/booking-rules.ts';
import { checkInGraceLimits } from '#domain/check-in.ts';
import type { OrganizationView } from '#domain/organization.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogCancel, DialogContent } from '#web/components/ui/dialog.tsx';
import { type FieldControlProps, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SwitchField } from '#web/components/ui/switch-field.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { HideNamesSetting } from '../following/index.ts';
import { useBookingRules } from './get-booking-rules.ts';
import { serverProblemOf } from './server-problem.ts';
import { useUpdateBookingRules } from './update-booking-rules.ts';

const weeklyLimits = Array.from({ length: maxBookingsPerWeekLimit }, (_, index) => index + 1);

const selectClass = cn(
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm',
  'focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-invalid:border-red-500',
);

function BookingRulesForm({
  organization,
  rules,
  onClose,
  onSaved,
}: {
  organization: OrganizationView;
  rules: BookingRules;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const update = useUpdateBookingRules(organization.id);
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const { control, register, handleSubmit, setError, setFocus, watch } = useForm<BookingRules>({
    resolver: zodResolver(bookingRulesSchema),
    defaultValues: rules,
    mode: 'onTouched',
  });

  // The check-in details matter only while check-in is required: they stay editable, and say so.
  const checkInRequired = watch('checkInRequired');

  const onSubmit = handleSubmit((values) => {
    setFormProblem(null);
    update.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Booking rules saved', description: `They apply to new bookings in ${organization.name}.` });
        onSaved?.();
        onClose();
      },
      onError: (error) => {
        const problem = serverProblemOf(errorMessage(error, 'Failed to save the booking rules'));
        if (problem.field) {
          setError(problem.field as FieldPath<BookingRules>, { type: 'server', message: problem.message });
          setFocus(problem.field as FieldPath<BookingRules>);
        } else {
          setFormProblem(problem.message);
        }
      },
    });
  });

  // A whole number in a narrow field, with its limits as the browser's own hints.
  const numberInput =
    (name: 'maxDaysAhead' | 'checkInGraceMinutes', limits: { min: number; max: number; step: number }) =>
    (field: FieldControlProps) => (
      <div className="w-28">
        <Input {...field} {...register(name, { valueAsNumber: true })} type="number" inputMode="numeric" {...limits} />
      </div>
    );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <SwitchField
        control={control}
        name="onePerPersonPerSlot"
        label="One desk per person"
        description="A person holds at most one desk per half day (a full day counts as both). Permanent bookings don't count."
      />
      <FormField
        control={control}
        name="maxDaysAhead"
        label="Bookings open … days ahead"
        description={`From today up to this many days ahead, 0 to ${maxDaysAheadLimit}; 0 allows today only.`}
      >
        {numberInput('maxDaysAhead', { min: 0, max: maxDaysAheadLimit, step: 1 })}
      </FormField>
      <FormField
        control={control}
        name="maxBookingsPerWeek"
        label="Weekly limit"
        description="Days each person may book in one week, Monday to Sunday."
      >
        {(field) => (
          <Controller
            control={control}
            name="maxBookingsPerWeek"
            render={({ field: { value, onChange, onBlur, ref } }) => (
              <select
                {...field}
                ref={ref}
                value={value === null ? 'off' : String(value)}
                onChange={(event) => onChange(event.target.value === 'off' ? null : Number(event.target.value))}
                onBlur={onBlur}
                className={selectClass}
              >
                <option value="off">Off: no weekly limit</option>
                {weeklyLimits.map((days) => (
                  <option key={days} value={days}>
                    {days === 1 ? '1 day per person per week' : `${days} days per person per week`}
                  </option>
                ))}
              </select>
            )}
          />
        )}
      </FormField>
      <SwitchField
        control={control}
        name="adminsExempt"
        label="Admins are exempt from the advance window and the weekly limit"
        description="One desk per person still applies to admins: they block desks with permanent bookings."
      />
      <fieldset className="grid gap-5 border-t border-slate-200 pt-5">
        <legend className="float-left -mb-2 w-full text-sm font-semibold text-slate-900">Check-in</legend>
        <SwitchField
          control={control}
          name="checkInRequired"
          label="Check-in required"
          description="People confirm they came, from 30 minutes before their booking starts, in My Bookings, on the map or with the desk's QR code."
        />
        <div className="grid gap-5">
          {!checkInRequired && (
            <p className="-mb-2 text-sm text-slate-600">These take effect once check-in is required.</p>
          )}
          <FormField
            control={control}
            name="checkInGraceMinutes"
            label="Minutes to check in after the start"
            description={`Check-in closes this long after the booking starts, ${checkInGraceLimits.min} to ${checkInGraceLimits.max} minutes.`}
          >
            {numberInput('checkInGraceMinutes', { min: checkInGraceLimits.min, max: checkInGraceLimits.max, step: 5 })}
          </FormField>
          <SwitchField
            control={control}
            name="autoRelease"
            label="Release desks nobody checked in to"
            description="When check-in closes without a check-in, the desk becomes free for others and its booker gets an e-mail."
          />
        </div>
      </fieldset>
      {formProblem && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
          {formProblem}
        </p>
      )}
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
        <DialogCancel />
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save rules'}
        </Button>
      </div>
    </form>
  );
}

/** Admins: how the organization's desks may be booked (issue 15). Loads the rules in force, saves them whole. */
export function BookingRulesDialog({
  organization,
  onClose,
  onSaved,
}: {
  organization: OrganizationView;
  onClose: () => void;
  /** Saved, changed or not: the first-run checklist counts the rules as set (issue 27). */
  onSaved?: () => void;
}) {
  const rules = useBookingRules(organization.id);
  let body: ReactNode;
  if (rules.isPending) body = <p role="status">Loading the booking rules…</p>;
  else if (rules.isError)
    body = <p role="alert">{errorMessage(rules.error, 'The booking rules could not be loaded.')}</p>;
  else
    body = (
      <>
        <HideNamesSetting organization={organization} />
        <BookingRulesForm organization={organization} rules={rules.data} onClose={onClose} onSaved={onSaved} />
      </>
    );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Booking rules"
        description={`How desks in ${organization.name} may be booked. Changes apply to new bookings; bookings already made stay.`}
      >
        {body}
      </DialogContent>
    </Dialog>
  );
}
