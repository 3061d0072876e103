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

/** Weekly and repeating for everyone, permanent for admins: one at a time (spec section 4, issue 29). */
export function BookingOptions({
  isAdmin,
  isWeekly,
  isPermanent,
  isRepeating,
  onWeeklyChange,
  onPermanentChange,
  onRepeatingChange,
}: {
  isAdmin: boolean;
  isWeekly: boolean;
  isPermanent: boolean;
  isRepeating: boolean;
  onWeeklyChange: (checked: boolean) => void;
  onPermanentChange: (checked: boolean) => void;
  onRepeatingChange: (checked: boolean) => void;
}) {
  return (
    <div className="grid gap-2">
      <BookingToggle
        id="booking-weekly"
        label="Book for the rest of the week"
        checked={isWeekly}
        disabled={isPermanent || isRepeating}
        onChange={onWeeklyChange}
      />
      <BookingToggle
        id="booking-repeat"
        label="Repeat on chosen weekdays"
        checked={isRepeating}
        disabled={isPermanent || isWeekly}
        onChange={onRepeatingChange}
      />
      {isAdmin && (
        <BookingToggle
          id="booking-permanent"
          label="Permanent booking (Admin only)"
          checked={isPermanent}
          disabled={isWeekly || isRepeating}
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
