import { type RefObject, useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import { canvasSize, editorLimits } from '#domain/floor-plan.ts';
import { placeDeskCard } from './engine/card-placement.ts';
import type { Box } from './engine/spatial-navigation.ts';

interface Shown {
  text: string;
  /** More than the tile's name says: its description. */
  more: string[];
  /** The desk, the other desks in view and the visible map, in the frame's coordinates. */
  desk: Box;
  others: Box[];
  bounds: Box;
}

const relativeTo = (rect: DOMRect, origin: DOMRect): Box => ({
  left: rect.left - origin.left,
  top: rect.top - origin.top,
  right: rect.right - origin.left,
  bottom: rect.bottom - origin.top,
});

/** The desks (canvas boxes) that are on screen, in the frame's coordinates; from their data, not 2,000 layouts. */
function desksInView(
  deskBoxes: ReadonlyArray<{ id: string; box: Box }>,
  exceptId: string | undefined,
  surface: DOMRect,
  frame: DOMRect,
  bounds: Box,
): Box[] {
  const scale = surface.width / canvasSize.width;
  const originX = surface.left - frame.left;
  const originY = surface.top - frame.top;
  const inView: Box[] = [];
  for (const { id, box } of deskBoxes) {
    if (id === exceptId) continue;
    const onScreen = {
      left: originX + box.left * scale,
      top: originY + box.top * scale,
      right: originX + box.right * scale,
      bottom: originY + box.bottom * scale,
    };
    if (onScreen.right < bounds.left || onScreen.left > bounds.right) continue;
    if (onScreen.bottom < bounds.top || onScreen.top > bounds.bottom) continue;
    inView.push(onScreen);
  }
  return inView;
}

/**
 * A tile's full text (its accessible name) in a card beside it, on hover and on keyboard focus, so a
 * tile drawn with only its mark or its name still tells everything. Screen readers already hear the
 * tile's name, so the card is hidden from them. It goes on the side of the desk where it covers no
 * neighbouring desk (engine/card-placement.ts), measured before it is painted. It hides 100 ms after the
 * pointer leaves (spec's hover end delay), at once on scroll, zoom or blur.
 */
export function DeskHoverCard({
  frameRef,
  viewportRef,
  surfaceRef,
  deskBoxes,
  describeDesk,
}: {
  frameRef: RefObject<HTMLElement | null>;
  viewportRef: RefObject<HTMLElement | null>;
  surfaceRef: RefObject<HTMLElement | null>;
  /** Every desk's box on the canvas: the card keeps clear of those in view. */
  deskBoxes: ReadonlyArray<{ id: string; box: Box }>;
  /** Lines the card adds below the tile's own words (its description). */
  describeDesk?: (deskId: string) => string[];
}) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const moreAbout = useEffectEvent((deskId: string | undefined) => (deskId && describeDesk?.(deskId)) || []);
  const othersInView = useEffectEvent((exceptId: string | undefined, frame: DOMRect, bounds: Box) => {
    const surface = surfaceRef.current?.getBoundingClientRect();
    return surface ? desksInView(deskBoxes, exceptId, surface, frame, bounds) : [];
  });

  useEffect(() => {
    const frame = frameRef.current;
    const viewport = viewportRef.current;
    if (!frame || !viewport) return;
    const show = (target: EventTarget | null) => {
      const tile = target instanceof Element ? target.closest<HTMLElement>('[data-desk-id]') : null;
      if (!tile || tile.dataset.dragging !== undefined) return;
      clearTimeout(hideTimer.current);
      const frameBox = frame.getBoundingClientRect();
      const bounds = relativeTo(viewport.getBoundingClientRect(), frameBox);
      setPosition(null);
      setShown({
        text: tile.getAttribute('aria-label') ?? '',
        more: moreAbout(tile.dataset.deskId),
        desk: relativeTo(tile.getBoundingClientRect(), frameBox),
        others: othersInView(tile.dataset.deskId, frameBox, bounds),
        bounds,
      });
    };
    const hideSoon = () => {
      clearTimeout(hideTimer.current);
      hideTimer.current = setTimeout(() => setShown(null), editorLimits.hoverEndDelayMs);
    };
    const hide = () => {
      clearTimeout(hideTimer.current);
      setShown(null);
    };
    const over = (event: PointerEvent) => {
      if (event.pointerType === 'touch') return;
      if ((event.target as Element).closest?.('[data-desk-id]')) show(event.target);
      else hideSoon();
    };
    const focusIn = (event: FocusEvent) => {
      if ((event.target as Element).matches?.(':focus-visible')) show(event.target);
    };
    viewport.addEventListener('pointerover', over);
    viewport.addEventListener('pointerleave', hideSoon);
    viewport.addEventListener('focusin', focusIn);
    viewport.addEventListener('focusout', hide);
    viewport.addEventListener('scroll', hide, { passive: true });
    viewport.addEventListener('wheel', hide, { passive: true });
    viewport.addEventListener('pointerdown', hide);
    return () => {
      clearTimeout(hideTimer.current);
      viewport.removeEventListener('pointerover', over);
      viewport.removeEventListener('pointerleave', hideSoon);
      viewport.removeEventListener('focusin', focusIn);
      viewport.removeEventListener('focusout', hide);
      viewport.removeEventListener('scroll', hide);
      viewport.removeEventListener('wheel', hide);
      viewport.removeEventListener('pointerdown', hide);
    };
  }, [frameRef, viewportRef]);

  // Measured where it cannot be seen, then placed, before the browser paints it.
  useLayoutEffect(() => {
    const card = cardRef.current;
    if (!shown || !card) return;
    const { box } = placeDeskCard({
      desk: shown.desk,
      card: { width: card.offsetWidth, height: card.offsetHeight },
      others: shown.others,
      bounds: shown.bounds,
    });
    setPosition({ left: box.left, top: box.top });
  }, [shown]);

  if (!shown) return null;
  return (
    <div
      ref={cardRef}
      aria-hidden="true"
      data-desk-card=""
      className="pointer-events-none absolute z-40 w-max max-w-[260px] rounded-lg bg-slate-900 px-2.5 py-1.5 text-xs leading-snug font-medium text-white shadow-lg"
      style={{ left: position?.left ?? 0, top: position?.top ?? 0, visibility: position ? undefined : 'hidden' }}
    >
      {shown.text}
      {shown.more.map((line) => (
        <span key={line} className="mt-1 line-clamp-4 block font-normal whitespace-pre-line text-slate-200">
          {line}
        </span>
      ))}
    </div>
  );
}
