import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { SharedBookingView } from '#domain/bookings-responses.ts';
import { createReleaseSchema, formatDayRange, releaseProblem } from '#domain/releases.ts';
import { showErrorToast } from '#web/app/error-toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogCancel, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { FieldError, Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useReleaseDays } from './release-days.ts';

/**
 * "I'm out…": the days of an assigned desk its owner (or an admin, for them) gives to others. The dates are the desk's
 * site's; what may not be released (past days, overlaps, beyond the horizon) is said before anything is sent.
 */
export function ReleaseDialog({
  booking,
  today,
  isOwner,
  open,
  onOpenChange,
}: {
  booking: SharedBookingView;
  /** The desk's site's today. */
  today: string;
  isOwner: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const release = useReleaseDays();
  const [problem, setProblem] = useState<string | undefined>();
  const { control, register, handleSubmit, reset } = useForm({
    resolver: zodResolver(createReleaseSchema),
    defaultValues: { startDate: today, endDate: today },
  });
  const submit = handleSubmit((days) => {
    const refusal = releaseProblem(days, { today, bookingDate: booking.bookingDate, releases: booking.releases ?? [] });
    setProblem(refusal);
    if (refusal) return;
    release.mutate(
      { bookingId: booking.id, days },
      {
        onSuccess: () => {
          const range = formatDayRange(days.startDate, days.endDate);
          toast({
            title: isOwner ? `You're out ${range}` : `${booking.desk.name} released ${range}`,
            description: `Others can book ${booking.desk.name} on those days.${isOwner ? ' You’ll get an e-mail when someone does.' : ''}`,
          });
          reset();
          onOpenChange(false);
        },
        onError: (error) => showErrorToast(error, 'The days could not be released'),
      },
    );
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={isOwner ? 'I’m out' : `Release days of ${booking.desk.name}`}
        description={`${booking.desk.name} can be booked by others on these days. They can be taken back while nobody has booked them.`}
      >
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField control={control} name="startDate" id="release-start" label="First day">
              {(field) => <Input {...field} {...register('startDate')} type="date" min={today} />}
            </FormField>
            <FormField control={control} name="endDate" id="release-end" label="Last day">
              {(field) => <Input {...field} {...register('endDate')} type="date" min={today} />}
            </FormField>
          </div>
          <FieldError id="release-problem" message={problem} />
          <div className="flex justify-end gap-2">
            <DialogCancel />
            <Button type="submit" disabled={release.isPending}>
              {release.isPending ? 'Releasing…' : 'Release these days'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
