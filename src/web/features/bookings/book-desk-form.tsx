import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { displayName } from '#domain/account.ts';
import { isoWeekday } from '#domain/analytics-dates.ts';
import {
  bookingDateFieldProblem,
  bookingFormSchema,
  bookingMessages,
  fullyBookedMessage,
  isFullyBooked,
  maxNotesLength,
  type TimeSlot,
} from '#domain/bookings.ts';
import type { BookingView } from '#domain/bookings-responses.ts';
import { addDays, formatLongDate } from '#domain/dates.ts';
import { horizonMessages, latestBookingDate } from '#domain/horizon.ts';
import type { OrganizationView } from '#domain/organization.ts';
import { remainingWorkingDays } from '#domain/site-times.ts';
import { isWorkingDay, siteMessages, siteToday, workingDaysFrom } from '#domain/sites.ts';
import { planWeeklyBooking, weeklyBookingMessages } from '#domain/weekly-booking.ts';
import { showErrorToast } from '#web/app/error-toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useDeskNeighbourhood } from '../neighbourhoods/index.ts';
import { useCurrentUser } from '../session/index.ts';
import { useCurrentSite, viewerTimeZone } from '../sites/index.ts';
import { membersQuery } from '../team/index.ts';
import { BookForField } from './book-for-field.tsx';
import { BookingOptions, PermanentConflictsNotice } from './booking-options.tsx';
import { useCreateSeries, useSeriesPreview } from './booking-series.ts';
import { useWeeklyAvailability } from './check-weekly-availability.ts';
import { conflictingBookings, ruleRefusalOf, useCreateBooking } from './create-booking.ts';
import { useBulkBooking } from './create-bulk-booking.ts';
import { useDeskAvailability } from './get-desk-availability.ts';
import { type RepeatChoice, RepeatOption } from './repeat-option.tsx';
import { SlotPicker } from './slot-picker.tsx';
import { useSlotRules } from './use-slot-rules.ts';
import { WeeklyResult } from './weekly-option.tsx';

export interface BookableDesk {
  id: string;
  name: string;
  /** The desk's floor and neighbourhood (issue 29), when known: a neighbourhood kept for teams is judged here. */
  floorId?: string | undefined;
  neighbourhoodId?: string | null | undefined;
}

export const bookDeskTitle = (desk: BookableDesk) => `Book Desk ${desk.name}`;
/** Names the site too where the organization has several (issue 28): the times below are its. */
export const bookDeskDescription = (organization: OrganizationView, siteName?: string) =>
  `${siteName ? `${organization.name} · ${siteName}` : organization.name} · choose a date and a time slot.`;

const isDateText = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * Spec section 2, Book Desk: date, slot with live availability, notes, permanent (admins) or weekly. The body of the
 * desk dialog, which names itself after the desk that will be booked (onBookedDeskChange). Its clock is the desk's
 * site's (issue 28): "today", the slots' times, check-in and working days; a member cannot choose a day the site does
 * not work (an admin may, for a Saturday event), and the weekly option books the site's working days of the week.
 */
