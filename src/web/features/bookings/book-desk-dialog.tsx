import { type FormEvent, useEffect, useState } from 'react';
import { type BookingView, bookingFormSchema, isWeekday, type TimeSlot } from '../../../domain/bookings.ts';
import { isIsoDate, todayIn } from '../../../domain/dates.ts';
import { horizonMessages, latestBookingDate } from '../../../domain/horizon.ts';
import type { OrganizationView } from '../../../domain/organization.ts';
import { errorMessage } from '../../app/api.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { FieldError, Input, Label } from '../../components/ui/input.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import {
  conflictingBookings,
  useBulkBooking,
  useCreateBooking,
  useDeskAvailability,
  useWeeklyAvailability,
} from './api.ts';
import { SlotPicker } from './slot-picker.tsx';
import { WeeklyResult } from './weekly-option.tsx';

export interface BookableDesk {
  id: string;
  name: string;
}

type Errors = Partial<Record<'bookingDate' | 'timeSlot', string>>;

function Toggle({
  id,
  label,
  checked,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <label htmlFor={id} className="flex items-center gap-3 text-sm text-slate-800">
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 accent-brand-600"
      />
      {label}
    </label>
  );
}

/** Spec section 2, Book Desk: date, slot with live availability, notes, permanent (admins) or weekly. */
export function BookDeskDialog({
  organization,
  desk,
  initialDate,
  onClose,
}: {
  organization: OrganizationView;
  desk: BookableDesk;
  initialDate: string;
  onClose: () => void;
}) {
  const today = todayIn(organization.timeZone);
  const isAdmin = organization.role === 'admin';
  const [bookingDate, setBookingDate] = useState(initialDate < today ? today : initialDate);
  const [timeSlot, setTimeSlot] = useState<TimeSlot | ''>('');
  const [notes, setNotes] = useState('');
  const [isPermanent, setIsPermanent] = useState(false);
  const [isWeekly, setIsWeekly] = useState(false);
  const [chosenDeskId, setChosenDeskId] = useState(desk.id);
  const [errors, setErrors] = useState<Errors>({});
  const [conflicts, setConflicts] = useState<BookingView[]>([]);

  // The server's horizon, explained before anything is sent: at most two years ahead of the organization's today.
  // Beyond it there is no availability to ask for.
  const latestDate = latestBookingDate(today);
  const horizonProblem = bookingDate > latestDate ? horizonMessages.tooFarAhead(latestDate) : undefined;
  const availability = useDeskAvailability(desk.id, bookingDate, !horizonProblem);
  const dateError = errors.bookingDate ?? horizonProblem;
  const weekly = useWeeklyAvailability();
  const create = useCreateBooking();
  const bulk = useBulkBooking();
  const checkWeek = weekly.mutate;

  // A weekly series covers the remaining weekdays of the week: from a Saturday or Sunday there are none.
  const isWeekendStart = Boolean(bookingDate) && isIsoDate(bookingDate) && !isWeekday(bookingDate);
  useEffect(() => {
    if (!isWeekly || !bookingDate || !timeSlot || isWeekendStart) return;
    checkWeek(
      { organizationId: organization.id, deskId: desk.id, startDate: bookingDate, timeSlot },
      {
        onSuccess: (result) =>
          setChosenDeskId(result.originalDesk.available ? desk.id : (result.alternatives[0]?.id ?? '')),
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to check weekly availability'),
            variant: 'destructive',
          }),
      },
    );
  }, [isWeekly, bookingDate, timeSlot, isWeekendStart, organization.id, desk.id, checkWeek]);

  const finish = (title: string, description?: string) => {
    toast({ title, ...(description ? { description } : {}) });
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = bookingFormSchema.safeParse({ bookingDate, timeSlot, notes, isPermanent });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'bookingDate' || field === 'timeSlot') && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    if (horizonProblem) {
      setErrors({ bookingDate: horizonProblem });
      return;
    }
    setErrors({});
    const form = parsed.data;
    if (isWeekly && isWeekendStart) {
      toast({
        title: 'No weekdays left this week',
        description: 'Choose a date from Monday to Friday for a weekly booking.',
        variant: 'destructive',
      });
      return;
    }
    if (isWeekly) {
      // The week's check decides which desk is booked: nothing to do until it has answered.
      if (weekly.isPending) return;
      const result = weekly.data;
      if (!result || !chosenDeskId || result.dates.length === 0) {
        toast({
          title: 'No available desks for the full week',
          description: 'Try booking individual days instead',
          variant: 'destructive',
        });
        return;
      }
      bulk.mutate(
        {
          organizationId: organization.id,
          bookings: result.dates.map((date) => ({
            deskId: chosenDeskId,
            bookingDate: date,
            timeSlot: form.timeSlot,
            notes: form.notes ?? null,
          })),
        },
        {
          onSuccess: (answer) => finish('Desk booked successfully!', answer.message),
          onError: (error) =>
            toast({
              title: 'Error',
              description: errorMessage(error, 'Failed to create weekly bookings'),
              variant: 'destructive',
            }),
        },
      );
      return;
    }
    create.mutate(
      { ...form, organizationId: organization.id, deskId: desk.id, replaceConflicts: conflicts.length > 0 },
      {
        onSuccess: () => finish('Desk booked successfully!'),
        onError: (error) => {
          const found = isPermanent ? conflictingBookings(error) : [];
          if (found.length > 0) {
            setConflicts(found);
            return;
          }
          toast({ title: 'Error', description: errorMessage(error, 'Failed to book desk'), variant: 'destructive' });
        },
      },
    );
  };

  const isPending = create.isPending || bulk.isPending;
  const isCheckingWeek = isWeekly && weekly.isPending;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={`Book Desk ${desk.name}`}
        description={`${organization.name} · choose a date and a time slot.`}
      >
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="booking-date">Date</Label>
            <Input
              id="booking-date"
              type="date"
              min={today}
              max={latestDate}
              value={bookingDate}
              onChange={(event) => setBookingDate(event.target.value)}
              aria-invalid={Boolean(dateError)}
              aria-describedby={dateError ? 'booking-date-error' : undefined}
            />
            <FieldError id="booking-date-error" message={dateError} />
          </div>
          <SlotPicker
            value={timeSlot}
            onChange={setTimeSlot}
            slots={availability.data?.slots}
            isLoading={availability.isLoading}
            errorId={errors.timeSlot ? 'booking-slot-error' : undefined}
          />
          <FieldError id="booking-slot-error" message={errors.timeSlot} />
          <div className="grid gap-1.5">
            <Label htmlFor="booking-notes">Notes</Label>
            <textarea
              id="booking-notes"
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
              rows={2}
              maxLength={500}
              placeholder="Optional"
              className="rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
            />
          </div>
          <div className="grid gap-2">
            <Toggle
              id="booking-weekly"
              label="Book for the rest of the week"
              checked={isWeekly}
              disabled={isPermanent}
              onChange={(checked) => {
                setIsWeekly(checked);
                if (checked) setIsPermanent(false);
              }}
            />
            {isAdmin && (
              <Toggle
                id="booking-permanent"
                label="Permanent booking (Admin only)"
                checked={isPermanent}
                disabled={isWeekly}
                onChange={(checked) => {
                  setIsPermanent(checked);
                  setConflicts([]);
                  if (checked) setIsWeekly(false);
                }}
              />
            )}
            {isPermanent && (
              <p className="text-xs text-slate-600">
                Blocks the desk from this date on, for maintenance or reserved use.
              </p>
            )}
          </div>
          {isWeekly && isWeekendStart && (
            <p role="status" className="text-sm text-slate-600">
              The week has no weekdays left from this date. Choose a date from Monday to Friday.
            </p>
          )}
          {isWeekly && timeSlot && !isWeekendStart && (
            <WeeklyResult
              result={weekly.data}
              isChecking={weekly.isPending}
              chosenDeskId={chosenDeskId}
              onChooseDesk={setChosenDeskId}
            />
          )}
          {conflicts.length > 0 && (
            <div role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              <p className="font-medium">
                {desk.name} has {conflicts.length} upcoming booking{conflicts.length === 1 ? '' : 's'}.
              </p>
              <p>Book permanently anyway to cancel them; their owners will be told by e-mail.</p>
            </div>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={conflicts.length > 0 ? 'destructive' : 'primary'}
              disabled={isPending || isCheckingWeek}
            >
              {isPending ? 'Booking...' : conflicts.length > 0 ? 'Cancel them and book' : 'Book Desk'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
