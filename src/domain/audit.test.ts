import { describe, expect, it } from 'vitest';
import {
  auditActions,
  auditLogSearchParams,
  auditRangeInstants,
  filteredActions,
  organizationAuditLogQuerySchema,
} from './audit.ts';
import { auditEventCsvLine, auditLogCsvHeader } from './audit-csv.ts';
import { auditActionGroups, auditActionLabels } from './audit-kinds.ts';

const someone = '5b1c8e36-3f0a-4c43-9a5e-0d1f2a3b4c5d';

describe('the kinds of audit events', () => {
  it('puts every action in exactly one group of the Kind filter, each with a label', () => {
    const grouped = auditActionGroups.flatMap((group) => group.actions);
    expect([...grouped].sort()).toEqual([...auditActions].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
    for (const action of auditActions) expect(auditActionLabels[action]).toMatch(/^[A-Z]/);
  });
});

describe('the audit log query', () => {
  const parse = (query: Record<string, unknown>) => organizationAuditLogQuerySchema.safeParse(query);

  it.each([
    [{}, { limit: 25 }],
    [{ action: 'desk.created' }, { action: 'desk.created', limit: 25 }],
    [
      { action: ['desk.created', 'floor.plan_uploaded'], actorId: someone, from: '2026-03-01', to: '2026-03-31' },
      {
        action: ['desk.created', 'floor.plan_uploaded'],
        actorId: someone,
        from: '2026-03-01',
        to: '2026-03-31',
        limit: 25,
      },
    ],
    [
      { from: '2026-03-02', to: '2026-03-02', limit: '10', before: '99' },
      { from: '2026-03-02', to: '2026-03-02', limit: 10, before: 99 },
    ],
  ])('takes %j', (query, parsed) => {
    expect(parse(query)).toMatchObject({ success: true, data: parsed });
  });

  it.each([
    [{ action: 'desk.exploded' }, 'action must be a kind of audit event, such as desk.created'],
    [{ action: ['desk.created', 'nope'] }, 'action must be a kind of audit event, such as desk.created'],
    [{ actorId: 'ana' }, 'actorId must be a person’s id'],
    [{ from: '2026-02-30' }, 'from must be a date such as 2026-11-23'],
    [{ to: 'yesterday' }, 'to must be a date such as 2026-11-23'],
    [{ from: '12026-01-01' }, 'from must be a date such as 2026-11-23'],
    [{ from: '2026-03-02', to: '2026-03-01' }, 'to must not be before from'],
    [{ limit: '0' }, 'limit must be 1 to 100'],
    [{ page: '2' }, 'Unrecognized key: "page"'],
  ])('refuses %j with a sentence', (query, message) => {
    const result = parse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('lists the actions of a filter once each, and none for no filter', () => {
    expect(filteredActions({})).toEqual([]);
    expect(filteredActions({ action: 'desk.created' })).toEqual(['desk.created']);
    expect(filteredActions({ action: ['desk.created', 'desk.created', 'desk.moved'] })).toEqual([
      'desk.created',
      'desk.moved',
    ]);
  });

  it('writes the same query string for a page and its export, in a fixed order', () => {
    expect(
      auditLogSearchParams({ to: '2026-03-31', action: ['desk.created', 'desk.moved'], actorId: someone }).toString(),
    ).toBe(`action=desk.created&action=desk.moved&actorId=${someone}&to=2026-03-31`);
    expect(auditLogSearchParams({}).toString()).toBe('');
  });
});

describe('the dates of the filter, in the organization’s time zone', () => {
  it.each([
    [
      'London in winter',
      'Europe/London',
      '2026-01-10',
      '2026-01-10',
      '2026-01-10T00:00:00.000Z',
      '2026-01-11T00:00:00.000Z',
    ],
    [
      'London in summer',
      'Europe/London',
      '2026-07-10',
      '2026-07-11',
      '2026-07-09T23:00:00.000Z',
      '2026-07-11T23:00:00.000Z',
    ],
    // The night the clocks go forward (29 March 2026): that day has 23 hours.
    [
      'the spring change',
      'Europe/London',
      '2026-03-29',
      '2026-03-29',
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T23:00:00.000Z',
    ],
    // And back (25 October 2026): 25 hours.
    [
      'the autumn change',
      'Europe/London',
      '2026-10-25',
      '2026-10-25',
      '2026-10-24T23:00:00.000Z',
      '2026-10-26T00:00:00.000Z',
    ],
    [
      'across the date line',
      'Pacific/Kiritimati',
      '2026-05-01',
      '2026-05-01',
      '2026-04-30T10:00:00.000Z',
      '2026-05-01T10:00:00.000Z',
    ],
    [
      'behind UTC',
      'America/New_York',
      '2026-12-31',
      '2026-12-31',
      '2026-12-31T05:00:00.000Z',
      '2027-01-01T05:00:00.000Z',
    ],
  ])('covers whole local days: %s', (_label, zone, from, to, since, until) => {
    const range = auditRangeInstants({ from, to }, zone);
    expect(range.since?.toISOString()).toBe(since);
    expect(range.until?.toISOString()).toBe(until);
  });

  it('leaves an open end open', () => {
    expect(auditRangeInstants({}, 'Europe/London')).toEqual({});
    expect(Object.keys(auditRangeInstants({ from: '2026-01-01' }, 'UTC'))).toEqual(['since']);
  });
});

describe('the audit log as CSV', () => {
  it('writes the event’s sentence and details, and keeps a would-be formula as text', () => {
    expect(auditLogCsvHeader).toBe(
      'Event ID,Time (UTC),Kind,Description,Actor name,Actor email,Target type,Target ID,Details\r\n',
    );
    const line = auditEventCsvLine({
      id: 7,
      action: 'floor.created',
      actor: { email: 'ana@example.com', name: '=HYPERLINK("http://evil.example","x")' },
      target: { type: 'floor', id: 'f1' },
      details: { name: '+Annex' },
      organization: null,
      createdAt: '2026-03-02T09:00:00.000Z',
    });
    expect(line).toBe(
      `7,2026-03-02T09:00:00.000Z,floor.created,"'=HYPERLINK(""http://evil.example"",""x"") added the floor +Annex",` +
        `"'=HYPERLINK(""http://evil.example"",""x"")",ana@example.com,floor,f1,"{""name"":""+Annex""}"\r\n`,
    );
  });
});
