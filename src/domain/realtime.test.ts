import { describe, expect, it } from 'vitest';
import { type Change, coalesceChanges, maxChangeIds } from './realtime.ts';

const booking = (
  organizationId: string,
  fromDate: string,
  toDate: string,
  userIds: string[] | null,
  hasPermanent = false,
) => ({ kind: 'bookings', organizationId, fromDate, toDate, hasPermanent, userIds }) as const;
const desks = (organizationId: string, floorIds: string[] | null, renamed = false) =>
  ({ kind: 'desks', organizationId, floorIds, renamed }) as const;
const members = (organizationId: string, userIds: string[] | null, renamed?: boolean) =>
  ({ kind: 'members', organizationId, userIds, ...(renamed === undefined ? {} : { renamed }) }) as const;

describe('changes read together', () => {
  it.each<[string, Change[], Change[]]>([
    ['nothing stays nothing', [], []],
    [
      'one change stays as it is',
      [booking('a', '2026-12-01', '2026-12-01', ['u1'])],
      [booking('a', '2026-12-01', '2026-12-01', ['u1'])],
    ],
    [
      "one organization's bookings become one change over all their dates and people",
      [
        booking('a', '2026-12-03', '2026-12-03', ['u1']),
        booking('a', '2026-12-01', '2026-12-02', ['u2', 'u1']),
        booking('a', '2026-12-05', '2026-12-05', ['u3'], true),
      ],
      [booking('a', '2026-12-01', '2026-12-05', ['u1', 'u2', 'u3'], true)],
    ],
    [
      'a list that was "all of them" stays all of them',
      [booking('a', '2026-12-01', '2026-12-01', ['u1']), booking('a', '2026-12-01', '2026-12-01', null)],
      [booking('a', '2026-12-01', '2026-12-01', null)],
    ],
    [
      'two organizations stay apart, each merged on its own',
      [
        booking('a', '2026-12-01', '2026-12-01', ['u1']),
        booking('b', '2026-12-02', '2026-12-02', ['u9']),
        booking('a', '2026-12-04', '2026-12-04', ['u2']),
      ],
      [booking('a', '2026-12-01', '2026-12-04', ['u1', 'u2']), booking('b', '2026-12-02', '2026-12-02', ['u9'])],
    ],
    [
      "a change of another kind between two keeps the organization's order",
      [
        booking('a', '2026-12-01', '2026-12-01', ['u1']),
        desks('a', ['f1']),
        booking('a', '2026-12-02', '2026-12-02', ['u2']),
      ],
      [
        booking('a', '2026-12-01', '2026-12-01', ['u1']),
        desks('a', ['f1']),
        booking('a', '2026-12-02', '2026-12-02', ['u2']),
      ],
    ],
    [
      'desk changes name all their floors, and a rename among them',
      [desks('a', ['f1']), desks('a', ['f2', 'f1'], true)],
      [desks('a', ['f1', 'f2'], true)],
    ],
    [
      'a rename and a membership change stay two, so that the membership change still checks the streams',
      [members('a', ['u1'], true), members('a', ['u2'])],
      [members('a', ['u1'], true), members('a', ['u2'])],
    ],
    ['membership changes merge', [members('a', ['u1']), members('a', ['u2'], false)], [members('a', ['u1', 'u2'])]],
    [
      'the same organization change twice is announced once',
      [
        { kind: 'organization', organizationId: 'a' },
        { kind: 'organization', organizationId: 'a' },
      ],
      [{ kind: 'organization', organizationId: 'a' }],
    ],
    [
      'ended sessions of several statements close every stream concerned',
      [
        { kind: 'sessions', organizationId: null, userIds: ['u1'] },
        { kind: 'sessions', organizationId: null, userIds: ['u2'] },
      ],
      [{ kind: 'sessions', organizationId: null, userIds: ['u1', 'u2'] }],
    ],
  ])('%s', (_, changes, expected) => {
    expect(coalesceChanges(changes)).toEqual(expected);
  });

  it(`names at most ${maxChangeIds} people, and all of them beyond`, () => {
    const many = Array.from({ length: maxChangeIds }, (_, index) =>
      booking('a', '2026-12-01', '2026-12-01', [`u${index}`]),
    );
    expect(coalesceChanges(many)).toEqual([
      booking(
        'a',
        '2026-12-01',
        '2026-12-01',
        many.map((_, index) => `u${index}`),
      ),
    ]);
    expect(coalesceChanges([...many, booking('a', '2026-12-01', '2026-12-01', ['one more'])])).toEqual([
      booking('a', '2026-12-01', '2026-12-01', null),
    ]);
  });
});
