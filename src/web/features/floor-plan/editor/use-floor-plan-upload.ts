import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '#web/app/api.ts';
import { toast } from '#web/components/ui/use-toast.ts';
import { refreshFloorPlanCaches, requestUploadUrl, updateFloorPlan } from '#web/features/floors/index.ts';
import { uploadPercent, validateFloorPlanFile } from './upload-policy.ts';
import { UploadError, uploadWithRetries } from './xhr-upload.ts';

const refreshDelayMs = 800;

export interface UploadProgress {
  fileName: string;
  percent: number;
  phase: 'uploading' | 'saving';
}

function showError(description: string) {
  toast({ title: 'Error', description, variant: 'destructive' });
}

/**
 * Upload Floor Plan: ask for an upload address, PUT the image with progress, save the location
 * on the floor, then refresh the caches 800 ms later (spec section 7).
 */
export function useFloorPlanUpload({ organizationId, floorId }: { organizationId: string; floorId: string }) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);

  useEffect(
    () => () => {
      controllerRef.current?.abort();
      for (const timer of timers.current) clearTimeout(timer);
    },
    [],
  );

  const upload = async (file: File) => {
    const problem = validateFloorPlanFile(file);
    if (problem) return showError(problem);
    const controller = new AbortController();
    controllerRef.current = controller;
    setProgress({ fileName: file.name, percent: 0, phase: 'uploading' });
    try {
      let location: string;
      try {
        location = await uploadWithRetries({
          file,
          getUploadUrl: () => requestUploadUrl(organizationId),
          onProgress: (loaded, total) =>
            setProgress({ fileName: file.name, percent: uploadPercent(loaded, total), phase: 'uploading' }),
          signal: controller.signal,
        });
      } catch (error) {
        if (error instanceof UploadError && error.failure.kind === 'aborted') {
          toast({ title: 'Upload cancelled', description: `${file.name} was not uploaded.` });
        } else {
          showError(error instanceof UploadError ? error.message : errorMessage(error, 'Failed to update floor plan'));
        }
        return;
      }
      setProgress({ fileName: file.name, percent: 100, phase: 'saving' });
      try {
        await updateFloorPlan(floorId, location);
      } catch (error) {
        return showError(errorMessage(error, 'Failed to update floor plan. Please try again.'));
      }
      toast({ title: 'Floor plan uploaded and updated successfully!' });
      timers.current.push(setTimeout(() => void refreshFloorPlanCaches(queryClient), refreshDelayMs));
    } finally {
      if (controllerRef.current === controller) controllerRef.current = null;
      setProgress(null);
    }
  };

  return { progress, upload, cancel: () => controllerRef.current?.abort() };
}
