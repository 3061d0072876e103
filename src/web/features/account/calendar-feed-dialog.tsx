import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { webcalUrl } from '#domain/calendar-feed.ts';
import { errorMessage } from '#web/app/api.ts';
import { showErrorToast } from '#web/app/error-toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { CalendarLinkField } from './calendar-link-field.tsx';
import { useCreateCalendarFeed } from './create-calendar-feed.ts';
import { useCalendarFeedStatus } from './get-calendar-feed.ts';
import { useRevokeCalendarFeed } from './revoke-calendar-feed.ts';

const createdOn = (instant: string) =>
  new Date(instant).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

type Confirming = 'replace' | 'turn-off' | null;

/**
 * "Add to calendar": the person's secret feed address (issue 16), in the webcal:// form calendar programs subscribe
 * to. The address is shown only when it is made: Perch keeps a digest of its token, so an earlier one can only be
 * replaced or turned off.
 */
export function CalendarFeedDialog({ onClose }: { onClose: () => void }) {
  const status = useCalendarFeedStatus();
  const creation = useCreateCalendarFeed();
  const revocation = useRevokeCalendarFeed();
  const [address, setAddress] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const isBusy = creation.isPending || revocation.isPending;
  const webcal = address ? webcalUrl(address) : null;

  const create = (replacing: boolean) =>
    creation.mutate(undefined, {
      onSuccess: (feed) => {
        setAddress(feed.url);
        if (replacing) toast({ title: 'Calendar link replaced', description: 'The old link no longer works.' });
      },
      onError: (error) => showErrorToast(error, 'The calendar link could not be made. Please try again.'),
    });

  const turnOff = () =>
    revocation.mutate(undefined, {
      onSuccess: () => {
        setAddress(null);
        toast({ title: 'Calendar link turned off', description: 'Calendars subscribed to it stop updating.' });
      },
      onError: (error) => showErrorToast(error, 'The calendar link could not be turned off. Please try again.'),
    });

  const hasFeed = address !== null || status.data?.exists === true;

  return (
    <Dialog open onOpenChange={(open) => !open && !isBusy && onClose()}>
      <DialogContent
        title="Add to calendar"
        description="Subscribe to this private link in Google Calendar, Outlook or Apple Calendar to see your desk bookings from every organization, kept up to date."
        size="lg"
      >
        {status.isPending && <p role="status">Checking your calendar link…</p>}
        {status.isError && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(status.error, 'Your calendar link could not be checked. Please try again.')}
          </p>
        )}

        {address && <CalendarLinkField url={address} />}

        {!webcal && status.data?.exists && status.data.createdAt && (
          <p className="text-sm text-slate-700">
            You made a calendar link on {createdOn(status.data.createdAt)}. It is shown only once: replace it to get a
            new one (the old link then stops working).
          </p>
        )}

        {status.data && (
          <div className="flex flex-wrap justify-end gap-2">
            {!hasFeed && (
              <Button type="button" onClick={() => create(false)} disabled={isBusy}>
                {creation.isPending ? 'Creating…' : 'Create calendar link'}
              </Button>
            )}
            {hasFeed && (
              <>
                <Button type="button" variant="ghost" onClick={() => setConfirming('turn-off')} disabled={isBusy}>
                  Turn off
                </Button>
                <Button type="button" variant="secondary" onClick={() => setConfirming('replace')} disabled={isBusy}>
                  {creation.isPending ? 'Replacing…' : 'Replace link'}
                </Button>
              </>
            )}
            {webcal && (
              <Button asChild>
                <a href={webcal}>
                  <ExternalLink className="size-4" aria-hidden="true" />
                  Open in calendar app
                </a>
              </Button>
            )}
          </div>
        )}
        {/* Inside the dialog, so that it stays open under the question. */}
        <ConfirmDialog
          open={confirming === 'replace'}
          onOpenChange={(open) => !open && setConfirming(null)}
          title="Replace the calendar link?"
          description="The current link stops working: calendars subscribed to it stop updating until you add the new link to them."
          confirmLabel="Replace link"
          cancelLabel="Keep this link"
          onConfirm={() => create(true)}
        />
        <ConfirmDialog
          open={confirming === 'turn-off'}
          onOpenChange={(open) => !open && setConfirming(null)}
          title="Turn off the calendar link?"
          description="The link stops working: calendars subscribed to it stop updating."
          confirmLabel="Turn off"
          cancelLabel="Keep this link"
          onConfirm={turnOff}
        />
      </DialogContent>
    </Dialog>
  );
}
