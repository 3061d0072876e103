import { ImageUp, X } from 'lucide-react';
import { Toolbar } from 'radix-ui';
import { useRef } from 'react';
import { floorPlanMediaTypes } from '#domain/floor-plan.ts';
import { useFloorPlanUpload } from './use-floor-plan-upload.ts';

/** Upload Floor Plan (admins): one PNG, JPEG or WebP image of at most 10 MB, with real progress. */
export function UploadFloorPlanButton({ organizationId, floorId }: { organizationId: string; floorId: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { progress, upload, cancel } = useFloorPlanUpload({ organizationId, floorId });
  return (
    <div className="flex items-center gap-2">
      <input
        ref={inputRef}
        type="file"
        accept={floorPlanMediaTypes.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      <Toolbar.Button
        type="button"
        aria-label="Upload Floor Plan"
        title="Upload Floor Plan (PNG, JPEG or WebP, up to 10 MB)"
        disabled={progress !== null}
        onClick={() => inputRef.current?.click()}
        className="inline-flex h-9 items-center gap-2 rounded-lg bg-brand-600 px-3 text-sm font-medium text-white shadow-sm hover:bg-brand-700 disabled:opacity-70"
      >
        <ImageUp className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline">Upload Floor Plan</span>
      </Toolbar.Button>
      {progress && (
        <div className="flex items-center gap-2" role="status">
          <div
            role="progressbar"
            aria-label={`Uploading ${progress.fileName}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress.percent}
            className="h-2 w-28 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${progress.percent}%` }} />
          </div>
          <span className="w-20 text-xs tabular-nums text-slate-700">
            {progress.phase === 'saving' ? 'Saving…' : `${progress.percent}%`}
          </span>
          {progress.phase === 'uploading' && (
            <Toolbar.Button
              type="button"
              aria-label="Cancel upload"
              title="Cancel upload"
              onClick={cancel}
              className="rounded-md p-1 text-slate-600 hover:bg-slate-100"
            >
              <X className="size-4" aria-hidden="true" />
            </Toolbar.Button>
          )}
        </div>
      )}
    </div>
  );
}
