import { listOfNames as joinNames } from '#domain/text.ts';
import { browserStorage } from '#web/lib/browser-storage.ts';

/**
 * The organizations this browser last saw a user belong to, so that one which disappears from their list
 * (an admin removed them) can be named: the server keeps no record of it for the user. Kept per user id in
 * localStorage; forgotten on sign-out and on account deletion.
 */

export interface RememberedOrganization {
  id: string;
  name: string;
}

export interface RememberedOrganizations {
  /** The user's organizations when the list was last read. */
  organizations: RememberedOrganization[];
  /** Organizations that have since disappeared from the list, until the user dismisses the notice. */
  lost: RememberedOrganization[];
}

const notIn = (list: readonly RememberedOrganization[]) => {
  const ids = new Set(list.map((item) => item.id));
  return (item: RememberedOrganization) => !ids.has(item.id);
};

/** The remembered organizations that are not in the current list. */
export function disappearedOrganizations(
  remembered: readonly RememberedOrganization[],
  current: readonly RememberedOrganization[],
): RememberedOrganization[] {
  return remembered.filter(notIn(current));
}

/**
 * What to remember after reading the list again: the current organizations, and as lost those that
 * disappeared (added to any not yet dismissed; one the user belongs to again is no longer lost). Nothing is
 * lost the first time this browser sees the user.
 */
export function reconcileOrganizations(
  previous: RememberedOrganizations | null,
  current: readonly RememberedOrganization[],
): RememberedOrganizations {
  const organizations = current.map(({ id, name }) => ({ id, name }));
  if (!previous) return { organizations, lost: [] };
  const disappeared = disappearedOrganizations(previous.organizations, current);
  const lost = [...previous.lost.filter(notIn(current)).filter(notIn(disappeared)), ...disappeared];
  return { organizations, lost };
}

/** 'Acme Ltd', 'Acme Ltd and Globex', 'Acme Ltd, Globex and Initech'. */
export function listOfNames(organizations: readonly RememberedOrganization[]): string {
  return joinNames(organizations.map((item) => item.name));
}

// Storage: one entry per user; a small store so that every screen showing the notice hears of changes.

const keyPrefix = 'perch.remembered-organizations.';
const keyOf = (userId: string) => `${keyPrefix}${userId}`;
const listeners = new Set<() => void>();

const isOrganization = (value: unknown): value is RememberedOrganization =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RememberedOrganization).id === 'string' &&
  typeof (value as RememberedOrganization).name === 'string';

/** Reads a stored entry; anything unreadable counts as nothing remembered. */
export function parseRemembered(raw: string | null): RememberedOrganizations | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<RememberedOrganizations>;
    const { organizations, lost } = value;
    if (!Array.isArray(organizations) || !Array.isArray(lost)) return null;
    if (!organizations.every(isOrganization) || !lost.every(isOrganization)) return null;
    return { organizations, lost };
  } catch {
    return null;
  }
}

function notify() {
  for (const listener of listeners) listener();
}

/** The stored entry of `userId`, as text: a stable snapshot for useSyncExternalStore. */
export function rememberedSnapshot(userId: string): string | null {
  try {
    return browserStorage()?.getItem(keyOf(userId)) ?? null;
  } catch {
    return null;
  }
}

function write(userId: string, value: RememberedOrganizations) {
  const raw = JSON.stringify(value);
  if (rememberedSnapshot(userId) === raw) return;
  try {
    browserStorage()?.setItem(keyOf(userId), raw);
  } catch {
    return;
  }
  notify();
}

/** Records the user's current organizations, noting as lost those that disappeared since the last read. */
export function rememberOrganizations(userId: string, current: readonly RememberedOrganization[]): void {
  write(userId, reconcileOrganizations(parseRemembered(rememberedSnapshot(userId)), current));
}

/** The user has read the notice: the lost organizations are not named again. */
export function dismissLostOrganizations(userId: string): void {
  const remembered = parseRemembered(rememberedSnapshot(userId));
  if (remembered && remembered.lost.length > 0) write(userId, { ...remembered, lost: [] });
}

/** Sign-out and account deletion: this browser keeps no one's organizations. */
export function forgetRememberedOrganizations(): void {
  const store = browserStorage();
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, index) => store.key(index)).filter(
      (key): key is string => key?.startsWith(keyPrefix) === true,
    );
    for (const key of keys) store.removeItem(key);
  } catch {
    return;
  }
  notify();
}

export function subscribeToRemembered(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the same browser may record a removal, or sign out.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(keyPrefix)) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}
