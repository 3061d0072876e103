import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  disappearedOrganizations,
  dismissLostOrganizations,
  forgetRememberedOrganizations,
  listOfNames,
  parseRemembered,
  type RememberedOrganizations,
  reconcileOrganizations,
  rememberedSnapshot,
  rememberOrganizations,
  subscribeToRemembered,
} from './remembered-organizations.ts';

const acme = { id: 'org-acme', name: 'Acme Ltd' };
const globex = { id: 'org-globex', name: 'Globex' };
const initech = { id: 'org-initech', name: 'Initech' };

describe('which organizations disappeared', () => {
  it.each([
    ['none when the list is unchanged', [acme, globex], [globex, acme], []],
    ['the one missing from the list', [acme, globex], [globex], [acme]],
    ['every one when the list is empty', [acme, globex], [], [acme, globex]],
    ['none for an organization that was joined', [acme], [acme, globex], []],
    ['none when only a name changed', [acme], [{ ...acme, name: 'Acme Group' }], []],
  ])('finds %s', (_, remembered, current, expected) => {
    expect(disappearedOrganizations(remembered, current)).toEqual(expected);
  });
});

describe('reconciling the remembered organizations with the list', () => {
  const table: Array<[string, RememberedOrganizations | null, (typeof acme)[], RememberedOrganizations]> = [
    [
      'remembers the list and loses nothing the first time this browser sees the user',
      null,
      [acme],
      { organizations: [acme], lost: [] },
    ],
    [
      'notes an organization that disappeared as lost',
      { organizations: [acme, globex], lost: [] },
      [globex],
      { organizations: [globex], lost: [acme] },
    ],
    [
      'keeps a lost organization the user has not dismissed yet when the list is read again',
      { organizations: [], lost: [acme] },
      [],
      { organizations: [], lost: [acme] },
    ],
    [
      'adds a second removal to the first',
      { organizations: [globex], lost: [acme] },
      [],
      { organizations: [], lost: [acme, globex] },
    ],
    [
      'stops calling an organization lost once the user belongs to it again',
      { organizations: [globex], lost: [acme] },
      [globex, acme],
      { organizations: [globex, acme], lost: [] },
    ],
    [
      'names an organization once, with the name it had when it was last seen',
      { organizations: [acme], lost: [{ ...acme, name: 'Acme (old name)' }] },
      [initech],
      { organizations: [initech], lost: [acme] },
    ],
  ];
  it.each(table)('%s', (_, previous, current, expected) => {
    expect(reconcileOrganizations(previous, current)).toEqual(expected);
  });

  it('keeps only the id and the name of each organization', () => {
    const full = { ...acme, role: 'admin', slug: 'acme' };
    expect(reconcileOrganizations(null, [full]).organizations).toEqual([acme]);
  });
});

describe('naming the lost organizations', () => {
  it.each([
    [[acme], 'Acme Ltd'],
    [[acme, globex], 'Acme Ltd and Globex'],
    [[acme, globex, initech], 'Acme Ltd, Globex and Initech'],
  ])('lists %j as "%s"', (organizations, expected) => {
    expect(listOfNames(organizations)).toBe(expected);
  });
});

describe('reading a stored entry', () => {
  it.each([
    ['nothing', null],
    ['text that is not JSON', '{oops'],
    ['an entry without its lists', '{"organizations":[]}'],
    ['an entry with a malformed organization', '{"organizations":[{"id":1}],"lost":[]}'],
  ])('treats %s as nothing remembered', (_, raw) => {
    expect(parseRemembered(raw)).toBeNull();
  });
});

describe('the remembered organizations in this browser', () => {
  beforeEach(() => {
    const items = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      get length() {
        return items.size;
      },
      key: (index: number) => [...items.keys()][index] ?? null,
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
      removeItem: (key: string) => items.delete(key),
      clear: () => items.clear(),
    } satisfies Storage);
    localStorage.setItem('someone-else', 'kept');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const lostOf = (userId: string) => parseRemembered(rememberedSnapshot(userId))?.lost;

  it('keeps each user apart, and notes a removal for the user it happened to', () => {
    rememberOrganizations('ann', [acme, globex]);
    rememberOrganizations('bob', [acme]);
    rememberOrganizations('ann', [globex]);
    expect(lostOf('ann')).toEqual([acme]);
    expect(lostOf('bob')).toEqual([]);
  });

  it('forgets the lost organizations once the notice is dismissed, and tells the screens', () => {
    const heard = vi.fn();
    const stop = subscribeToRemembered(heard);
    rememberOrganizations('ann', [acme]);
    rememberOrganizations('ann', []);
    dismissLostOrganizations('ann');
    stop();
    expect(lostOf('ann')).toEqual([]);
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it('does not tell the screens when reading the same list again changes nothing', () => {
    rememberOrganizations('ann', [acme]);
    const heard = vi.fn();
    const stop = subscribeToRemembered(heard);
    rememberOrganizations('ann', [acme]);
    stop();
    expect(heard).not.toHaveBeenCalled();
  });

  it("forgets every user's organizations on sign-out, and nothing else of the browser's", () => {
    rememberOrganizations('ann', [acme]);
    rememberOrganizations('bob', [globex]);
    forgetRememberedOrganizations();
    expect(rememberedSnapshot('ann')).toBeNull();
    expect(rememberedSnapshot('bob')).toBeNull();
    expect(localStorage.getItem('someone-else')).toBe('kept');
    // After signing in again nothing counts as lost: the browser starts over.
    rememberOrganizations('ann', []);
    expect(lostOf('ann')).toEqual([]);
  });
});
