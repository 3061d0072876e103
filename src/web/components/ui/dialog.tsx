import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { type ReactNode, type RefObject, useRef } from 'react';
import { cn } from '#web/lib/cn.ts';
import { Button } from './button.tsx';
import { takesEscapeAttribute } from './combobox.tsx';
import { useReturnFocus } from './use-return-focus.ts';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/** The secondary button that closes the dialog without doing anything: "Cancel" unless it says otherwise. */
export function DialogCancel({ children = 'Cancel', disabled }: { children?: ReactNode; disabled?: boolean }) {
  return (
    <DialogClose asChild>
      <Button type="button" variant="secondary" disabled={disabled}>
        {children}
      </Button>
    </DialogClose>
  );
}

const widths = { md: 'max-w-md', lg: 'max-w-lg', xl: 'max-w-2xl', '2xl': 'max-w-3xl' } as const;

/** Rendered inside the content, so it mounts each time the dialog opens, also for dialogs kept mounted. */
export function ReturnFocus({ contentRef }: { contentRef: RefObject<HTMLElement | null> }) {
  useReturnFocus(contentRef);
  return null;
}

export function DialogContent({
  title,
  description,
  children,
  size = 'md',
  className,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  size?: keyof typeof widths;
  className?: string;
}) {
  const contentRef = useRef<HTMLDivElement>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[2px]" />
      <DialogPrimitive.Content
        ref={contentRef}
        className={cn(
          widths[size],
          'fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        // Radix hears Escape on the document before the focused field does: a field that has a use for this Escape
        // (an open list to close, a choice to clear) keeps it, and the next Escape closes the dialog.
        onEscapeKeyDown={(event) => {
          if (event.target instanceof Element && event.target.closest(`[${takesEscapeAttribute}="true"]`)) {
            event.preventDefault();
          }
        }}
      >
        <ReturnFocus contentRef={contentRef} />
        <div className="grid gap-1.5 pr-6">
          <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">{title}</DialogPrimitive.Title>
          {description && (
            <DialogPrimitive.Description className="text-sm text-slate-600">{description}</DialogPrimitive.Description>
          )}
        </div>
        {children}
        <DialogPrimitive.Close
          aria-label="Close"
          className="absolute top-4 right-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          <X className="size-4" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
