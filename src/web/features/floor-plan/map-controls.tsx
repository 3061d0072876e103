import { ChevronDown, Expand, Maximize, X, ZoomIn, ZoomOut } from 'lucide-react';
import { type ReactNode, type Ref, useState } from 'react';
import { editorLimits } from '#domain/floor-plan.ts';
import { cn } from '#web/lib/cn.ts';
import type { DeskAvailability } from './availability.ts';

const legend: Array<{ availability: DeskAvailability; label: string; isOutOfService?: boolean }> = [
  { availability: 'available', label: 'Available' },
  { availability: 'partial', label: 'Partially booked' },
  { availability: 'booked', label: 'Booked' },
  { availability: 'blocked', label: 'Blocked (permanent)' },
  { availability: 'available', label: 'Out of service', isOutOfService: true },
];

/**
 * What the tiles' colours, patterns and marks mean. On a phone it folds behind a Key button, so the map starts
 * higher on the screen (issue 34); from the sm width on it is always shown.
 */
export function Legend() {
  const [isOpenOnPhone, setIsOpenOnPhone] = useState(false);
  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        className="inline-flex h-8 items-center gap-1 rounded-lg border border-slate-300 bg-white px-2.5 text-xs font-medium text-slate-800 sm:hidden"
        aria-expanded={isOpenOnPhone}
        aria-controls="desk-states-legend"
        onClick={() => setIsOpenOnPhone((open) => !open)}
      >
        Key
        <ChevronDown className={cn('size-3.5', isOpenOnPhone && 'rotate-180')} aria-hidden="true" />
      </button>
      <ul
        id="desk-states-legend"
        className={cn(
          'flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-700 sm:flex',
          isOpenOnPhone ? 'flex' : 'hidden',
        )}
        aria-label="Desk states"
      >
        {legend.map((item) => (
          <li key={item.label} className="flex items-center gap-1.5">
            <span
              className="desk-swatch"
              data-availability={item.availability}
              data-out-of-service={item.isOutOfService ? '' : undefined}
              aria-hidden="true"
            >
              <span className="desk-mark" />
            </span>
            {item.label}
          </li>
        ))}
        <li className="flex items-center gap-1.5">
          <span
            className="rounded-full bg-brand-600 px-1.5 text-[11px] leading-4 font-bold text-white"
            aria-hidden="true"
          >
            You
          </span>
          Your booking
        </li>
        <li className="flex items-center gap-1.5">
          <span
            className="rounded-full bg-brand-600 px-1.5 text-[11px] leading-4 font-bold text-white"
            aria-hidden="true"
          >
            You ✓
          </span>
          Checked in
        </li>
      </ul>
    </div>
  );
}

const zoomButton =
  'flex size-10 items-center justify-center text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300 focus-visible:relative focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * Zoom out, the zoom level (fitted is 100 %), zoom in, and fit: for everyone, in the bar under the map (issue 34:
 * over the map's corner they covered desks).
 */
export function ZoomControls({
  zoom,
  onZoomIn,
  onZoomOut,
  onFit,
}: {
  zoom: number;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFit: () => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form's fieldset
    <div
      role="group"
      aria-label="Zoom"
      className="flex items-center overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <button
        type="button"
        className={zoomButton}
        aria-label="Zoom out"
        title="Zoom out (−)"
        disabled={zoom <= editorLimits.zoomMin}
        onClick={onZoomOut}
      >
        <ZoomOut className="size-4" aria-hidden="true" />
      </button>
      <output className="w-14 text-center text-sm font-medium tabular-nums text-slate-800" aria-label="Zoom level">
        {Math.round(zoom * 100)}%
      </output>
      <button
        type="button"
        className={zoomButton}
        aria-label="Zoom in"
        title="Zoom in (+)"
        disabled={zoom >= editorLimits.zoomMax}
        onClick={onZoomIn}
      >
        <ZoomIn className="size-4" aria-hidden="true" />
      </button>
      <span className="h-6 w-px bg-slate-200" aria-hidden="true" />
      <button
        type="button"
        className={zoomButton}
        aria-label="Fit the whole floor"
        title="Fit the whole floor (0)"
        disabled={zoom === 1}
        onClick={onFit}
      >
        <Maximize className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/** The bar under the map: never over the plan, so it covers no desk at any zoom (mapBarHeight tall with its gap). */
export function MapBar({ children }: { children: ReactNode }) {
  return <div className="mt-2 flex h-10 items-center justify-between gap-2">{children}</div>;
}

/** Shows the map on the whole screen (issue 34). */
export function FullScreenButton({ onClick, buttonRef }: { onClick: () => void; buttonRef: Ref<HTMLButtonElement> }) {
  return (
    <button
      ref={buttonRef}
      type="button"
      onClick={onClick}
      aria-label="Full screen map"
      className="inline-flex h-10 items-center gap-1.5 rounded-xl border border-slate-200 bg-white px-3 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <Expand className="size-4" aria-hidden="true" />
      Full screen
    </button>
  );
}

/** The full-screen map's top line: the floor's name and Close. */
export function FullScreenHeader({
  floorName,
  closeRef,
  onClose,
}: {
  floorName: string;
  closeRef: Ref<HTMLButtonElement>;
  onClose: () => void;
}) {
  return (
    <div className="mb-2 flex items-center justify-between gap-2">
      <h2 className="min-w-0 truncate px-1 text-base font-semibold text-slate-900">{floorName}</h2>
      <button
        ref={closeRef}
        type="button"
        onClick={onClose}
        aria-label="Close full screen map"
        className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-xl border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <X className="size-4" aria-hidden="true" />
        Close
      </button>
    </div>
  );
}
