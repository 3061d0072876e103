import { Maximize, ZoomIn, ZoomOut } from 'lucide-react';
import { editorLimits } from '#domain/floor-plan.ts';
import type { DeskAvailability } from './availability.ts';

const legend: Array<{ availability: DeskAvailability; label: string; isOutOfService?: boolean }> = [
  { availability: 'available', label: 'Available' },
  { availability: 'partial', label: 'Partially booked' },
  { availability: 'booked', label: 'Booked' },
  { availability: 'blocked', label: 'Blocked (permanent)' },
  { availability: 'available', label: 'Out of service', isOutOfService: true },
];

export function Legend() {
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-700" aria-label="Desk states">
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
  );
}

const zoomButton =
  'flex size-10 items-center justify-center text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300 focus-visible:relative focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-brand-600';

/** Zoom out, the zoom level (fitted is 100 %), zoom in, and fit: for everyone, over the map's corner. */
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
      className="absolute right-3 bottom-3 z-30 flex items-center overflow-hidden rounded-xl border border-slate-200 bg-white/95 shadow-md backdrop-blur"
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
