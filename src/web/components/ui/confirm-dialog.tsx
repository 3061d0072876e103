import { AlertDialog } from 'radix-ui';
import { type ReactNode, useRef } from 'react';
import { Button } from './button.tsx';
import { ReturnFocus } from './dialog.tsx';

/**
 * The frame of a question before something that cannot be undone: its title, what it means, and the answers (the
 * buttons, AlertDialog.Cancel and .Action among them). A description still being worked out is announced as it changes.
 */
export function QuestionDialog({
  title,
  description,
  isDescriptionLive = false,
  open,
  onOpenChange,
  children,
}: {
  title: string;
  description: string;
  isDescriptionLive?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const contentRef = useRef<HTMLDivElement>(null);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[2px]" />
        <AlertDialog.Content
          ref={contentRef}
          className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-2xl bg-white p-6 shadow-xl"
        >
          <ReturnFocus contentRef={contentRef} />
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description
            className="text-sm text-slate-700"
            aria-live={isDescriptionLive ? 'polite' : undefined}
          >
            {description}
          </AlertDialog.Description>
          <div className="flex justify-end gap-2">{children}</div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** A yes/no question before something that cannot be undone. */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  confirmVariant = 'destructive',
  open,
  onOpenChange,
  onConfirm,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  /** What keeps things as they are: 'Cancel' unless that reads oddly beside the action ('Keep booking'). */
  cancelLabel?: string;
  /** Destructive unless the action is a yes that undoes nothing (linking, agreeing). */
  confirmVariant?: 'destructive' | 'primary';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <QuestionDialog title={title} description={description} open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Cancel asChild>
        <Button variant="secondary">{cancelLabel}</Button>
      </AlertDialog.Cancel>
      <AlertDialog.Action asChild>
        <Button variant={confirmVariant} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </AlertDialog.Action>
    </QuestionDialog>
  );
}
