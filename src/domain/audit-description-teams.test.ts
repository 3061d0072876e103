import { describe, expect, it } from 'vitest';
import { describeAuditEvent } from './audit-description.ts';

const ana = { email: 'ana@example.com', name: 'Ana Lopez' };
const person = (name: string) => ({ name, email: `${name.toLowerCase().replace(' ', '.')}@example.com` });

describe('team events in the audit log as sentences', () => {
  it.each([
    ['team.created', { name: 'Design', colour: '#2563eb' }, 'Ana Lopez added the team Design'],
    [
      'team.created',
      { name: 'Design', colour: '#2563eb', maxDaysAhead: 30, maxBookingsPerWeek: 1 },
      'Ana Lopez added the team Design (30 days ahead, 1 day a week)',
    ],
    [
      'team.updated',
      {
        name: 'Product design',
        changes: {
          name: { from: 'Design', to: 'Product design' },
          colour: { from: '#2563eb', to: '#dc2626' },
          maxDaysAhead: { from: null, to: 60 },
          maxBookingsPerWeek: { from: 3, to: null },
        },
      },
      'Ana Lopez changed the team Product design: renamed from Design; colour #2563eb → #dc2626; days ahead the organization’s → 60 days ahead; days per week 3 days a week → the organization’s',
    ],
    ['team.updated', { name: 'Design', changes: 'garbage' }, 'Ana Lopez changed the team Design'],
    ['team.deleted', { name: 'Design', memberCount: 4 }, 'Ana Lopez deleted the team Design (4 people)'],
    ['team.deleted', { name: 'Design', memberCount: 1 }, 'Ana Lopez deleted the team Design (1 person)'],
    ['team.deleted', {}, 'Ana Lopez deleted a team'],
    [
      'team.members_changed',
      {
        name: 'Design',
        added: [person('Sam Lee'), person('Mia Chen')],
        addedCount: 2,
        removed: [person('Raj Patel')],
        removedCount: 1,
      },
      'Ana Lopez changed who is in Design: added Sam Lee, Mia Chen; removed Raj Patel',
    ],
    [
      'team.members_changed',
      { name: 'Design', added: [person('Sam Lee')], addedCount: 25, removed: [], removedCount: 0 },
      'Ana Lopez changed who is in Design: added Sam Lee and 24 more',
    ],
    [
      'team.members_changed',
      { name: 'Design', added: 'nobody', addedCount: 3, removedCount: -2 },
      'Ana Lopez changed who is in Design: added 3 people',
    ],
  ])('describes %s in words (%j)', (action, details, sentence) => {
    expect(describeAuditEvent({ action, actor: ana, details })).toBe(sentence);
  });
});
