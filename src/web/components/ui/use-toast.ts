import { useSyncExternalStore } from 'react';

// Spec section 9: one toast at a time; a dismissed toast is removed from memory after 1,000,000 ms.
const toastLimit = 1;
const removeDelay = 1_000_000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /**
   * A routine confirmation nobody has to read (such as 'Floor Plan Loaded'): it never replaces a toast on
   * screen but waits until that one has closed. Every other toast replaces the one on screen.
   */
  routine?: boolean;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

/** What the toast area holds: the toasts (open ones are on screen) and at most one routine toast waiting its turn. */
export interface ToastState {
  toasts: ToastItem[];
  waiting: ToastItem | null;
}

export const noToasts: ToastState = { toasts: [], waiting: null };

const isOnScreen = (state: ToastState) => state.toasts.some((item) => item.open);

/** A new toast: a routine one waits while another is on screen (a later routine one takes its place). */
export function addToast(state: ToastState, item: ToastItem): ToastState {
  if (item.routine && isOnScreen(state)) return { ...state, waiting: item };
  return {
    toasts: [item, ...state.toasts].slice(0, toastLimit),
    // A routine toast shown now is newer news than the one that was waiting.
    waiting: item.routine ? null : state.waiting,
  };
}

/** Closes one toast (or all without an id); once none is on screen, the waiting routine toast shows. */
export function closeToast(state: ToastState, id?: string): ToastState {
  const matches = (item: ToastItem) => !id || item.id === id;
  const toasts = state.toasts.map((item) => (matches(item) ? { ...item, open: false } : item));
  const waiting = state.waiting && matches(state.waiting) ? null : state.waiting;
  const closed = { toasts, waiting };
  if (!waiting || isOnScreen(closed)) return closed;
  return addToast({ toasts, waiting: null }, waiting);
}

/** Closes the error toasts on screen, as closeToast closes each (the waiting routine toast may then show). */
export function closeErrorToasts(state: ToastState): ToastState {
  return state.toasts
    .filter((item) => item.open && item.variant === 'destructive')
    .reduce((current, item) => closeToast(current, item.id), state);
}

/** Forgets a closed toast for good. */
export function removeToast(state: ToastState, id: string): ToastState {
  return { ...state, toasts: state.toasts.filter((item) => item.id !== id) };
}

let state: ToastState = noToasts;
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: ToastState) {
  state = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      publish(removeToast(state, id));
    }, removeDelay),
  );
}

export function dismissToast(id?: string) {
  for (const item of state.toasts) if (!id || item.id === id) scheduleRemoval(item.id);
  publish(closeToast(state, id));
}

/**
 * Closes the error toasts on screen: for a problem that is behind the person now (a failed sign-in followed by a
 * good one), so that it does not follow them to the next page.
 */
export function dismissErrorToasts() {
  const errors = state.toasts.filter((item) => item.open && item.variant === 'destructive');
  for (const item of errors) scheduleRemoval(item.id);
  if (errors.length > 0) publish(closeErrorToasts(state));
}

/** Shows a toast; a new one replaces the one on screen, except that a routine one waits for it to close. */
export function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  publish(addToast(state, { ...options, id, open: true }));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const toastsOf = () => state.toasts;

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, toastsOf);
}
