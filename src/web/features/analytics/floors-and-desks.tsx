import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { Analytics, AnalyticsDesk } from '#domain/analytics.ts';
import { type DeskOrder, formatShare, sortDesks } from '#domain/analytics-view.ts';
import { Button } from '#web/components/ui/button.tsx';
import { type Column, DataTable } from './data-table.tsx';
import { Section } from './section.tsx';

/** How many desks the table shows before "Show all". */
const firstRows = 15;

/** A share as a bar under its figure (the figure says it; the bar is for the eye). */
export function ShareBar({ value }: { value: number }) {
  return (
    <span className="flex items-center justify-end gap-2">
      <span className="hidden h-1.5 w-16 overflow-hidden rounded-full bg-slate-100 sm:block" aria-hidden="true">
        <span className="block h-full rounded-full bg-brand-600" style={{ width: `${Math.round(value * 100)}%` }} />
      </span>
      <span className="w-10 text-right">{formatShare(value)}</span>
    </span>
  );
}

export function deskLabel(desk: Pick<AnalyticsDesk, 'name' | 'isDeleted'>): string {
  return desk.isDeleted ? `${desk.name} (deleted)` : desk.name;
}

function SortButton({
  children,
  isActive,
  direction,
  onClick,
}: {
  children: ReactNode;
  isActive: boolean;
  direction: 'ascending' | 'descending';
  onClick: () => void;
}) {
  const Icon = !isActive ? ArrowUpDown : direction === 'ascending' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex items-center gap-1 rounded px-1 py-0.5 font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900"
    >
      {children}
      <Icon className="size-3.5" aria-hidden="true" />
    </button>
  );
}

function DesksTable({ desks, showsFloor }: { desks: Analytics['desks']; showsFloor: boolean }) {
  const [order, setOrder] = useState<DeskOrder>('most-used');
  const [isShowingAll, setIsShowingAll] = useState(false);
  const sorted = sortDesks(desks, order);
  const shown = isShowingAll ? sorted : sorted.slice(0, firstRows);
  const byUse = order !== 'name';
  const columns: Column<AnalyticsDesk>[] = [
    {
      header: (
        <SortButton isActive={!byUse} direction="ascending" onClick={() => setOrder('name')}>
          Desk
        </SortButton>
      ),
      sort: byUse ? 'none' : 'ascending',
      cell: deskLabel,
      isRowHeader: true,
    },
    ...(showsFloor ? [{ header: 'Floor', cell: (desk: AnalyticsDesk) => desk.floorName }] : []),
    {
      header: (
        <SortButton
          isActive={byUse}
          direction={order === 'least-used' ? 'ascending' : 'descending'}
          onClick={() => setOrder(order === 'most-used' ? 'least-used' : 'most-used')}
        >
          Utilization
        </SortButton>
      ),
      sort: !byUse ? 'none' : order === 'least-used' ? 'ascending' : 'descending',
      cell: (desk) => <ShareBar value={desk.utilization} />,
      isNumeric: true,
    },
    { header: 'Booked half days', cell: (desk) => desk.bookedSlots, isNumeric: true },
    { header: 'Days', cell: (desk) => desk.days, isNumeric: true },
  ];
  const orderName = { 'most-used': 'most used first', 'least-used': 'least used first', name: 'by name' }[order];
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Desks</h3>
        <p className="text-xs text-slate-600" aria-live="polite">
          {desks.length} {desks.length === 1 ? 'desk' : 'desks'}, {orderName}
        </p>
      </div>
      <DataTable caption={`Desks, ${orderName}`} rows={shown} rowKey={(desk) => desk.deskId} columns={columns} />
      {sorted.length > firstRows && (
        <Button
          variant="secondary"
          size="sm"
          className="justify-self-start"
          onClick={() => setIsShowingAll(!isShowingAll)}
        >
          {isShowingAll ? `Show the first ${firstRows}` : `Show all ${sorted.length} desks`}
        </Button>
      )}
    </div>
  );
}

/** Each floor's figures, and every desk's, sortable by use; deleted desks that were used still count. */
export function FloorsAndDesksSection({ analytics }: { analytics: Analytics }) {
  const { floors, desks } = analytics;
  const floorIds = new Set(desks.map((desk) => desk.floorId));
  return (
    <Section title="Floors and desks" description="Each desk's use over the days it could be booked in this range.">
      <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="grid content-start gap-2">
          <h3 className="text-sm font-semibold text-slate-900">Floors</h3>
          <DataTable
            caption="Floors"
            rows={floors}
            rowKey={(floor) => floor.floorId}
            columns={[
              {
                header: 'Floor',
                cell: (floor) => (floor.isDeleted ? `${floor.name} (deleted)` : floor.name),
                isRowHeader: true,
              },
              { header: 'Desks', cell: (floor) => floor.desks, isNumeric: true },
              { header: 'Utilization', cell: (floor) => <ShareBar value={floor.utilization} />, isNumeric: true },
              { header: 'Booked half days', cell: (floor) => floor.bookedSlots, isNumeric: true },
            ]}
          />
        </div>
        <DesksTable desks={desks} showsFloor={floorIds.size > 1} />
      </div>
    </Section>
  );
}