export function BookDeskForm({
  organization,
  desk,
  initialDate,
  initialSlot,
  onBookedDeskChange,
  onClose,
}: {
  organization: OrganizationView;
  desk: BookableDesk;
  initialDate: string;
  /** The half day the desk dialog offered ('Book the afternoon'). */
  initialSlot?: TimeSlot;
  /** The week's alternative when one is chosen, else the desk itself. */
  onBookedDeskChange: (desk: BookableDesk) => void;
  onClose: () => void;
}) {
  const { site, clock } = useCurrentSite(organization);
  const siteName = site?.name ?? organization.name;
  const today = siteToday(clock);
  const isAdmin = organization.role === 'admin';
  // A member is offered the first working day from the date asked for; an admin the date itself.
  const firstDate = initialDate < today ? today : initialDate;
  const openingDate =
    isAdmin || isWorkingDay(clock, firstDate) ? firstDate : (workingDaysFrom(clock, firstDate, 1)[0] ?? firstDate);
  // bookingFormSchema's problems are said as soon as a field changes (notes too long, a slot chosen at last), except
  // the date's, which the date field works out itself from the organization's today below.
  const { control, register, handleSubmit, watch, setValue, setFocus, formState } = useForm({
    resolver: zodResolver(bookingFormSchema),
    mode: 'onChange',
    shouldFocusError: false,
    defaultValues: {
      bookingDate: openingDate,
      timeSlot: initialSlot,
      notes: '',
      isPermanent: false,
    },
  });
  const bookingDate = watch('bookingDate');
  // No slot until one is chosen (the schema then says 'Please select a time slot').
  const timeSlot: TimeSlot | undefined = watch('timeSlot');
  const isPermanent = watch('isPermanent') ?? false;
  const hasTriedToBook = formState.isSubmitted;
  // Weekly is a way of booking, not a field of the booking.
  const [isWeekly, setIsWeekly] = useState(false);
  // Repeat (issue 29): chosen weekdays until a date, from the chosen date; the date's own weekday to begin with.
  const [isRepeating, setIsRepeating] = useState(false);
  const [repeat, setRepeat] = useState<RepeatChoice>(() => ({
    weekdays: isWorkingDay(clock, openingDate) ? [isoWeekday(openingDate)] : [],
    interval: 1,
    untilDate: addDays(openingDate, 27),
  }));
  const [chosenDeskId, setChosenDeskId] = useState(desk.id);
  const [conflicts, setConflicts] = useState<BookingView[]>([]);
  // Admins book for a member ('' is themselves): the booking is theirs, and the rules are judged for them.
  const [personId, setPersonId] = useState('');
  const currentUserId = useCurrentUser().user?.id ?? '';
  const members = useQuery({ ...membersQuery(organization.id), enabled: isAdmin });
  const person = personId ? members.data?.find((member) => member.userId === personId) : undefined;
  const personName = person ? displayName(person.user) : null;
  // A rule the server refused by (a race with another booking or a rules change), for the choices it was made with.
  const [serverRefusal, setServerRefusal] = useState<{ message: string; choice: string } | null>(null);

  const weekly = useWeeklyAvailability();
  // The desk that will be booked names the dialog: the week's alternative when one is chosen.
  const alternative = isWeekly ? weekly.data?.alternatives.find((item) => item.id === chosenDeskId) : undefined;
  const bookedDesk: BookableDesk = alternative ?? desk;
  const reportBookedDesk = useEffectEvent(onBookedDeskChange);
  useEffect(() => reportBookedDesk({ id: bookedDesk.id, name: bookedDesk.name }), [bookedDesk.id, bookedDesk.name]);

  // Everything the date field can say is said from its current value, so an error goes as soon as the date is
  // fine again; 'Date is required' waits for a try to book (a date typed field by field is empty meanwhile). A past
  // date, one beyond the server's horizon (two years ahead) or one beyond the organization's advance window asks no
  // availability: there is none to ask for.
  const latestDate = latestBookingDate(today);
  const isOffDay = isDateText(bookingDate) && !isWorkingDay(clock, bookingDate);
  const calendarProblem =
    bookingDateFieldProblem(bookingDate, today) ??
    (bookingDate > latestDate ? horizonMessages.tooFarAhead(latestDate) : undefined) ??
    (isOffDay && !isAdmin ? siteMessages.nonWorkingDay(bookingDate, siteName) : undefined);
  // The site's working days of the date's week from the date on: what the weekly option books.
  const weekDates = isDateText(bookingDate) ? remainingWorkingDays(bookingDate, clock.workingDays) : [];
  // What the weekly option says when the week has no working day left from the date (planWeeklyBooking's sentence).
  const noDaysLeft =
    planWeeklyBooking({
      startDate: bookingDate,
      slot: 'full-day',
      availability: undefined,
      rules: undefined,
      workingDays: clock.workingDays,
    }).lines[0] ?? weeklyBookingMessages.noWeekdays;
  // Issue 29: the desk's neighbourhood, judged for the person the booking is for: the signed-in person, or the member
  // an admin books for (their teams are read once chosen; until then the server judges). A weekly alternative's
  // neighbourhood is not known here.
  const kept = useDeskNeighbourhood(organization.id, desk, personId);
  const neighbourhoodOf = (deskId: string) => (deskId === desk.id && kept.personTeamIds ? kept.restriction : undefined);
  // The rules judge each slot on the date; the person's bookings of the whole week are read for the weekly plan.
  const rules = useSlotRules({
    neighbourhood: neighbourhoodOf(bookedDesk.id),
    personTeamIds: kept.personTeamIds,
    organization,
    clock,
    siteName,
    desk: bookedDesk,
    date: calendarProblem ? null : bookingDate,
    seriesDates: calendarProblem ? [] : isWeekly && weekDates.length > 0 ? weekDates : [bookingDate],
    personId: personId || currentUserId,
    personName,
    isPermanent,
  });
  const dateProblem = calendarProblem ?? rules.dateRefusal;
  const dateError = dateProblem === bookingMessages.dateRequired && !hasTriedToBook ? undefined : dateProblem;
  const latestChoosable = rules.latestDate && rules.latestDate < latestDate ? rules.latestDate : latestDate;
  const isDateBookable = !dateProblem;
  const availability = useDeskAvailability(desk.id, bookingDate, isDateBookable);
  const slots = isDateBookable ? availability.data?.slots : undefined;
  const create = useCreateBooking();
  const bulk = useBulkBooking();
  const checkWeek = (startDate: string, slot: TimeSlot) =>
    weekly.mutate(
      { organizationId: organization.id, deskId: desk.id, startDate, timeSlot: slot },
      {
        onSuccess: (result) =>
          setChosenDeskId(result.originalDesk.available ? desk.id : (result.alternatives[0]?.id ?? '')),
        onError: (error) => showErrorToast(error, 'Failed to check weekly availability'),
      },
    );
  const checkWeekOnChange = useEffectEvent(checkWeek);

  // A weekly series covers the remaining working days of the week: from a Saturday or Sunday there are none.
  const isWeekendStart = isDateBookable && weekDates.length === 0;
  useEffect(() => {
    if (!isWeekly || !isDateBookable || !timeSlot || isWeekendStart) return;
    checkWeekOnChange(bookingDate, timeSlot);
  }, [isWeekly, isDateBookable, bookingDate, timeSlot, isWeekendStart]);

  // Opened from one's own booking ('Book the afternoon'), the form replaces that view inside the same dialog: the
  // date, its first field, takes the focus the pressed button had.
  useEffect(() => setFocus('bookingDate'), [setFocus]);

  // The weekly option's days, desk and sentences, judged once from the week's check (for this very date and slot) and
  // the rules the slots were judged by.
  const weekChecked = weekly.variables?.startDate === bookingDate && weekly.variables.timeSlot === timeSlot;
  const weekPlan =
    isWeekly && timeSlot && isDateBookable && !isWeekendStart && !(weekChecked && weekly.isError)
      ? planWeeklyBooking({
          startDate: bookingDate,
          slot: timeSlot,
          availability: weekChecked && !weekly.isPending ? weekly.data : undefined,
          chosenAlternativeId: chosenDeskId,
          rules: rules.context,
          workingDays: clock.workingDays,
          neighbourhoodOf,
        })
      : undefined;

  // A series judges each of its dates itself (its preview): the chosen date's slots say nothing of the others.
  const isOneDate = !isWeekly && !isRepeating;
  const isFull = isOneDate && slots !== undefined && isFullyBooked(slots);
  const isChosenSlotTaken = isOneDate && timeSlot !== undefined && slots?.[timeSlot] === 'booked';
  // A slot a rule forbids is disabled with its sentence; one chosen before it became forbidden (another date, another
  // person) says so once booking is tried.
  const chosenSlotRefusal = timeSlot && !isChosenSlotTaken && !isRepeating ? rules.refusals?.[timeSlot] : undefined;
  const slotError = isChosenSlotTaken
    ? bookingMessages.alreadyBooked
    : chosenSlotRefusal && hasTriedToBook
      ? chosenSlotRefusal
      : undefined;
  // The server's refusal stands while the choices it was made with do, unless a field already says the same.
  const choice = [bookingDate, timeSlot, personId, isWeekly, isPermanent, isRepeating, bookedDesk.id].join('|');
  const formProblem =
    serverRefusal?.choice === choice && serverRefusal.message !== slotError && serverRefusal.message !== dateProblem
      ? serverRefusal.message
      : undefined;
  const showRefusalOr = (fallback: string) => (error: unknown) => {
    const refusal = ruleRefusalOf(error);
    if (refusal) setServerRefusal({ message: refusal, choice });
    else showErrorToast(error, fallback);
  };

  const finish = (description?: string) => {
    // Booked for someone else: the toast says for whom.
    const title = personName ? `Desk ${bookedDesk.name} booked for ${personName}` : 'Desk booked successfully!';
    toast({ title, ...(description ? { description } : {}) });
    onClose();
  };
  const forPerson = personId ? { userId: personId } : {};

  const seriesRequest =
    isRepeating && timeSlot && !calendarProblem && repeat.weekdays.length > 0 && isDateText(repeat.untilDate)
      ? {
          organizationId: organization.id,
          deskId: desk.id,
          ...forPerson,
          timeSlot,
          weekdays: repeat.weekdays,
          interval: repeat.interval,
          startDate: bookingDate,
          untilDate: repeat.untilDate,
        }
      : null;
  const seriesPreview = useSeriesPreview(seriesRequest);
  const seriesPlan = seriesRequest ? seriesPreview.data : undefined;
  const isCheckingSeries = seriesRequest !== null && (seriesPreview.isSettling || seriesPreview.isFetching);
  const createSeries = useCreateSeries();
  const bookSeries = () => {
    if (!seriesRequest || isCheckingSeries || !seriesPlan || seriesPlan.bookCount === 0) return;
    createSeries.mutate(seriesRequest, {
      onSuccess: (answer) => finish(answer.message),
      onError: showRefusalOr('Failed to book the repeating dates'),
    });
  };

  const bookWeek = (slot: TimeSlot, bookingNotes: string | null) => {
    // A week's check that failed (its toast said so) is asked again; nothing is booked until it and the rules answer.
    if (weekly.isError) checkWeek(bookingDate, slot);
    if (!weekPlan || weekPlan.kind === 'checking') return;
    const { deskId, dates } = weekPlan;
    if (!deskId) {
      // The plan's own sentences: the same the form shows (the spec's two when no desk is free all week).
      const [title = bookingMessages.noAlternatives, ...more] =
        weekPlan.kind === 'none' ? [bookingMessages.noAlternatives, bookingMessages.tryIndividualDays] : weekPlan.lines;
      toast({ title, ...(more.length > 0 ? { description: more.join(' ') } : {}), variant: 'destructive' });
      return;
    }
    bulk.mutate(
      {
        organizationId: organization.id,
        ...forPerson,
        bookings: dates.map((date) => ({
          deskId,
          bookingDate: date,
          timeSlot: slot,
          notes: bookingNotes,
        })),
      },
      {
        onSuccess: (answer) => finish(answer.message),
        onError: showRefusalOr('Failed to create weekly bookings'),
      },
    );
  };

  const onSubmit = handleSubmit((form) => {
    if (dateProblem || isChosenSlotTaken || isFull || chosenSlotRefusal) return;
    if (isWeekly && isWeekendStart) {
      toast({
        title: 'No working days left this week',
        description: noDaysLeft,
        variant: 'destructive',
      });
      return;
    }
    if (isWeekly) {
      bookWeek(form.timeSlot, form.notes ?? null);
      return;
    }
    if (isRepeating) {
      bookSeries();
      return;
    }
    create.mutate(
      {
        ...form,
        ...forPerson,
        organizationId: organization.id,
        deskId: desk.id,
        replaceConflicts: conflicts.length > 0,
      },
      {
        onSuccess: () => finish(),
        onError: (error) => {
          const found = isPermanent ? conflictingBookings(error) : [];
          if (found.length > 0) {
            setConflicts(found);
            return;
          }
          showRefusalOr('Failed to book desk')(error);
        },
      },
    );
  });

  const isPending = create.isPending || bulk.isPending || createSeries.isPending;
  const isCheckingWeek = isWeekly && (weekly.isPending || weekPlan?.kind === 'checking');
  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      {isAdmin && (
        <BookForField
          members={members.data}
          isLoading={members.isLoading}
          currentUserId={currentUserId}
          value={personId}
          onChange={setPersonId}
        />
      )}
      <FormField control={control} name="bookingDate" id="booking-date" label="Date" error={dateError ?? null}>
        {(field) => <Input {...field} {...register('bookingDate')} type="date" min={today} max={latestChoosable} />}
      </FormField>
      <FormField control={control} name="timeSlot" id="booking-slot" label="Time slot" isGroup error={slotError}>
        {() => (
          <Controller
            control={control}
            name="timeSlot"
            render={({ field }) => (
              <SlotPicker
                value={field.value}
                onChange={field.onChange}
                slots={isRepeating ? undefined : slots}
                refusals={isRepeating ? undefined : rules.refusals}
                isLoading={isDateBookable && (availability.isLoading || rules.isChecking)}
                clock={clock}
                date={isDateText(bookingDate) ? bookingDate : ''}
                viewerZone={viewerTimeZone()}
              />
            )}
          />
        )}
      </FormField>
      {isOffDay && isAdmin && !calendarProblem && (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {formatLongDate(bookingDate)} is not a working day at {siteName}. As an admin, you can still book it.
        </p>
      )}
      {isFull ? (
        <p role="status" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
          {fullyBookedMessage(desk.name, bookingDate)}
        </p>
      ) : (
        <>
          <FormField control={control} name="notes" id="booking-notes" label="Notes">
            {(field) => (
              <textarea
                {...field}
                {...register('notes')}
                rows={2}
                maxLength={maxNotesLength}
                placeholder="Optional"
                className="rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
              />
            )}
          </FormField>
          <BookingOptions
            isAdmin={isAdmin}
            isWeekly={isWeekly}
            isPermanent={isPermanent}
            isRepeating={isRepeating}
            onRepeatingChange={(checked) => {
              setIsRepeating(checked);
              if (!checked) return;
              setValue('isPermanent', false);
              // The chosen date's weekday, and four weeks from it, to begin with.
              if (isDateText(bookingDate)) {
                setRepeat((current) => ({
                  ...current,
                  weekdays: isWorkingDay(clock, bookingDate) ? [isoWeekday(bookingDate)] : current.weekdays,
                  untilDate: addDays(bookingDate, 27) > latestChoosable ? latestChoosable : addDays(bookingDate, 27),
                }));
              }
            }}
            onWeeklyChange={(checked) => {
              setIsWeekly(checked);
              if (checked) setValue('isPermanent', false);
            }}
            onPermanentChange={(checked) => {
              setValue('isPermanent', checked);
              setConflicts([]);
              if (checked) setIsWeekly(false);
            }}
          />
        </>
      )}
      {isWeekly && isWeekendStart && (
        <p role="status" className="text-sm text-slate-600">
          {noDaysLeft}
        </p>
      )}
      {weekPlan && <WeeklyResult plan={weekPlan} onChooseDesk={setChosenDeskId} />}
      {isRepeating && !isFull && (
        <RepeatOption
          value={repeat}
          onChange={setRepeat}
          workingDays={clock.workingDays}
          startDate={bookingDate}
          latestDate={latestChoosable}
          preview={{
            data: seriesPlan,
            error: seriesRequest ? seriesPreview.error : undefined,
            isChecking: isCheckingSeries,
            waitingFor: calendarProblem
              ? 'Choose a date that can be booked to start from.'
              : !timeSlot
                ? 'Choose a time slot to see which dates will be booked.'
                : repeat.weekdays.length === 0
                  ? 'Choose at least one weekday.'
                  : undefined,
          }}
        />
      )}
      {conflicts.length > 0 && <PermanentConflictsNotice deskName={desk.name} count={conflicts.length} />}
      {formProblem && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
          {formProblem}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onClose}>
          {isFull ? 'Close' : 'Cancel'}
        </Button>
        {!isFull && (
          <Button
            type="submit"
            variant={conflicts.length > 0 ? 'destructive' : 'primary'}
            disabled={isPending || isCheckingWeek || (isRepeating && (isCheckingSeries || !seriesPlan?.bookCount))}
          >
            {isPending
              ? 'Booking...'
              : conflicts.length > 0
                ? 'Cancel them and book'
                : isRepeating && seriesPlan?.bookCount
                  ? `Book ${seriesPlan.bookCount === 1 ? '1 date' : `${seriesPlan.bookCount} dates`}`
                  : 'Book Desk'}
          </Button>
        )}
      </div>
    </form>
  );
}
