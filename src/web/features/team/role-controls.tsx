import type { SelectHTMLAttributes } from 'react';
import type { Role } from '#domain/organization.ts';
import { cn } from '#web/lib/cn.ts';

export const roleNames: Record<Role, string> = { admin: 'Admin', member: 'Member' };

export function RoleBadge({ role }: { role: Role }) {
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 text-xs font-medium',
        role === 'admin' ? 'bg-brand-100 text-brand-900' : 'bg-slate-100 text-slate-700',
      )}
    >
      {roleNames[role]}
    </span>
  );
}

/** A native select: keyboard, screen readers and mobile pickers all work without extra code. */
export function RoleSelect({
  value,
  onChange,
  className,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  value: Role;
  onChange: (role: Role) => void;
}) {
  return (
    <select
      value={value}
      onChange={(event) => onChange(event.target.value as Role)}
      className={cn(
        'h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 shadow-sm',
        'focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-slate-100',
        className,
      )}
      {...props}
    >
      <option value="member">{roleNames.member}</option>
      <option value="admin">{roleNames.admin}</option>
    </select>
  );
}
