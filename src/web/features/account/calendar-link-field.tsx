import { Copy } from 'lucide-react';
import { useId } from 'react';
import { webcalUrl } from '#domain/calendar-feed.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';

/**
 * A calendar feed's address as it is shown the one time it is made: in the webcal:// form calendar programs subscribe
 * to, read-only, with a Copy button and the reminder to keep it private.
 */
export function CalendarLinkField({ url }: { url: string }) {
  const fieldId = useId();
  const noteId = useId();
  const webcal = webcalUrl(url);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(webcal);
      toast({ title: 'Link copied' });
    } catch {
      // The browser refused the clipboard: the link is selected for the person to copy.
      (document.getElementById(fieldId) as HTMLInputElement | null)?.select();
      toast({ title: 'Copy the selected link', description: 'Press Ctrl+C (⌘C on a Mac) to copy it.' });
    }
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={fieldId}>Your calendar link</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={fieldId}
          value={webcal}
          readOnly
          aria-describedby={noteId}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs"
        />
        <Button type="button" variant="secondary" onClick={() => void copy()}>
          <Copy className="size-4" aria-hidden="true" />
          Copy
        </Button>
      </div>
      <p id={noteId} className="text-sm text-slate-600">
        Anyone with this link can see your bookings: keep it to yourself. It is shown only now.
      </p>
    </div>
  );
}
