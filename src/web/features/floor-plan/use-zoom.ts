import { useCallback, useState } from 'react';
import { editorLimits } from '#domain/floor-plan.ts';
import { normaliseZoom } from './engine/viewport.ts';

/** Spec section 4: zoom is kept per floor (or per organization when no floor is chosen) in this browser. */
export function zoomStorageKey(organizationId: string, floorId: string | undefined): string {
  return floorId ? `perch:zoom:floor:${floorId}` : `perch:zoom:organization:${organizationId}`;
}

function readStoredZoom(key: string): number | null {
  try {
    const stored = window.localStorage.getItem(key);
    return stored === null ? null : normaliseZoom(Number(stored));
  } catch {
    return null;
  }
}

/** The zoom in use (1 is fitted): this browser's last choice, else the floor's default, the organization's, or 1. */
export function useZoom(options: {
  organizationId: string;
  floorId: string | undefined;
  floorDefault: number | null | undefined;
  organizationDefault: number | null | undefined;
}): [number, (zoom: number) => void] {
  const key = zoomStorageKey(options.organizationId, options.floorId);
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const zoom =
    chosen[key] ??
    readStoredZoom(key) ??
    normaliseZoom(options.floorDefault ?? options.organizationDefault ?? editorLimits.zoomDefault);
  const setZoom = useCallback(
    (value: number) => {
      const next = normaliseZoom(value);
      try {
        window.localStorage.setItem(key, String(next));
      } catch {
        // Storage may be full or blocked; the zoom still applies for this visit.
      }
      setChosen((previous) => ({ ...previous, [key]: next }));
    },
    [key],
  );
  return [zoom, setZoom];
}
