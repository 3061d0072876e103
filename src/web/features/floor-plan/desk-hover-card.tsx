import { type RefObject, useEffect, useEffectEvent, useRef, useState } from 'react';
import { editorLimits } from '#domain/floor-plan.ts';

interface Shown {
  text: string;
  /** More than the tile's name says: its description. */
  more: string[];
  left: number;
  top: number;
  below: boolean;
}

/**
 * A tile's full text (its accessible name) in a card beside it, on hover and on keyboard focus, so a
 * tile drawn with only its mark or its name still tells everything. Screen readers already hear the
 * tile's name, so the card is hidden from them. It hides 100 ms after the pointer leaves (spec's hover
 * end delay), at once on scroll, zoom or blur.
 */
export function DeskHoverCard({
  frameRef,
  viewportRef,
  describeDesk,
}: {
  frameRef: RefObject<HTMLElement | null>;
  viewportRef: RefObject<HTMLElement | null>;
  /** Lines the card adds below the tile's own words (its description). */
  describeDesk?: (deskId: string) => string[];
}) {
  const [shown, setShown] = useState<Shown | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const moreAbout = useEffectEvent((deskId: string | undefined) => (deskId && describeDesk?.(deskId)) || []);

  useEffect(() => {
    const frame = frameRef.current;
    const viewport = viewportRef.current;
    if (!frame || !viewport) return;
    const show = (target: EventTarget | null) => {
      const tile = target instanceof Element ? target.closest<HTMLElement>('[data-desk-id]') : null;
      if (!tile || tile.dataset.dragging !== undefined) return;
      clearTimeout(hideTimer.current);
      const box = tile.getBoundingClientRect();
      const frameBox = frame.getBoundingClientRect();
      const viewportBox = viewport.getBoundingClientRect();
      // Beside the tile, kept inside the map: above it, or below when it is near the top.
      const below = box.top - viewportBox.top < 56;
      setShown({
        text: tile.getAttribute('aria-label') ?? '',
        more: moreAbout(tile.dataset.deskId),
        left: Math.min(Math.max(box.left + box.width / 2 - frameBox.left, 90), frameBox.width - 90),
        top: below ? box.bottom - frameBox.top + 6 : box.top - frameBox.top - 6,
        below,
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

  if (!shown) return null;
  return (
    <div
      aria-hidden="true"
      data-desk-card=""
      className="pointer-events-none absolute z-40 max-w-[260px] rounded-lg bg-slate-900 px-2.5 py-1.5 text-xs leading-snug font-medium text-white shadow-lg"
      style={{
        left: shown.left,
        top: shown.top,
        transform: shown.below ? 'translateX(-50%)' : 'translate(-50%, -100%)',
      }}
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
