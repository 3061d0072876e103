import { type RefObject, useEffect } from 'react';
import { editorLimits } from '#domain/floor-plan.ts';

const scrollKey = (organizationId: string) => `perch:scroll:${organizationId}`;

/**
 * Spec section 4: the canvas scroll position is saved per organization (200 ms after scrolling
 * stops) and put back 100 ms after the floor has loaded.
 */
export function useScrollMemory(viewportRef: RefObject<HTMLElement | null>, organizationId: string, isLoaded: boolean) {
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        try {
          const position = { left: Math.round(viewport.scrollLeft), top: Math.round(viewport.scrollTop) };
          window.localStorage.setItem(scrollKey(organizationId), JSON.stringify(position));
        } catch {
          // Storage blocked: the position is simply not remembered.
        }
      }, editorLimits.scrollSaveDebounceMs);
    };
    viewport.addEventListener('scroll', save, { passive: true });
    return () => {
      clearTimeout(timer);
      viewport.removeEventListener('scroll', save);
    };
  }, [viewportRef, organizationId]);

  useEffect(() => {
    if (!isLoaded) return;
    const timer = setTimeout(() => {
      const viewport = viewportRef.current;
      if (!viewport) return;
      try {
        const stored = window.localStorage.getItem(scrollKey(organizationId));
        if (!stored) return;
        const { left, top } = JSON.parse(stored) as { left?: unknown; top?: unknown };
        if (typeof left === 'number' && typeof top === 'number') viewport.scrollTo({ left, top });
      } catch {
        // A damaged entry is ignored.
      }
    }, editorLimits.scrollRestoreDelayMs);
    return () => clearTimeout(timer);
  }, [viewportRef, organizationId, isLoaded]);
}
