import { type ReactNode, useId, useState } from 'react';
import type { Analytics, AnalyticsDesk } from '#domain/analytics.ts';
import { formatShare, heatColour, heatGradient, mostAndLeastUsed } from '#domain/analytics-view.ts';
import { errorMessage } from '#web/app/api.ts';
import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { useFloorDesks } from '../desks/index.ts';
import type { Floor } from '../floors/index.ts';
import type { Organization } from '../organizations/index.ts';
import { deskLabel } from './floors-and-desks.tsx';
import { HeatMapPlan } from './heat-map-plan.tsx';
import { Section } from './section.tsx';

function Legend({ hasUnusable }: { hasUnusable: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-xs text-slate-700">
      <div className="flex items-center gap-2">
        <span>0%</span>
        <span
          className="h-3 w-40 rounded-full ring-1 ring-slate-300"
          style={{ background: heatGradient }}
          aria-hidden="true"
        />
        <span>100% used</span>
      </div>
      {hasUnusable && (
        <div className="flex items-center gap-2">
          <span
            className="size-3 rounded-sm ring-1 ring-slate-400"
            style={{ background: 'repeating-linear-gradient(-45deg, #e2e8f0 0 3px, #f8fafc 3px 6px)' }}
            aria-hidden="true"
          />
          <span>Not in use in this range</span>
        </div>
      )}
    </div>
  );
}

function Ranking({ title, desks }: { title: string; desks: readonly AnalyticsDesk[] }) {
  return (
    <div className="grid content-start gap-2">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {desks.length === 0 ? (
        <p className="text-sm text-slate-600">No desks to list.</p>
      ) : (
        <ol className="grid gap-1.5">
          {desks.map((desk) => {
            const colour = heatColour(desk.utilization);
            return (
              <li key={desk.deskId} className="flex items-start gap-2 text-sm">
                <span
                  className="mt-1 size-3 shrink-0 rounded-sm ring-1 ring-slate-300"
                  style={{ background: colour.background }}
                  aria-hidden="true"
                />
                <span className="min-w-0 flex-1 text-slate-800 [overflow-wrap:anywhere]">{deskLabel(desk)}</span>
                <span className="font-semibold text-slate-900 tabular-nums">{formatShare(desk.utilization)}</span>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

/** The floor plan with each desk coloured by its use over the range, and the floor's most and least used desks. */
export function HeatMapSection({
  analytics,
  organization,
  floors,
  floorId,
}: {
  analytics: Analytics;
  organization: Organization;
  floors: readonly Floor[];
  /** The screen's floor filter: '' for all floors, when the section offers its own choice. */
  floorId: string;
}) {
  const pickerId = useId();
  const [pickedFloorId, setPickedFloorId] = useState('');
  const floor = floors.find((item) => item.id === (floorId || pickedFloorId)) ?? (floorId ? undefined : floors[0]);
  const desks = useFloorDesks(floor?.id);
  const ofFloor = analytics.desks.filter((desk) => desk.floorId === floor?.id);
  const useById = new Map(ofFloor.map((desk) => [desk.deskId, desk]));
  const { most, least } = mostAndLeastUsed(ofFloor);
  const hasDeleted = ofFloor.some((desk) => desk.isDeleted);

  let plan: ReactNode;
  if (!floor) {
    plan = <p className="text-sm text-slate-600">This organization has no floors yet.</p>;
  } else if (desks.isPending) {
    plan = (
      <div
        role="status"
        className="flex aspect-video items-center justify-center rounded-xl bg-slate-100 text-sm text-slate-600"
      >
        Loading the desks of {floor.name}…
      </div>
    );
  } else if (desks.isError) {
    plan = (
      <RetryAlert
        className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800"
        messageClassName=""
        buttonClassName="mt-2"
        size="sm"
        onRetry={() => void desks.refetch()}
      >
        {errorMessage(desks.error, `The desks of ${floor.name} could not be loaded.`)}
      </RetryAlert>
    );
  } else if (desks.data.length === 0) {
    plan = <p className="text-sm text-slate-600">{floor.name} has no desks yet.</p>;
  } else {
    plan = (
      <HeatMapPlan
        floor={floor}
        imageUrl={floor.floorPlanUrl ?? organization.floorPlanUrl ?? null}
        desks={desks.data}
        useById={useById}
      />
    );
  }

  return (
    <Section
      title="Heat map"
      description={floor ? `Each desk of ${floor.name} coloured by its use over the range.` : undefined}
      aside={
        !floorId &&
        floors.length > 1 && (
          <div className="flex items-center gap-2">
            <label htmlFor={pickerId} className="text-sm font-medium text-slate-800">
              Floor
            </label>
            <select
              id={pickerId}
              value={floor?.id ?? ''}
              onChange={(event) => setPickedFloorId(event.target.value)}
              className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
            >
              {floors.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
          </div>
        )
      }
    >
      <div className="grid gap-5 xl:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="grid min-w-0 content-start gap-3">
          {plan}
          <Legend hasUnusable={(desks.data ?? []).some((desk) => (useById.get(desk.id)?.days ?? 0) === 0)} />
          {hasDeleted && (
            <p className="text-xs text-slate-600">Deleted desks are not on the plan; they are in the desks table.</p>
          )}
        </div>
        <div className="grid content-start gap-5 sm:grid-cols-2 xl:grid-cols-1">
          <Ranking title="Most used" desks={most} />
          <Ranking title="Least used" desks={least} />
        </div>
      </div>
    </Section>
  );
}
