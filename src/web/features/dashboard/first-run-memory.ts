import { useSyncExternalStore } from 'react';

// What the checklist cannot read from the organization's data, remembered in this browser per person and
// organization: that the admin hid it, and that they saved the booking rules as they were (the server records a
// change of rules, not a look at them; rules that differ from the defaults tick the step from the data itself).

export type FirstRunMark = 'hidden' | 'rules-saved' | 'completed';

const keyOf = (userId: string, organizationId: string, mark: FirstRunMark) =>
  `perch:first-run:${userId}:${organizationId}:${mark}`;
const listeners = new Set<() => void>();

function read(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === 'yes';
  } catch {
    // Storage blocked (some private modes): nothing is remembered, the checklist reads the data alone.
    return false;
  }
}

/** Records a mark and tells every checklist on screen. */
export function setFirstRunMark(userId: string, organizationId: string, mark: FirstRunMark): void {
  try {
    window.localStorage.setItem(keyOf(userId, organizationId, mark), 'yes');
  } catch {
    // As above: not remembered past this page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab hiding it or saving the rules counts here too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useFirstRunMark(userId: string, organizationId: string, mark: FirstRunMark): boolean {
  const key = keyOf(userId, organizationId, mark);
  return useSyncExternalStore(subscribe, () => read(key));
}
