import { memo, type RefObject, useState } from 'react';
import { canvasSize, editorLimits } from '../../../domain/floor-plan.ts';
import { cn } from '../../lib/cn.ts';
import type { Desk } from '../desks/list-floor-desks.ts';
import type { DeskAvailability } from './availability.ts';
import { DeskTile } from './desk-tile.tsx';
import type { Selection } from './engine/selection.ts';
import { FloorPlanImage, NoFloorPlanNotice } from './floor-plan-image.tsx';

/** The 50-unit snap grid, drawn over the plan in edit mode. */
const gridBackground = {
  backgroundImage:
    'linear-gradient(to right, rgb(100 116 139 / 0.18) 1px, transparent 1px), linear-gradient(to bottom, rgb(100 116 139 / 0.18) 1px, transparent 1px)',
  backgroundSize: `${editorLimits.gridSize}px ${editorLimits.gridSize}px`,
};

/**
 * The 1920 x 1080 canvas in its scrollable viewport (1200 px tall; on a phone at most three
 * quarters of the screen, so the page itself can still be scrolled past it). It only renders: the editor,
 * loaded in edit mode, listens on the surface and moves dragged tiles itself.
 */
export const FloorCanvas = memo(function FloorCanvas({
  floorName,
  desks,
  availability,
  selection,
  isEditMode,
  zoom,
  imageUrl,
  viewportRef,
  surfaceRef,
  bookingLines,
  onDeskActivate,
}: {
  bookingLines?: ReadonlyMap<string, readonly string[]>;
  /** Outside edit mode: a desk was clicked or pressed with Enter/Space. */
  onDeskActivate?: (deskId: string) => void;
  floorName: string;
  desks: readonly Desk[];
  availability: ReadonlyMap<string, DeskAvailability>;
  selection: Selection;
  isEditMode: boolean;
  zoom: number;
  imageUrl: string | null;
  viewportRef: RefObject<HTMLElement | null>;
  surfaceRef: RefObject<HTMLDivElement | null>;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showsImage = imageUrl !== null && failedUrl !== imageUrl;
  return (
    <section
      ref={viewportRef}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it
      tabIndex={0}
      aria-label={`${floorName} canvas`}
      className="@container relative h-[1200px] max-h-[75vh] overflow-auto md:max-h-none rounded-xl border border-slate-200 bg-slate-100"
    >
      <div className="relative bg-white" style={{ width: canvasSize.width * zoom, height: canvasSize.height * zoom }}>
        {!showsImage && (
          <NoFloorPlanNotice hasFailed={imageUrl !== null} isEditMode={isEditMode} hasDesks={desks.length > 0} />
        )}
        <div
          ref={surfaceRef}
          data-floor-surface=""
          data-editing={isEditMode ? '' : undefined}
          className={cn('absolute top-0 left-0 origin-top-left', isEditMode && 'cursor-crosshair')}
          style={{
            width: canvasSize.width,
            height: canvasSize.height,
            transform: zoom === 1 ? undefined : `scale(${zoom})`,
          }}
        >
          {showsImage && <FloorPlanImage url={imageUrl} floorName={floorName} onError={setFailedUrl} />}
          {isEditMode && <div className="pointer-events-none absolute inset-0" style={gridBackground} />}
          {/* biome-ignore lint/a11y/useSemanticElements: the desks are placed absolutely; a fieldset would add a form's layout and semantics */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: the tiles are buttons; Enter and Space reach here as clicks */}
          <div
            role="group"
            aria-label={`Desks on ${floorName}`}
            onClick={(event) => {
              if (isEditMode || !onDeskActivate) return;
              const tile = (event.target as HTMLElement).closest<HTMLElement>('[data-desk-id]');
              if (tile?.dataset.deskId) onDeskActivate(tile.dataset.deskId);
            }}
          >
            {desks.map((desk) => (
              <DeskTile
                key={desk.id}
                desk={desk}
                availability={availability.get(desk.id) ?? 'available'}
                isSelected={isEditMode && selection.has(desk.id)}
                isEditMode={isEditMode}
                lines={bookingLines?.get(desk.id)}
              />
            ))}
          </div>
        </div>
      </div>
    </section>
  );
});
