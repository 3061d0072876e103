import { webcalUrl } from '#domain/calendar-feed.ts';
import { CopyableValue } from '#web/components/ui/copyable-value.tsx';

/**
 * A calendar feed's address as it is shown the one time it is made: in the webcal:// form calendar programs subscribe
 * to, read-only, with a Copy button and the reminder to keep it private.
 */
export function CalendarLinkField({ url }: { url: string }) {
  return (
    <CopyableValue
      label="Your calendar link"
      value={webcalUrl(url)}
      copyLabel="Copy"
      copiedTitle="Link copied"
      note="Anyone with this link can see your bookings: keep it to yourself. It is shown only now."
    />
  );
}
