import { maxNotesLength } from '../../../domain/bookings.ts';
import { FieldError, Label } from '../../components/ui/input.tsx';

/** The Book Desk form's optional notes, with the schema's problem (too long, characters not allowed) below. */
export function NotesField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (notes: string) => void;
  error: string | undefined;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="booking-notes">Notes</Label>
      <textarea
        id="booking-notes"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={2}
        maxLength={maxNotesLength}
        placeholder="Optional"
        aria-invalid={Boolean(error)}
        aria-describedby={error ? 'booking-notes-error' : undefined}
        className="rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
      <FieldError id="booking-notes-error" message={error} />
    </div>
  );
}

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
