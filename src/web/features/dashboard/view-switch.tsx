import { List, Map as MapIcon } from 'lucide-react';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';

export type FloorView = 'map' | 'list';

/** Below this width the list is the default view (issue 14): a phone shows a third of the plan at best. */
const phoneQuery = '(max-width: 639px)';

export function defaultFloorView(): FloorView {
  return typeof window !== 'undefined' && window.matchMedia?.(phoneQuery).matches ? 'list' : 'map';
}

const tabClass =
  'inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm disabled:cursor-not-allowed disabled:opacity-50';

/** The Map | List switch: one tab list, and the chosen view as its panel. */
export function ViewSwitch({
  view,
  onViewChange,
  isListDisabled,
  header,
  children,
}: {
  view: FloorView;
  onViewChange: (view: FloorView) => void;
  /** Edit mode works on the map only. */
  isListDisabled: boolean;
  /** What sits beside the switch (the organization's name and today's statistics). */
  header: ReactNode;
  children: ReactNode;
}) {
  return (
    <Tabs.Root
      value={view}
      onValueChange={(value) => onViewChange(value === 'list' ? 'list' : 'map')}
      className="flex flex-1 flex-col gap-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        {header}
        <Tabs.List aria-label="View" className="inline-flex rounded-lg bg-slate-200/70 p-1">
          <Tabs.Trigger value="map" className={tabClass}>
            <MapIcon className="size-4" aria-hidden="true" />
            Map
          </Tabs.Trigger>
          <Tabs.Trigger value="list" className={tabClass} disabled={isListDisabled}>
            <List className="size-4" aria-hidden="true" />
            List
          </Tabs.Trigger>
        </Tabs.List>
      </div>
      <Tabs.Content value={view} className="flex min-w-0 flex-col gap-2 focus-visible:outline-none">
        {children}
      </Tabs.Content>
    </Tabs.Root>
  );
}
