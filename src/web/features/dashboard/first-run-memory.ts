import { useSyncExternalStore } from 'react';
import { browserStorage } from '#web/lib/browser-storage.ts';

// What the checklist cannot read from the organization's data, remembered in this browser per person and
// organization: that the admin hid it, that they saved the booking rules as they were (the server records a change
// of rules, not a look at them; rules that differ from the defaults tick the step from the data itself), and that
// it was found complete once (so it is not read again on every visit).

export type FirstRunMark = 'hidden' | 'rules-saved' | 'completed';

const keyOf = (userId: string, organizationId: string, mark: FirstRunMark) =>
  `perch:first-run:${userId}:${organizationId}:${mark}`;
const listeners = new Set<() => void>();

export function hasFirstRunMark(userId: string, organizationId: string, mark: FirstRunMark): boolean {
  try {
    return browserStorage()?.getItem(keyOf(userId, organizationId, mark)) === 'yes';
  } catch {
    return false;
  }
}

/** Records a mark and tells every checklist on screen. */
export function setFirstRunMark(userId: string, organizationId: string, mark: FirstRunMark): void {
  try {
    browserStorage()?.setItem(keyOf(userId, organizationId, mark), 'yes');
  } catch {
    // Not remembered past this page; the checklist on screen still hears of it.
  }
  for (const listener of listeners) listener();
}

export function subscribeToFirstRunMarks(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab hiding it or saving the rules counts here too.
  globalThis.addEventListener?.('storage', listener);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', listener);
  };
}

export function useFirstRunMark(userId: string, organizationId: string, mark: FirstRunMark): boolean {
  return useSyncExternalStore(subscribeToFirstRunMarks, () => hasFirstRunMark(userId, organizationId, mark));
}
