import { ImageOff } from 'lucide-react';
import { toast } from '../../components/ui/use-toast.ts';

/** The uploaded plan, drawn behind the desks; a toast says when it has loaded. */
export function FloorPlanImage({
  url,
  floorName,
  onError,
}: {
  url: string;
  floorName: string;
  onError: (url: string) => void;
}) {
  return (
    <img
      src={url}
      alt={`Floor plan of ${floorName}`}
      draggable={false}
      decoding="async"
      className="pointer-events-none absolute inset-0 size-full object-contain select-none"
      onLoad={() => toast({ title: 'Floor Plan Loaded', description: `The plan of ${floorName} is on screen.` })}
      onError={() => onError(url)}
    />
  );
}

/**
 * 'No floor plan uploaded', kept in the visible part of the viewport however the canvas is
 * scrolled (sticky, as wide as the viewport). On an empty floor it sits large in the middle,
 * beneath where desks go; once there are desks it shrinks to a label in the corner above them.
 */
export function NoFloorPlanNotice({
  hasFailed,
  isEditMode,
  hasDesks,
}: {
  hasFailed: boolean;
  isEditMode: boolean;
  hasDesks: boolean;
}) {
  const title = hasFailed ? 'The floor plan image could not be loaded' : 'No floor plan uploaded';
  const hint = 'Upload an image of your office layout with Upload Floor Plan in the toolbar';
  if (hasDesks) {
    return (
      <div className="pointer-events-none sticky top-0 left-0 z-30 h-0 w-[100cqw]">
        <p className="m-3 inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200">
          <ImageOff className="size-4 text-slate-500" aria-hidden="true" />
          {title}
          {isEditMode && <span className="hidden text-slate-600 md:inline">· {hint}</span>}
        </p>
      </div>
    );
  }
  return (
    <div className="pointer-events-none sticky top-0 left-0 h-0 w-[100cqw]">
      <div className="flex justify-center px-4 pt-40">
        <div className="max-w-sm text-center">
          <ImageOff className="mx-auto size-12 text-slate-400" aria-hidden="true" />
          <p className="mt-3 text-lg font-medium text-slate-700">{title}</p>
          {isEditMode && (
            <p className="mt-1 text-sm text-slate-600">{hint}, then click anywhere on the canvas to add desks.</p>
          )}
        </div>
      </div>
    </div>
  );
}
