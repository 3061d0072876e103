import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

export interface Column<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Figures: right-aligned, in tabular digits. */
  isNumeric?: boolean;
  /** The row's header cell (the date, the desk). */
  isRowHeader?: boolean;
  /** aria-sort of a sortable column. */
  sort?: 'ascending' | 'descending' | 'none';
}

/**
 * The figures of a chart as a table, for screen readers and for copying into a spreadsheet. It scrolls sideways on
 * its own on a narrow screen (a focusable region, so the keyboard can scroll it too), never the page.
 */
export function DataTable<Row>({
  caption,
  isCaptionVisible = false,
  columns,
  rows,
  rowKey,
  footer,
  className,
}: {
  caption: string;
  isCaptionVisible?: boolean;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  footer?: ReactNode;
  className?: string;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that may scroll sideways must be reachable by keyboard
    <section aria-label={caption} tabIndex={0} className={cn('overflow-x-auto rounded-lg', className)}>
      <table className="w-full border-collapse text-sm">
        <caption className={isCaptionVisible ? 'pb-2 text-left text-sm font-semibold text-slate-900' : 'sr-only'}>
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-slate-200">
            {columns.map((column, index) => (
              <th
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table
                key={index}
                scope="col"
                aria-sort={column.sort}
                className={cn(
                  'px-3 py-2 text-xs font-semibold whitespace-nowrap text-slate-600',
                  column.isNumeric ? 'text-right' : 'text-left',
                )}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b border-slate-100 last:border-b-0 hover:bg-slate-50">
              {columns.map((column, index) => {
                const Cell = column.isRowHeader ? 'th' : 'td';
                return (
                  <Cell
                    // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table
                    key={index}
                    scope={column.isRowHeader ? 'row' : undefined}
                    className={cn(
                      'px-3 py-2 whitespace-nowrap text-slate-800',
                      column.isNumeric ? 'text-right tabular-nums' : 'text-left',
                      column.isRowHeader && 'font-medium text-slate-900',
                    )}
                  >
                    {column.cell(row)}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
        {footer && <tfoot className="border-t border-slate-300 font-semibold text-slate-900">{footer}</tfoot>}
      </table>
    </section>
  );
}
