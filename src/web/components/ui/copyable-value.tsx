import { Copy } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from './button.tsx';
import { Label } from './input.tsx';
import { toast } from './use-toast.ts';

/**
 * A value someone carries to another program (the callback address to the provider, a TXT record to the DNS
 * provider, a calendar link to a calendar app): shown whole in a read-only field that wraps, selected when focused,
 * with a Copy button beside it. When the browser refuses the clipboard the value is selected for the person to copy.
 */
export function CopyableValue(props: {
  label: ReactNode;
  /** Said before the value (how to use it). */
  hint?: string;
  /** Said after the value (how to keep it). */
  note?: string;
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
      (document.getElementById(id) as HTMLTextAreaElement | null)?.select();
      toast({ title: 'Copy the selected text', description: 'Press Ctrl+C (⌘C on a Mac) to copy it.' });
    }
  };
  const describedBy = [props.hint && `${id}-hint`, props.note && `${id}-note`].filter(Boolean).join(' ');
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
          aria-describedby={describedBy || undefined}
          onFocus={(event) => event.currentTarget.select()}
          className="field-sizing-content min-w-0 flex-1 resize-none rounded-md border border-slate-200 bg-slate-100 px-2 py-1.5 font-mono text-sm break-all text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
        <Button type="button" variant="secondary" size="sm" onClick={() => void copy()} aria-label={props.copyLabel}>
          <Copy className="size-4" aria-hidden="true" />
          Copy
        </Button>
      </div>
      {props.note && (
        <p id={`${id}-note`} className="text-sm text-slate-600">
          {props.note}
        </p>
      )}
    </div>
  );
}
