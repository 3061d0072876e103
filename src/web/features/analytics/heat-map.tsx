import { type CSSProperties, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import type { Analytics, AnalyticsDesk } from '#domain/analytics.ts';
import { formatShare, heatColour, heatGradient, mostAndLeastUsed } from '#domain/analytics-view.ts';
import { canvasSize } from '#domain/floor-plan.ts';
import { errorMessage } from '#web/app/api.ts';
import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { type Desk, useFloorDesks } from '../desks/index.ts';
// The floor plan's own geometry: desks are placed on the heat map exactly as on the map.
import { tileTransform, toDeskRect } from '../floor-plan/index.ts';
import type { Floor } from '../floors/index.ts';
import type { Organization } from '../organizations/index.ts';
import { deskLabel } from './floors-and-desks.tsx';
import { Section } from './section.tsx';

/** The plan is drawn at least this wide: on a phone it scrolls sideways rather than shrink its desks to specks. */
const minimumWidth = 640;

function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** "D04: 63% used", or that it could not be used in the range (made since, or out of service and unbooked). */
export function heatTileName(desk: Pick<Desk, 'name'>, use: AnalyticsDesk | undefined): string {
  if (!use || use.days === 0) return `${desk.name}: not in use in this range`;
  return `${desk.name}: ${formatShare(use.utilization)} used`;
}

function HeatTile({ desk, use, scale }: { desk: Desk; use: AnalyticsDesk | undefined; scale: number }) {
  const rect = toDeskRect(desk);
  const isUsable = use !== undefined && use.days > 0;
  const colour = heatColour(isUsable ? use.utilization : 0);
  // What fits, in screen pixels: the name over the share, the share alone ("100%" in bold is about 2.8 em wide, with
  // its padding and border 3.4), or only the colour on a tile too small for 8 px text.
  const screenWidth = rect.width * scale;
  const screenHeight = rect.height * scale;
  const textPx = Math.min(13, (screenWidth - 3) / 3.4, screenHeight / 1.4);
  const detail = textPx < 8 ? 'none' : screenHeight >= 2.6 * textPx + 4 ? 'full' : 'share';
  const style: CSSProperties = {
    width: rect.width,
    height: rect.height,
    transform: tileTransform(rect.x, rect.y, rect.rotation),
    background: isUsable ? colour.background : 'repeating-linear-gradient(-45deg, #e2e8f0 0 6px, #f8fafc 6px 12px)',
    color: isUsable ? colour.text : '#0f172a',
    fontSize: Math.max(textPx, 8) / scale,
    borderWidth: 1 / scale,
  };
  return (
    <div
      role="img"
      aria-label={heatTileName(desk, use)}
      data-desk-id={desk.id}
      className="absolute top-0 left-0 flex origin-top-left flex-col items-center justify-center overflow-hidden rounded-md border-slate-400 text-center leading-tight"
      style={style}
    >
      {detail === 'full' && <span className="max-w-full truncate px-[0.15em] font-medium">{desk.name}</span>}
      {detail !== 'none' && (
        <span className="max-w-full truncate px-[0.15em] font-bold tabular-nums">
          {isUsable ? formatShare(use.utilization) : '—'}
        </span>
      )}
    </div>
  );
}

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
              <li key={desk.deskId} className="flex items-center gap-2 text-sm">
                <span
                  className="size-3 shrink-0 rounded-sm ring-1 ring-slate-300"
                  style={{ background: colour.background }}
                  aria-hidden="true"
                />
                <span className="min-w-0 flex-1 truncate text-slate-800">{deskLabel(desk)}</span>
                <span className="font-semibold text-slate-900 tabular-nums">{formatShare(desk.utilization)}</span>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

function Plan({
  floor,
  imageUrl,
  desks,
  useById,
}: {
  floor: Floor;
  imageUrl: string | null;
  desks: readonly Desk[];
  useById: ReadonlyMap<string, AnalyticsDesk>;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const width = useWidth(boxRef);
  const scale = width / canvasSize.width;
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the plan scrolls sideways; the keyboard must reach it
    <section tabIndex={0} aria-label={`Heat map of ${floor.name}`} className="overflow-x-auto rounded-xl">
      <div
        ref={boxRef}
        className="relative overflow-hidden rounded-xl border border-slate-200 bg-white"
        style={{ aspectRatio: `${canvasSize.width} / ${canvasSize.height}`, minWidth: minimumWidth }}
      >
        {width > 0 && (
          // biome-ignore lint/a11y/useSemanticElements: the desks are placed absolutely on the plan, not laid out as a fieldset
          <div
            role="group"
            aria-label={`Desks on ${floor.name} by use`}
            className="absolute top-0 left-0 origin-top-left"
            style={{ width: canvasSize.width, height: canvasSize.height, transform: `scale(${scale})` }}
          >
            {imageUrl !== null && imageUrl !== failedUrl && (
              <img
                src={imageUrl}
                alt=""
                draggable={false}
                className="pointer-events-none absolute inset-0 size-full object-contain select-none"
                onError={() => setFailedUrl(imageUrl)}
              />
            )}
            {desks.map((desk) => (
              <HeatTile key={desk.id} desk={desk} use={useById.get(desk.id)} scale={scale} />
            ))}
          </div>
        )}
      </div>
    </section>
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
      <Plan
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
