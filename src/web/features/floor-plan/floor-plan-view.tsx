import {
  lazy,
  type SetStateAction,
  Suspense,
  useCallback,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
} from 'react';
import { hasAmenities } from '#domain/desk-list.ts';
import { showErrorToast } from '#web/app/error-toast.ts';
import type { Desk } from '../desks/index.ts';
import { type Floor, useUpdateFloorZoom } from '../floors/index.ts';
import { NeighbourhoodAreas } from '../neighbourhoods/index.ts';
import type { Organization } from '../organizations/index.ts';
import { AmenityFilter } from './amenity-filter.tsx';
import type { DeskAvailability } from './availability.ts';
import { DeskHoverCard } from './desk-hover-card.tsx';
import { toDeskRect } from './desk-rect.ts';
import { emptySelection, pruneSelection, type Selection } from './engine/selection.ts';
import { FloorCanvas } from './floor-canvas.tsx';
import { NoFloorPlanNotice } from './floor-plan-image.tsx';
import { FullScreenButton, FullScreenHeader, Legend, MapBar, ZoomControls } from './map-controls.tsx';
import { useDeskAmenityFilter } from './use-amenity-filter.ts';
import { useDeskRovingFocus } from './use-desk-roving-focus.ts';
import { useFullScreenMap } from './use-full-screen-map.ts';
import { useMapNavigation } from './use-map-navigation.ts';
import { usePlanLoadedToast } from './use-plan-loaded-toast.ts';
import { useScrollMemory } from './use-scroll-memory.ts';
import { useZoom } from './use-zoom.ts';

// The editor (toolbar, engine, uploader) is fetched only when edit mode is switched on.
const FloorEditor = lazy(() => import('./editor/floor-editor.tsx'));

/** How long an admin's zoom rests before it is saved as the floor's default. */
const zoomSaveDelayMs = 600;

