import { describe, expect, it } from 'vitest';
import { auditDateProblem, auditFilterOf, hasAuditFilters, noAuditFilters } from './audit-filter-state.ts';

const someone = '5b1c8e36-3f0a-4c43-9a5e-0d1f2a3b4c5d';

describe('the audit log’s filters as a query', () => {
  it.each([
    [noAuditFilters, {}],
    [{ ...noAuditFilters, kind: 'desk.created' }, { action: 'desk.created' }],
    [
      { ...noAuditFilters, kind: 'group:floors' },
      {
        action: [
          'floor.created',
          'floor.renamed',
          'floor.zoom_changed',
          'floor.plan_uploaded',
          'floor.deleted',
          'floor.moved',
          'organization.zoom_changed',
          'organization.plan_uploaded',
        ],
      },
    ],
    [{ ...noAuditFilters, kind: 'not-a-kind' }, {}],
    [
      { kind: '', actorId: someone, from: '2026-03-01', to: '2026-03-02' },
      { actorId: someone, from: '2026-03-01', to: '2026-03-02' },
    ],
  ])('asks for %j as %j', (state, filter) => {
    expect(auditFilterOf(state)).toEqual(filter);
  });

  it('knows when anything is filtered, and when the dates are the wrong way round', () => {
    expect(hasAuditFilters(noAuditFilters)).toBe(false);
    expect(hasAuditFilters({ ...noAuditFilters, to: '2026-03-02' })).toBe(true);
    expect(auditDateProblem({ from: '2026-03-02', to: '2026-03-01' })).toBe(
      'The To date must be on or after the From date.',
    );
    expect(auditDateProblem({ from: '2026-03-02', to: '2026-03-02' })).toBeUndefined();
    expect(auditDateProblem({ from: '', to: '2026-03-01' })).toBeUndefined();
  });
});
