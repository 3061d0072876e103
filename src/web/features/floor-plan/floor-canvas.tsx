import { type CSSProperties, memo, type ReactNode, type RefObject, useMemo } from 'react';
import { canvasSize, editorLimits } from '#domain/floor-plan.ts';
import { cn } from '#web/lib/cn.ts';
import type { Desk } from '../desks/index.ts';
import type { DeskAvailability } from './availability.ts';
import { DeskTile } from './desk-tile.tsx';
import type { Selection } from './engine/selection.ts';
import { contentOffset, scrollExtent, type TileDetail, tileDetail, type ViewportSize } from './engine/viewport.ts';
import { FloorPlanImage, NoFloorPlanNotice } from './floor-plan-image.tsx';

/** The 50-unit snap grid, drawn over the plan in edit mode. */
const gridBackground = {
  backgroundImage:
    'linear-gradient(to right, rgb(100 116 139 / 0.18) 1px, transparent 1px), linear-gradient(to bottom, rgb(100 116 139 / 0.18) 1px, transparent 1px)',
  backgroundSize: `${editorLimits.gridSize}px ${editorLimits.gridSize}px`,
};

const noLines: readonly string[] = [];

/**
 * Every desk tile, in one group that takes the clicks. Apart from the canvas's transform, so a zoom step
 * (which changes the scale, not the tiles) renders none of the 2,000 tiles again.
 */
const DeskLayer = memo(function DeskLayer({
  floorName,
  desks,
  availability,
  selection,
  isEditMode,
  bookingLines,
  myDeskIds,
  myCheckedInDeskIds,
  highlightedDeskId,
  dimmedDeskIds,
  details,
  onDeskActivate,
  tabStopDeskId,
}: {
  dimmedDeskIds?: ReadonlySet<string> | null;
  tabStopDeskId?: string | null;
  floorName: string;
  desks: readonly Desk[];
  availability: ReadonlyMap<string, DeskAvailability>;
  selection: Selection;
  isEditMode: boolean;
  bookingLines?: ReadonlyMap<string, readonly string[]>;
  myDeskIds?: ReadonlySet<string>;
  myCheckedInDeskIds?: ReadonlySet<string>;
  highlightedDeskId?: string | null;
  details: readonly TileDetail[];
  onDeskActivate?: (deskId: string) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: the desks are placed absolutely; a fieldset would add a form's layout and semantics
    // biome-ignore lint/a11y/useKeyWithClickEvents: the tiles are buttons; Enter and Space reach here as clicks
    <div
      role="group"
      aria-label={`Desks on ${floorName}`}
      aria-describedby="floor-map-keys"
      onClick={(event) => {
        if (isEditMode || !onDeskActivate) return;
        const tile = (event.target as HTMLElement).closest<HTMLElement>('[data-desk-id]');
        if (tile?.dataset.deskId) onDeskActivate(tile.dataset.deskId);
      }}
    >
      {desks.map((desk, index) => (
        <DeskTile
          key={desk.id}
          desk={desk}
          availability={availability.get(desk.id) ?? 'available'}
          isSelected={isEditMode && selection.has(desk.id)}
          isEditMode={isEditMode}
          lines={bookingLines?.get(desk.id) ?? noLines}
          detail={details[index] ?? 'full'}
          isMine={myDeskIds?.has(desk.id) ?? false}
          isCheckedIn={myCheckedInDeskIds?.has(desk.id) ?? false}
          isHighlighted={highlightedDeskId === desk.id}
          isDimmed={dimmedDeskIds?.has(desk.id) ?? false}
          isTabStop={tabStopDeskId === undefined ? undefined : desk.id === tabStopDeskId}
        />
      ))}
    </div>
  );
});

/**
 * The 1920 x 1080 canvas in its viewport, drawn at `scale` (zoom x the fit, so zoom 1 shows the whole
 * plan). A canvas smaller than the viewport sits in its middle; a larger one scrolls. Tile text is laid
 * out for `settledScale` (the scale once zooming pauses), so a zoom gesture only changes one transform.
 * It only renders: the editor, loaded in edit mode, listens on the surface and moves dragged tiles itself.
 */
