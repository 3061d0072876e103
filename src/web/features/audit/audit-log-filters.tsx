import { type ReactNode, useId } from 'react';
import { displayName } from '#domain/account.ts';
import { auditActionGroups, auditActionLabels } from '#domain/audit-kinds.ts';
import type { MemberView } from '#domain/team.ts';
import { Input, Label } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/cn.ts';
import { type AuditFilterState, groupKind } from './audit-filter-state.ts';

const fieldClass =
  'h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none';

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-1">
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      {children}
    </div>
  );
}

/**
 * Kind, person and dates: native controls, so keyboards, screen readers and phones all work. A kind is one action or
 * a whole group of them ("All desk changes"); the people are the organization's members, by name.
 */
export function AuditLogFilters({
  value,
  members,
  dateProblem,
  onChange,
}: {
  value: AuditFilterState;
  members: readonly MemberView[];
  dateProblem: string | undefined;
  onChange: (change: Partial<AuditFilterState>) => void;
}) {
  const id = useId();
  const people = [...members]
    .map((member) => ({ id: member.userId, name: displayName(member.user), email: member.user.email }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const problemId = dateProblem ? `${id}-dates` : undefined;
  return (
    <search className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Field id={`${id}-kind`} label="Kind">
          <select
            id={`${id}-kind`}
            value={value.kind}
            className={fieldClass}
            onChange={(event) => onChange({ kind: event.target.value })}
          >
            <option value="">All kinds</option>
            {auditActionGroups.map((group) => (
              <optgroup key={group.id} label={group.label}>
                <option value={groupKind(group.id)}>{group.allLabel}</option>
                {group.actions.map((action) => (
                  <option key={action} value={action}>
                    {auditActionLabels[action]}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </Field>
        <Field id={`${id}-person`} label="Person">
          <select
            id={`${id}-person`}
            value={value.actorId}
            className={fieldClass}
            onChange={(event) => onChange({ actorId: event.target.value })}
          >
            <option value="">Anyone</option>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name === person.email ? person.name : `${person.name} (${person.email})`}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-from`} label="From">
          <Input
            id={`${id}-from`}
            type="date"
            className="min-w-0"
            value={value.from}
            aria-invalid={problemId ? true : undefined}
            aria-describedby={problemId}
            onChange={(event) => onChange({ from: event.target.value })}
          />
        </Field>
        <Field id={`${id}-to`} label="To">
          <Input
            id={`${id}-to`}
            type="date"
            className="min-w-0"
            value={value.to}
            aria-invalid={problemId ? true : undefined}
            aria-describedby={problemId}
            onChange={(event) => onChange({ to: event.target.value })}
          />
        </Field>
      </div>
      <p id={`${id}-dates`} className={cn('text-sm text-red-700', !dateProblem && 'hidden')}>
        {dateProblem}
      </p>
    </search>
  );
}
