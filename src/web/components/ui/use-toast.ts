import { useSyncExternalStore } from 'react';

// Spec section 9: one toast at a time; a dismissed toast is removed from memory after 1,000,000 ms.
const toastLimit = 1;
const removeDelay = 1_000_000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title?: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      publish(toasts.filter((item) => item.id !== id));
    }, removeDelay),
  );
}

export function dismissToast(id?: string) {
  for (const item of toasts) if (!id || item.id === id) scheduleRemoval(item.id);
  publish(toasts.map((item) => (!id || item.id === id ? { ...item, open: false } : item)));
}

/** Shows a toast; a new one replaces the one on screen. */
export function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  publish([{ ...options, id, open: true }, ...toasts].slice(0, toastLimit));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, () => toasts);
}