export function FloorPlanView({
  organization,
  floor,
  desks,
  isLoading,
  isEditMode,
  availability,
  bookingLines,
  myDeskIds,
  myCheckedInDeskIds,
  highlight,
  onDeskActivate,
}: {
  bookingLines?: ReadonlyMap<string, readonly string[]>;
  myDeskIds?: ReadonlySet<string>;
  /** Desks of `myDeskIds` whose booking the person has checked in to. */
  myCheckedInDeskIds?: ReadonlySet<string>;
  /** A desk to show: the map pans to it, rings it and focuses it. A new `nonce` shows it again. */
  highlight?: { deskId: string; nonce: number } | null;
  onDeskActivate?: (deskId: string) => void;
  organization: Organization;
  floor: Floor;
  desks: readonly Desk[];
  isLoading: boolean;
  isEditMode: boolean;
  availability: ReadonlyMap<string, DeskAvailability>;
}) {
  const frameRef = useRef<HTMLDivElement>(null);
  const viewportRef = useRef<HTMLElement>(null);
  const surfaceRef = useRef<HTMLDivElement>(null);
  const isAdmin = organization.role === 'admin';
  const [zoom, setStoredZoom] = useZoom({
    organizationId: organization.id,
    floorId: floor.id,
    floorDefault: floor.defaultZoomLevel,
    organizationDefault: organization.defaultZoomLevel,
  });

  // Spec section 4: an admin's zoom also becomes the floor's default; a member's stays in this browser.
  const saveFloorZoom = useUpdateFloorZoom(organization.id);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(saveTimer.current), []);
  const setZoom = useCallback(
    (next: number) => {
      setStoredZoom(next);
      if (!isAdmin) return;
      clearTimeout(saveTimer.current);
      saveTimer.current = setTimeout(
        () =>
          saveFloorZoom.mutate(
            { floorId: floor.id, defaultZoomLevel: next },
            {
              onError: (error) => showErrorToast(error, 'Please try again'),
            },
          ),
        zoomSaveDelayMs,
      );
    },
    [setStoredZoom, isAdmin, floor.id, saveFloorZoom.mutate],
  );

  const fullScreenRef = useRef<HTMLDivElement>(null);
  const closeFullScreenRef = useRef<HTMLButtonElement>(null);
  const openFullScreenRef = useRef<HTMLButtonElement>(null);
  const fullScreen = useFullScreenMap({
    containerRef: fullScreenRef,
    closeRef: closeFullScreenRef,
    openerRef: openFullScreenRef,
  });
  // Edit mode has its own toolbar above the map; the map goes back to the page for it.
  const isFullScreen = fullScreen.isFullScreen && !isEditMode;
  const navigation = useMapNavigation({
    frameRef,
    viewportRef,
    zoom,
    onZoomChange: setZoom,
    layoutKey: `${isEditMode} ${isFullScreen}`,
    isFullScreen,
    hasBar: !isEditMode,
  });
  useScrollMemory(viewportRef, organization.id, !isLoading);

  // Showing a desk: pan to it, ring it, and put keyboard focus on it; once per request, as soon as the
  // desk is on this floor's loaded map.
  const [highlightedDeskId, setHighlightedDeskId] = useState<string | null>(null);
  const shownNonce = useRef<number | null>(null);
  const showDesk = useEffectEvent(() => {
    if (!highlight || shownNonce.current === highlight.nonce) return;
    const desk = desks.find((item) => item.id === highlight.deskId);
    if (!desk || isLoading || navigation.size.width === 0) return;
    shownNonce.current = highlight.nonce;
    setHighlightedDeskId(desk.id);
    navigation.showRect(toDeskRect(desk));
    const tile = surfaceRef.current?.querySelector<HTMLElement>(`[data-desk-id="${CSS.escape(desk.id)}"]`);
    tile?.focus({ preventScroll: true });
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: these are what can make a requested desk showable
  useEffect(() => showDesk(), [highlight, desks, isLoading, navigation.size.width]);

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

  // The amenity filter (issue 15): outside edit mode, desks without every chosen tag are drawn quietly.
  const amenityFilter = useDeskAmenityFilter(organization.id, desks);
  const activeAmenities = amenityFilter.chosen;
  const dimmedDeskIds = useMemo(
    () =>
      isEditMode || activeAmenities.length === 0
        ? null
        : new Set(desks.filter((desk) => !hasAmenities(desk.amenities, activeAmenities)).map((desk) => desk.id)),
    [desks, activeAmenities, isEditMode],
  );
  const describeDesk = useCallback(
    (deskId: string) => {
      const desk = desks.find((item) => item.id === deskId);
      return desk?.description ? [desk.description] : [];
    },
    [desks],
  );

  const planUrl = floor.floorPlanUrl ?? organization.floorPlanUrl ?? null;
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const hasImageFailed = planUrl !== null && failedUrl === planUrl;
  const imageUrl = hasImageFailed ? null : planUrl;
  const announcePlanLoaded = usePlanLoadedToast(floor.id, floor.name, planUrl);
  const rovingFocus = useDeskRovingFocus({ viewportRef, desks, isEnabled: !isEditMode });

  return (
    <section aria-labelledby="floor-plan-heading" className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <h2 id="floor-plan-heading" className="text-base font-semibold text-slate-900">
          {floor.name}
          <span className="ml-2 text-sm font-normal text-slate-600" aria-live="polite">
            {isLoading ? 'Loading desks…' : `${desks.length} ${desks.length === 1 ? 'desk' : 'desks'}`}
          </span>
          {isEditMode && <span className="ml-2 text-sm font-normal text-brand-700">Editing</span>}
        </h2>
        {imageUrl === null && desks.length > 0 && (
          <NoFloorPlanNotice hasFailed={hasImageFailed} isEditMode={isEditMode} hasDesks />
        )}
        <div className="ml-auto">
          <Legend />
        </div>
      </div>
      {!isEditMode && (
        <AmenityFilter
          tags={amenityFilter.tags}
          chosen={activeAmenities}
          onChange={amenityFilter.setChosen}
          matching={desks.length - (dimmedDeskIds?.size ?? 0)}
          total={desks.length}
        />
      )}
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
            scale={navigation.scale}
            onZoomChange={setZoom}
            viewportRef={viewportRef}
            surfaceRef={surfaceRef}
          />
        </Suspense>
      )}
      {/* The map, with the bar under it; in full-screen mode (issue 34) fixed over the whole window, as a dialog. */}
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-modal is only set together with role="dialog" */}
      <div
        ref={fullScreenRef}
        role={isFullScreen ? 'dialog' : undefined}
        aria-modal={isFullScreen ? true : undefined}
        aria-label={isFullScreen ? `${floor.name}, map on the whole screen` : undefined}
        className={isFullScreen ? 'fixed inset-0 z-50 flex flex-col bg-slate-50 p-2' : undefined}
        data-full-screen={isFullScreen ? '' : undefined}
      >
        {isFullScreen && (
          <FullScreenHeader floorName={floor.name} closeRef={closeFullScreenRef} onClose={fullScreen.close} />
        )}
        <div ref={frameRef} className="relative">
          <FloorCanvas
            floorId={floor.id}
            floorName={floor.name}
            desks={desks}
            availability={availability}
            selection={selection}
            isEditMode={isEditMode}
            scale={navigation.scale}
            settledScale={navigation.settledScale}
            size={navigation.size}
            height={navigation.height}
            imageUrl={imageUrl}
            hasImageFailed={hasImageFailed}
            onImageError={setFailedUrl}
            onImageLoad={announcePlanLoaded}
            tabStopDeskId={rovingFocus.tabStopDeskId}
            viewportRef={viewportRef}
            surfaceRef={surfaceRef}
            bookingLines={bookingLines}
            myDeskIds={myDeskIds}
            myCheckedInDeskIds={myCheckedInDeskIds}
            highlightedDeskId={highlightedDeskId}
            dimmedDeskIds={dimmedDeskIds}
            onDeskActivate={onDeskActivate}
            isAdmin={isAdmin}
            underlay={<NeighbourhoodAreas floorId={floor.id} desks={desks} scale={navigation.settledScale} />}
          />
          {!isEditMode && (
            <MapBar>
              <ZoomControls
                zoom={zoom}
                onZoomIn={navigation.zoomIn}
                onZoomOut={navigation.zoomOut}
                onFit={navigation.fitToScreen}
              />
              {!isFullScreen && <FullScreenButton buttonRef={openFullScreenRef} onClick={fullScreen.open} />}
            </MapBar>
          )}
          <DeskHoverCard
            frameRef={frameRef}
            viewportRef={viewportRef}
            surfaceRef={surfaceRef}
            deskBoxes={rovingFocus.deskBoxes}
            describeDesk={describeDesk}
          />
        </div>
      </div>
    </section>
  );
}
