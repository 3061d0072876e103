import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { cn } from '#web/lib/cn.ts';
import { dismissToast, useToasts } from './use-toast.ts';

/** The toast area present on every screen: 5 s per toast, swipe right (50 px) to dismiss, F8 focuses it. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notification">
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg transition-all',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            'data-[state=open]:animate-in data-[state=closed]:opacity-0',
            item.variant === 'destructive'
              ? 'border-red-700 bg-red-600 text-white'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            {item.title && <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>}
            {item.description && (
              // White at 90% on red-600 falls under 4.5:1: an error's description is drawn at full strength.
              <Toast.Description className={cn('text-sm', item.variant !== 'destructive' && 'opacity-90')}>
                {item.description}
              </Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label="Close notification"
            className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100 focus:opacity-100"
          >
            <X className="size-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* Never over the floor map's desks (issue 27): on a phone at the top, over the header but clear of its Menu
          button at the right; from md on at the bottom left, the width of the dashboard's sidebar (which leaves room
          under its last item to scroll it clear). Only the toasts themselves take clicks, not the area around them. */}
      <Toast.Viewport className="pointer-events-none fixed top-0 right-14 left-0 z-[100] flex max-h-screen flex-col gap-2 p-4 md:top-auto md:right-auto md:bottom-0 md:w-64" />
    </Toast.Provider>
  );
}
