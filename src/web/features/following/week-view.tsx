import { ChevronLeft, ChevronRight, MapPin, Star } from 'lucide-react';
import { slotLabel } from '#domain/bookings.ts';
import { addDays, formatLongDate } from '#domain/dates.ts';
import { namesHiddenMessage } from '#domain/privacy.ts';
import { mondayOf, type WeekView as Week, type WeekPerson } from '#domain/week.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useWeek } from './get-week.ts';

const dayHeading = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const headingOf = (date: string) => dayHeading.format(new Date(`${date}T00:00:00Z`));

/** Where "Book near" takes the person: Book Desk on that desk and day. */
export interface BookNear {
  date: string;
  deskId: string;
  floorId: string;
}

function PersonRow({
  person,
  date,
  onBookNear,
}: {
  person: WeekPerson;
  date: string;
  onBookNear: (near: BookNear) => void;
}) {
  const near = person.near;
  return (
    <li className="grid gap-1 py-2">
      <span className="flex items-center gap-1.5 font-medium text-slate-900">
        {person.isFollowed && <Star className="size-3.5 fill-amber-400 text-amber-500" aria-label="Followed" />}
        {person.name}
      </span>
      <span className="text-sm text-slate-600">
        {person.deskName} · {person.floorName} · {person.isPermanent ? 'assigned' : slotLabel(person.timeSlot)}
      </span>
      {near ? (
        <Button
          size="sm"
          variant="secondary"
          className="justify-self-start"
          aria-label={`Book ${near.deskName} near ${person.name} on ${formatLongDate(date)}`}
          onClick={() => onBookNear({ date, deskId: near.deskId, floorId: near.floorId })}
        >
          <MapPin className="size-4" aria-hidden="true" />
          Book near
        </Button>
      ) : (
        <span className="text-xs text-slate-600">No free desk on their floor</span>
      )}
    </li>
  );
}

function DayColumn({ day, onBookNear }: { day: Week['days'][number]; onBookNear: (near: BookNear) => void }) {
  return (
    <section aria-label={formatLongDate(day.date)} className="min-w-0 rounded-xl border border-slate-200 bg-white p-3">
      <h3 className="font-semibold text-slate-900">{headingOf(day.date)}</h3>
      <p className="text-sm text-slate-600">
        {day.inCount} {day.inCount === 1 ? 'person' : 'people'} in
      </p>
      {day.mine.map((entry) => (
        <p key={entry.bookingId} className="mt-2 rounded-lg bg-brand-50 px-2 py-1.5 text-sm font-medium text-brand-800">
          You’re in · {entry.deskName} · {entry.floorName} ·{' '}
          {entry.isPermanent ? 'assigned' : slotLabel(entry.timeSlot)}
        </p>
      ))}
      {day.people.length > 0 ? (
        <ul className="divide-y divide-slate-100">
          {day.people.map((person) => (
            <PersonRow key={person.bookingId} person={person} date={day.date} onBookNear={onBookNear} />
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">Nobody you follow or work with yet.</p>
      )}
    </section>
  );
}

/**
 * Issue 29, the week in Who's in: each working day of the site's week, my days marked, the people I follow first,
 * then my teams', each with "Book near". A column per day on a wide screen, a list of days on a phone.
 */
export function WeekView({
  organizationId,
  siteId,
  start,
  today,
  onStartChange,
  onBookNear,
}: {
  organizationId: string;
  siteId: string | undefined;
  start: string;
  today: string;
  onStartChange: (start: string) => void;
  onBookNear: (near: BookNear) => void;
}) {
  const week = useWeek(organizationId, start, siteId);
  const monday = mondayOf(start);
  const isThisWeek = monday <= mondayOf(today);
  const days = (week.data?.days ?? []).filter((day) => day.date >= today);
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          size="icon"
          aria-label="Previous week"
          disabled={isThisWeek}
          onClick={() => onStartChange(addDays(monday, -7) < today ? today : addDays(monday, -7))}
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
        </Button>
        <Button
          variant="secondary"
          size="icon"
          aria-label="Next week"
          onClick={() => onStartChange(addDays(monday, 7))}
        >
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
        <p className="text-sm font-medium text-slate-800">Week of {formatLongDate(monday)}</p>
      </div>
      {week.data?.namesHidden && <p className="text-sm text-slate-700">{namesHiddenMessage}</p>}
      {week.isPending && <p role="status">Loading the week…</p>}
      {week.isError && <p role="alert">{errorMessage(week.error, 'The week could not be loaded.')}</p>}
      {week.isSuccess && days.length === 0 && <p className="text-sm text-slate-600">No working days left this week.</p>}
      {days.length > 0 && (
        <div className="grid gap-3 lg:auto-cols-fr lg:grid-flow-col">
          {days.map((day) => (
            <DayColumn key={day.date} day={day} onBookNear={onBookNear} />
          ))}
        </div>
      )}
    </div>
  );
}
