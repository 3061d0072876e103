import { UserX, X } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';
import { listOfNames, type RememberedOrganization } from '../session/index.ts';

/** The sentence naming the organizations the user was removed from. */
export function lostOrganizationsMessage(lost: readonly RememberedOrganization[]): {
  title: string;
  advice: string;
} {
  return {
    title: `You are no longer a member of ${listOfNames(lost)}.`,
    advice: `Ask one of ${lost.length > 1 ? 'their' : 'its'} admins for a new invitation if this is a mistake.`,
  };
}

/**
 * Tells the user they were removed from an organization, by its name, until they dismiss it: as a strip
 * across the top of the dashboard, or as a box inside a card (/setup).
 */
export function LostOrganizationsNotice({
  lost,
  onDismiss,
  layout = 'box',
}: {
  lost: readonly RememberedOrganization[];
  onDismiss: () => void;
  layout?: 'strip' | 'box';
}) {
  if (lost.length === 0) return null;
  const { title, advice } = lostOrganizationsMessage(lost);
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-3 bg-amber-50 text-amber-950',
        layout === 'strip'
          ? 'border-b border-amber-200 px-4 py-3 sm:px-6'
          : 'rounded-xl border border-amber-200 p-4 pr-3',
      )}
    >
      <UserX className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-sm">
        <span className="font-semibold">{title}</span> {advice}
      </p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="-my-1 shrink-0 rounded-md p-1 text-amber-800 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-amber-700"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
