import { lazy, type SetStateAction, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import type { Desk } from '../desks/list-floor-desks.ts';
import type { Floor } from '../floors/list-floors.ts';
import type { Organization } from '../organizations/api.ts';
import type { DeskAvailability } from './availability.ts';
import { emptySelection, pruneSelection, type Selection } from './engine/selection.ts';
import { FloorCanvas } from './floor-canvas.tsx';
import { useScrollMemory } from './use-scroll-memory.ts';
import { useZoom } from './use-zoom.ts';

// The editor (toolbar, engine, uploader) is fetched only when edit mode is switched on.
const FloorEditor = lazy(() => import('./editor/floor-editor.tsx'));

const legend: Array<{ availability: DeskAvailability; label: string }> = [
  { availability: 'available', label: 'Available' },
  { availability: 'partial', label: 'Partially booked' },
  { availability: 'booked', label: 'Booked' },
  { availability: 'blocked', label: 'Blocked (permanent)' },
];

function Legend() {
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-700" aria-label="Desk colours">
      {legend.map((item) => (
        <li key={item.availability} className="flex items-center gap-1.5">
          <span className="desk-swatch" data-availability={item.availability} aria-hidden="true" />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

export function FloorPlanView({
  organization,
  floor,
  desks,
  isLoading,
  isEditMode,
  availability,
  bookingLines,
  onDeskActivate,
}: {
  bookingLines?: ReadonlyMap<string, readonly string[]>;
  onDeskActivate?: (deskId: string) => void;
  organization: Organization;
  floor: Floor;
  desks: readonly Desk[];
  isLoading: boolean;
  isEditMode: boolean;
  availability: ReadonlyMap<string, DeskAvailability>;
}) {
  const viewportRef = useRef<HTMLElement>(null);
  const surfaceRef = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useZoom({
    organizationId: organization.id,
    floorId: floor.id,
    floorDefault: floor.defaultZoomLevel,
    organizationDefault: organization.defaultZoomLevel,
  });
  useScrollMemory(viewportRef, organization.id, !isLoading);

  // The selection belongs to one floor in edit mode; it is forgotten on leaving either.
  const [chosen, setChosen] = useState<{ floorId: string; selection: Selection }>({
    floorId: floor.id,
    selection: emptySelection,
  });
  const deskIds = useMemo(() => new Set(desks.map((desk) => desk.id)), [desks]);
  const selection = useMemo(
    () => (isEditMode && chosen.floorId === floor.id ? pruneSelection(chosen.selection, deskIds) : emptySelection),
    [isEditMode, chosen, floor.id, deskIds],
  );
  const setSelection = useCallback(
    (next: SetStateAction<Selection>) =>
      setChosen((previous) => {
        const current = previous.floorId === floor.id ? previous.selection : emptySelection;
        return { floorId: floor.id, selection: typeof next === 'function' ? next(current) : next };
      }),
    [floor.id],
  );

  const imageUrl = floor.floorPlanUrl ?? organization.floorPlanUrl ?? null;
  const isAdmin = organization.role === 'admin';

  return (
    <section aria-labelledby="floor-plan-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="floor-plan-heading" className="text-base font-semibold text-slate-900">
            {floor.name}
            {isEditMode && <span className="ml-2 text-sm font-normal text-brand-700">Editing</span>}
          </h2>
          <p className="text-sm text-slate-600" aria-live="polite">
            {isLoading ? 'Loading desks…' : `${desks.length} ${desks.length === 1 ? 'desk' : 'desks'}`}
          </p>
        </div>
        <Legend />
      </div>
      {isEditMode && isAdmin && (
        <Suspense
          fallback={
            <div className="h-14 animate-pulse rounded-xl border border-slate-200 bg-white" role="status">
              <span className="sr-only">Loading the editor…</span>
            </div>
          }
        >
          <FloorEditor
            organization={organization}
            floor={floor}
            desks={desks}
            selection={selection}
            onSelectionChange={setSelection}
            zoom={zoom}
            onZoomChange={setZoom}
            viewportRef={viewportRef}
            surfaceRef={surfaceRef}
          />
        </Suspense>
      )}
      <FloorCanvas
        floorName={floor.name}
        desks={desks}
        availability={availability}
        selection={selection}
        isEditMode={isEditMode}
        zoom={zoom}
        imageUrl={imageUrl}
        viewportRef={viewportRef}
        surfaceRef={surfaceRef}
        bookingLines={bookingLines}
        onDeskActivate={onDeskActivate}
      />
    </section>
  );
}
