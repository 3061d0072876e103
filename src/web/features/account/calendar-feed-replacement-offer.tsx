import { CalendarClock, ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { webcalUrl } from '#domain/calendar-feed.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { CalendarLinkField } from './calendar-link-field.tsx';
import { useCreateCalendarFeed } from './create-calendar-feed.ts';

/**
 * Shown after a password reset to a person with a calendar feed (issue 26): a new password leaves the feed's secret
 * address working, so whoever else may have it can still read the person's bookings until it is replaced. Replacing
 * needs a session: `canReplace` is false when the reset did not sign the person in, and the offer says where to do it.
 */
export function CalendarFeedReplacementOffer({ canReplace }: { canReplace: boolean }) {
  const creation = useCreateCalendarFeed();
  const [address, setAddress] = useState<string | null>(null);
  const headingId = useId();

  const replace = () => creation.mutate(undefined, { onSuccess: (feed) => setAddress(feed.url) });

  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-left">
      <h2 id={headingId} className="flex items-center gap-2 font-semibold text-slate-900">
        <CalendarClock className="size-5 text-amber-700" aria-hidden="true" />
        {address ? 'Your calendar link was replaced' : 'Your calendar link still works'}
      </h2>
      {address ? (
        <div className="mt-3 grid gap-3">
          <p role="status" className="text-sm text-slate-700">
            The old link has stopped working. Add this one to your calendar app in its place.
          </p>
          <CalendarLinkField url={address} />
          <Button asChild variant="secondary" className="justify-self-start">
            <a href={webcalUrl(address)}>
              <ExternalLink className="size-4" aria-hidden="true" />
              Open in calendar app
            </a>
          </Button>
        </div>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700">
            A new password does not change it: calendar apps subscribed to it keep showing your desk bookings. If
            someone else may have it, replace it. The old link then stops working.
          </p>
          {canReplace ? (
            <Button type="button" className="mt-3" onClick={replace} disabled={creation.isPending}>
              {creation.isPending ? 'Replacing…' : 'Replace calendar link'}
            </Button>
          ) : (
            <p className="mt-2 text-sm text-slate-700">
              Once you have signed in, open your account menu, choose Add to calendar, then Replace link.
            </p>
          )}
          {creation.isError && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {errorMessage(creation.error, 'The calendar link could not be replaced. Please try again.')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
