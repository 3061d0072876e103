import { useId, useState } from 'react';
import { displayName } from '#domain/account.ts';
import type { MemberView } from '#domain/team.ts';
import { Input, Label } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/cn.ts';

/** A labelled on/off switch of the Book Desk form (weekly, permanent). */
function BookingToggle({
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

/** Weekly for everyone, permanent for admins: never both at once (spec section 4). */
export function BookingOptions({
  isAdmin,
  isWeekly,
  isPermanent,
  onWeeklyChange,
  onPermanentChange,
}: {
  isAdmin: boolean;
  isWeekly: boolean;
  isPermanent: boolean;
  onWeeklyChange: (checked: boolean) => void;
  onPermanentChange: (checked: boolean) => void;
}) {
  return (
    <div className="grid gap-2">
      <BookingToggle
        id="booking-weekly"
        label="Book for the rest of the week"
        checked={isWeekly}
        disabled={isPermanent}
        onChange={onWeeklyChange}
      />
      {isAdmin && (
        <BookingToggle
          id="booking-permanent"
          label="Permanent booking (Admin only)"
          checked={isPermanent}
          disabled={isWeekly}
          onChange={onPermanentChange}
        />
      )}
      {isPermanent && (
        <p className="text-xs text-slate-600">Blocks the desk from this date on, for maintenance or reserved use.</p>
      )}
    </div>
  );
}

/** An admin's permanent booking would cancel the desk's upcoming bookings: said before 'Cancel them and book'. */
export function PermanentConflictsNotice({ deskName, count }: { deskName: string; count: number }) {
  return (
    <div role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-medium">
        {deskName} has {count} upcoming booking{count === 1 ? '' : 's'}.
      </p>
      <p>Book permanently anyway to cancel them; their owners will be told by e-mail.</p>
    </div>
  );
}

export interface MemberChoice {
  userId: string;
  name: string;
  email: string;
}

/** Case and accents aside: "zoe" finds Zoë. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Whom an admin may book for besides themselves: the other members by name (their e-mail tells namesakes apart),
 * narrowed to those whose name or e-mail holds every word of `search`.
 */
export function memberChoices(members: readonly MemberView[], currentUserId: string, search = ''): MemberChoice[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  return members
    .filter((member) => member.userId !== currentUserId)
    .map((member) => ({ userId: member.userId, name: displayName(member.user), email: member.user.email }))
    .filter((choice) => {
      const text = fold(`${choice.name} ${choice.email}`);
      return words.every((word) => text.includes(word));
    })
    .sort((a, b) => byName.compare(a.name, b.name) || a.email.localeCompare(b.email));
}

/** Past this many members a search box narrows the list first. */
export const memberSearchThreshold = 15;

const selectClass = cn(
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm',
  'focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-slate-100',
);

/**
 * Admins: "Book for" at the top of Book Desk: Myself, or a member by name. A long team gets a search box that
 * narrows the list; the member chosen stays in it whatever is typed.
 */
export function BookForField({
  members,
  isLoading,
  currentUserId,
  value,
  onChange,
}: {
  members: readonly MemberView[] | undefined;
  isLoading: boolean;
  currentUserId: string;
  /** The member's user id; '' for Myself. */
  value: string;
  onChange: (userId: string) => void;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const everyone = memberChoices(members ?? [], currentUserId);
  const isSearchable = everyone.length > memberSearchThreshold;
  const found = isSearchable && search ? memberChoices(members ?? [], currentUserId, search) : everyone;
  const chosen = everyone.find((choice) => choice.userId === value);
  const shown = chosen && !found.includes(chosen) ? [chosen, ...found] : found;
  const matchCount = isSearchable && search ? found.length : null;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-person`}>Book for</Label>
      {isSearchable && (
        <Input
          type="search"
          aria-label="Find a member"
          aria-controls={`${id}-person`}
          placeholder="Find a member by name or e-mail"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      )}
      <select
        id={`${id}-person`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={isLoading && !members}
        aria-describedby={`${id}-hint`}
        className={selectClass}
      >
        <option value="">Myself</option>
        {shown.map((choice) => (
          <option key={choice.userId} value={choice.userId}>
            {choice.name} ({choice.email})
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {chosen
          ? `The booking is ${chosen.name}'s: it shows in their My Bookings and they get the confirmation e-mail.`
          : isLoading
            ? 'Loading the members…'
            : 'The booking is yours.'}
      </p>
      <p className="sr-only" role="status" aria-live="polite">
        {matchCount === null ? '' : `${matchCount} ${matchCount === 1 ? 'member matches' : 'members match'}`}
      </p>
    </div>
  );
}
