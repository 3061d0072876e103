import { useEffect, useState } from 'react';
import { focusMap } from '../floor-plan/index.ts';

/** How many frames the link waits for the map's desks after showing the map. */
const maxFrames = 30;

/**
 * "Skip to the map" (issue 27): the dashboard's first Tab stop, out of sight until focused, and Enter puts focus on
 * the map's desks instead of 20-odd sidebar and top bar controls away. From the list view it shows the map first.
 */
export function SkipToMapLink({ onShowMap }: { onShowMap: () => void }) {
  const [requested, setRequested] = useState(0);
  // From the list view: once the map has drawn its desks (a few frames after the switch), or on a floor without
  // desks, the map itself.
  useEffect(() => {
    if (requested === 0) return;
    let frames = 0;
    let frame = 0;
    const tryFocus = () => {
      frames += 1;
      if (focusMap({ needsDesk: frames < maxFrames })) return;
      if (frames < maxFrames) frame = requestAnimationFrame(tryFocus);
    };
    tryFocus();
    return () => cancelAnimationFrame(frame);
  }, [requested]);
  return (
    // biome-ignore lint/a11y/useValidAnchor: a skip link is page navigation; a fragment alone cannot focus a desk
    <a
      href="#floor-plan-heading"
      onClick={(event) => {
        event.preventDefault();
        if (focusMap()) return;
        onShowMap();
        setRequested((count) => count + 1);
      }}
      className="sr-only rounded-md bg-white text-sm font-medium text-brand-700 shadow-md ring-1 ring-slate-200 focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-3 focus:py-2 focus:z-[60] focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      Skip to the map
    </a>
  );
}
