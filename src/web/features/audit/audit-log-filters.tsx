import { type ReactNode, useId, useMemo } from 'react';
import { displayName } from '#domain/account.ts';
import { auditActionGroups, auditActionLabels } from '#domain/audit-kinds.ts';
import { peopleFinder } from '#domain/people-search.ts';
import type { MemberView } from '#domain/team.ts';
import { Combobox, type ComboboxOption } from '#web/components/ui/combobox.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/cn.ts';
import { type AuditFilterState, groupKind } from './audit-filter-state.ts';

const fieldClass =
  'h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none';

/** Everyone: the person filter's first option, and what Escape clears it to. */
const anyone: ComboboxOption = { value: '', label: 'Anyone' };

function Field({ id, label, children, isWide }: { id: string; label: string; children: ReactNode; isWide?: boolean }) {
  return (
    // Kind and Person take the whole width of a phone: their options are long.
    <div className={cn('grid min-w-0 content-start gap-1', isWide && 'col-span-2 sm:col-span-1')}>
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      {children}
    </div>
  );
}

/**
 * Kind and dates: native controls, so keyboards, screen readers and phones all work. A kind is one action or
 * a whole group of them ("All desk changes"); the person is found by typing part of a name or e-mail, as in Book for.
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
  const people = useMemo<ComboboxOption[]>(
    () => [
      anyone,
      ...members
        .map((member) => ({ value: member.userId, label: displayName(member.user), detail: member.user.email }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    ],
    [members],
  );
  const search = useMemo(
    () => peopleFinder(people, (option) => ({ name: option.label, email: option.detail ?? '' })),
    [people],
  );
  const problemId = dateProblem ? `${id}-dates` : undefined;
  return (
    <search className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Field id={`${id}-kind`} label="Kind" isWide>
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
        <Field id={`${id}-person`} label="Person" isWide>
          <Combobox
            id={`${id}-person`}
            options={people}
            search={search}
            value={value.actorId}
            onChange={(actorId) => onChange({ actorId: actorId ?? '' })}
            clearedValue={anyone.value}
            placeholder="Anyone"
            countLabel={(count) => `${count.toLocaleString('en')} ${count === 1 ? 'person' : 'people'}`}
            emptyText="Nobody matches"
          />
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
