import { Copy } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';

/**
 * A value the admin carries to another system (the callback address to the provider, a TXT record to the DNS
 * provider): shown whole in a read-only field that wraps, selected when focused, with a Copy button beside it.
 */
export function CopyableValue(props: {
  label: ReactNode;
  hint?: string;
  value: string;
  /** The Copy button's accessible name, starting with its visible "Copy" (several can share a screen). */
  copyLabel: string;
  /** The toast once copied, such as "Callback address copied". */
  copiedTitle: string;
}) {
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.value);
      toast({ title: props.copiedTitle });
    } catch {
      toast({ title: 'Copy failed', description: 'Select the text and copy it yourself.', variant: 'destructive' });
    }
  };
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{props.label}</Label>
      {props.hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {props.hint}
        </p>
      )}
      <div className="flex min-w-0 items-start gap-2">
        <textarea
          id={id}
          readOnly
          rows={2}
          value={props.value}
          spellCheck={false}
          aria-describedby={props.hint ? `${id}-hint` : undefined}
          onFocus={(event) => event.currentTarget.select()}
          className="field-sizing-content min-w-0 flex-1 resize-none rounded-md border border-slate-200 bg-slate-100 px-2 py-1.5 font-mono text-sm break-all text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
        <Button type="button" variant="secondary" size="sm" onClick={copy} aria-label={props.copyLabel}>
          <Copy className="size-4" aria-hidden="true" />
          Copy
        </Button>
      </div>
    </div>
  );
}
