import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

export interface PlatformColumn {
  label: string;
  isNumeric?: boolean;
  /** Named for screen readers only (an actions column). */
  isLabelHidden?: boolean;
}

/** The platform admin's wide tables: a scrolling frame, a caption for screen readers, column headers, rows. */
export function PlatformTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: PlatformColumn[];
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200">
      <table className="w-full min-w-[720px] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={cn('px-4 py-3', column.isNumeric && 'text-right')}>
                {column.isLabelHidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