export const FloorCanvas = memo(function FloorCanvas({
  floorId,
  floorName,
  desks,
  availability,
  selection,
  isEditMode,
  scale,
  settledScale,
  size,
  height,
  imageUrl,
  hasImageFailed,
  onImageError,
  onImageLoad,
  viewportRef,
  surfaceRef,
  bookingLines,
  myDeskIds,
  myCheckedInDeskIds,
  highlightedDeskId,
  dimmedDeskIds,
  onDeskActivate,
  tabStopDeskId,
  isAdmin = true,
  underlay,
}: {
  /** Drawn on the plan under the desk tiles, in canvas units: the neighbourhoods' tinted areas (issue 29). */
  underlay?: ReactNode;
  /**
   * The desk that is the map's one Tab stop (the arrow keys move between desks): then the viewport itself is not a
   * Tab stop. Undefined in edit mode, where every desk is one; null on a floor without desks.
   */
  tabStopDeskId?: string | null;
  /** Whether the person may upload a plan: a member's empty floor names who can. */
  isAdmin?: boolean;
  floorId: string;
  /** Desks the amenity filter leaves out: drawn quietly. */
  dimmedDeskIds?: ReadonlySet<string> | null;
  bookingLines?: ReadonlyMap<string, readonly string[]>;
  /** Desks the signed-in person has a booking on for the date: marked "You". */
  myDeskIds?: ReadonlySet<string>;
  /** Of those, the desks whose booking they have checked in to: their "You" mark says so. */
  myCheckedInDeskIds?: ReadonlySet<string>;
  /** A desk shown from "Who's in today?" or the list: ringed until another is shown. */
  highlightedDeskId?: string | null;
  /** Outside edit mode: a desk was clicked or pressed with Enter/Space. */
  onDeskActivate?: (deskId: string) => void;
  floorName: string;
  desks: readonly Desk[];
  availability: ReadonlyMap<string, DeskAvailability>;
  selection: Selection;
  isEditMode: boolean;
  scale: number;
  settledScale: number;
  size: ViewportSize;
  height: number | null;
  /** The plan image to draw, or null when there is none or it failed to load. */
  imageUrl: string | null;
  /** Whether an image was asked for and failed: the empty floor says so. */
  hasImageFailed: boolean;
  onImageError: (url: string) => void;
  /** The plan image has loaded. */
  onImageLoad?: (url: string) => void;
  viewportRef: RefObject<HTMLElement | null>;
  surfaceRef: RefObject<HTMLDivElement | null>;
}) {
  const extent = scrollExtent(size, scale);
  const offset = contentOffset(size, scale);
  // How much each tile has room to show: recomputed when zooming pauses, and only changed tiles re-render.
  const details = useMemo(
    () =>
      desks.map((desk) =>
        tileDetail(
          { width: Number(desk.width) || 1, height: Number(desk.height) || 1, name: desk.name },
          (bookingLines?.get(desk.id)?.length ?? 0) +
            (myDeskIds?.has(desk.id) ? 1 : 0) +
            // BLOCKED and permanent, two lines, show only when the booking has no lines of its own (an assigned desk
            // says whose it is instead: desk-tile.tsx).
            (availability.get(desk.id) === 'blocked' && !bookingLines?.get(desk.id)?.length ? 2 : 0) +
            (desk.bookable ? 0 : 1),
          settledScale,
        ),
      ),
    [desks, bookingLines, myDeskIds, availability, settledScale],
  );
  return (
    <div className="relative">
      {imageUrl === null && desks.length === 0 && (
        <NoFloorPlanNotice hasFailed={hasImageFailed} isEditMode={isEditMode} hasDesks={false} isAdmin={isAdmin} />
      )}
      <section
        ref={viewportRef}
        // A scrollable region must be reachable by keyboard; with desks, its Tab stop is a desk (the arrows move on).
        tabIndex={tabStopDeskId ? -1 : 0}
        aria-label={`${floorName} canvas`}
        aria-describedby="floor-map-keys"
        data-map-viewport=""
        className="floor-viewport relative overflow-auto rounded-xl border border-slate-200 bg-slate-100"
        style={{ height: height ?? undefined }}
      >
        <p id="floor-map-keys" className="sr-only">
          {isEditMode
            ? 'Plus and minus zoom in and out, 0 fits the whole floor.'
            : 'Arrow keys move between desks, Home and End go to the first and last desk, Enter opens a desk. Plus and minus zoom in and out, 0 fits the whole floor.'}
        </p>
        <div className="relative" style={{ width: extent.width, height: extent.height }}>
          <div
            className="absolute overflow-hidden rounded-md bg-white shadow-sm ring-1 ring-slate-200"
            style={{
              left: offset.x,
              top: offset.y,
              width: canvasSize.width * scale,
              height: canvasSize.height * scale,
            }}
          >
            <div
              ref={surfaceRef}
              data-floor-surface=""
              data-editing={isEditMode ? '' : undefined}
              className={cn('absolute top-0 left-0 origin-top-left', isEditMode && 'cursor-crosshair')}
              style={
                {
                  width: canvasSize.width,
                  height: canvasSize.height,
                  transform: `scale(${scale})`,
                  '--scale': settledScale,
                } as CSSProperties
              }
            >
              {imageUrl !== null && (
                // Keyed by floor: a floor sharing the organization's plan loads it again, and says so.
                <FloorPlanImage
                  key={floorId}
                  url={imageUrl}
                  floorName={floorName}
                  onLoad={onImageLoad}
                  onError={onImageError}
                />
              )}
              {isEditMode && <div className="pointer-events-none absolute inset-0" style={gridBackground} />}
              {underlay}
              <DeskLayer
                floorName={floorName}
                desks={desks}
                availability={availability}
                selection={selection}
                isEditMode={isEditMode}
                bookingLines={bookingLines}
                myDeskIds={myDeskIds}
                myCheckedInDeskIds={myCheckedInDeskIds}
                highlightedDeskId={highlightedDeskId}
                dimmedDeskIds={dimmedDeskIds}
                details={details}
                onDeskActivate={onDeskActivate}
                tabStopDeskId={tabStopDeskId}
              />
            </div>
          </div>
        </div>
      </section>
    </div>
  );
});
