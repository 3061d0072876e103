import { ImageOff } from 'lucide-react';

/** The uploaded plan, drawn behind the desks; `onLoad` may say so (use-plan-loaded-toast.ts). */
export function FloorPlanImage({
  url,
  floorName,
  onLoad,
  onError,
}: {
  url: string;
  floorName: string;
  onLoad?: (url: string) => void;
  onError: (url: string) => void;
}) {
  return (
    <img
      src={url}
      alt={`Floor plan of ${floorName}`}
      draggable={false}
      decoding="async"
      className="pointer-events-none absolute inset-0 size-full object-contain select-none"
      onLoad={() => onLoad?.(url)}
      onError={() => onError(url)}
    />
  );
}

/**
 * 'No floor plan uploaded'. On an empty floor it sits large in the middle of the map's viewport (not
 * its scrolled content, so it stays in view however the canvas is zoomed or scrolled); once there are
 * desks it is a small label beside the floor's name.
 */
export function NoFloorPlanNotice({
  hasFailed,
  isEditMode,
  hasDesks,
  isAdmin = true,
}: {
  hasFailed: boolean;
  isEditMode: boolean;
  hasDesks: boolean;
  /** A member cannot upload one: the empty floor says who can (issue 27). */
  isAdmin?: boolean;
}) {
  const title = hasFailed ? 'The floor plan image could not be loaded' : 'No floor plan uploaded';
  const hint = 'Upload an image of your office layout with Upload Floor Plan in the toolbar';
  if (hasDesks) {
    // Beside the floor's name, not over the map, where it would hide the desks in a corner.
    return (
      <p className="inline-flex items-center gap-1.5 rounded-full bg-white px-2.5 py-0.5 text-xs text-slate-700 ring-1 ring-slate-200">
        <ImageOff className="size-3.5 text-slate-500" aria-hidden="true" />
        {title}
        {isEditMode && <span className="hidden text-slate-600 lg:inline">· {hint}</span>}
      </p>
    );
  }
  return (
    <div className="pointer-events-none absolute inset-0 z-30 flex items-center justify-center">
      <div className="flex justify-center px-4">
        <div className="max-w-sm text-center">
          <ImageOff className="mx-auto size-12 text-slate-400" aria-hidden="true" />
          <p className="mt-3 text-lg font-medium text-slate-700">{title}</p>
          {isEditMode && (
            <p className="mt-1 text-sm text-slate-600">{hint}, then click anywhere on the canvas to add desks.</p>
          )}
          {!isAdmin && !hasFailed && (
            <p className="mt-1 text-sm text-slate-600">Your admin has not uploaded a floor plan yet.</p>
          )}
        </div>
      </div>
    </div>
  );
}
