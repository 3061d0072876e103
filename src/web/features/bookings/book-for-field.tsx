import { useId, useMemo } from 'react';
import { displayName } from '#domain/account.ts';
import { peopleFinder } from '#domain/people-search.ts';
import type { MemberView } from '#domain/team.ts';
import { Combobox, type ComboboxOption } from '#web/components/ui/combobox.tsx';
import { Label } from '#web/components/ui/input.tsx';

export interface MemberChoice {
  userId: string;
  name: string;
  email: string;
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Whom an admin may book for besides themselves: the other members by name (their e-mail tells namesakes apart). */
export function memberChoices(members: readonly MemberView[], currentUserId: string): MemberChoice[] {
  return members
    .filter((member) => member.userId !== currentUserId)
    .map((member) => ({ userId: member.userId, name: displayName(member.user), email: member.user.email }))
    .sort((a, b) => byName.compare(a.name, b.name) || a.email.localeCompare(b.email));
}

const myself: ComboboxOption = { value: '', label: 'Myself' };

/**
 * Admins: "Book for" at the top of Book Desk: Myself, or a member found by typing part of a name or e-mail (accents
 * and case aside, words in any order). A team of 2,000 lists its first 50 matches.
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
  const choices = useMemo(() => memberChoices(members ?? [], currentUserId), [members, currentUserId]);
  const options = useMemo<ComboboxOption[]>(
    () => [myself, ...choices.map((choice) => ({ value: choice.userId, label: choice.name, detail: choice.email }))],
    [choices],
  );
  const search = useMemo(
    () => peopleFinder(options, (option) => ({ name: option.label, email: option.detail ?? '' })),
    [options],
  );
  const chosen = choices.find((choice) => choice.userId === value);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-person`}>Book for</Label>
      <Combobox
        id={`${id}-person`}
        options={options}
        search={search}
        value={value}
        onChange={(next) => onChange(next ?? '')}
        clearedValue={myself.value}
        placeholder="Type a name or e-mail"
        disabled={isLoading && !members}
        describedBy={`${id}-hint`}
        countLabel={(count) => `${count.toLocaleString('en')} ${count === 1 ? 'match' : 'matches'}`}
        emptyText="No member matches"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {chosen
          ? `The booking is ${chosen.name}'s (${chosen.email}): it shows in their My Bookings and they get the confirmation e-mail.`
          : isLoading
            ? 'Loading the members…'
            : 'The booking is yours. Type a name or e-mail to book for a member.'}
      </p>
    </div>
  );
}
