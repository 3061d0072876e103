import { describe, expect, it } from 'vitest';
import type { MemberView } from '#domain/team.ts';
import { memberChoices } from './book-for-field.tsx';

const member = (userId: string, firstName: string | null, lastName: string | null, email: string): MemberView => ({
  userId,
  role: 'member',
  createdAt: '2026-01-01T00:00:00.000Z',
  user: { id: userId, firstName, lastName, email, profileImageUrl: null },
});

const team = [
  member('me', 'Ada', 'Admin', 'ada@example.com'),
  member('zoe', 'Zoë', 'Park', 'zoe@example.com'),
  member('bea-2', 'Bea', 'Booked', 'bea.b@other.example'),
  member('bea-1', 'Bea', 'Booked', 'bea@example.com'),
  member('nameless', null, null, 'carl@example.com'),
];

describe('memberChoices', () => {
  it('lists the other members by name, namesakes told apart and ordered by e-mail, without the booker', () => {
    expect(memberChoices(team, 'me')).toEqual([
      { userId: 'bea-2', name: 'Bea Booked', email: 'bea.b@other.example' },
      { userId: 'bea-1', name: 'Bea Booked', email: 'bea@example.com' },
      { userId: 'nameless', name: 'carl', email: 'carl@example.com' },
      { userId: 'zoe', name: 'Zoë Park', email: 'zoe@example.com' },
    ]);
  });
});
