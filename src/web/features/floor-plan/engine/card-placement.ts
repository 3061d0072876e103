import type { Box } from './spatial-navigation.ts';

export type CardSide = 'above' | 'below' | 'right' | 'left';

/** The sides a desk's card tries, in order: above reads most naturally, then below, then beside. */
export const cardSides: readonly CardSide[] = ['above', 'below', 'right', 'left'];

export interface CardPlacement {
  side: CardSide;
  /** The card's box, in the same coordinates as the desk and the bounds. */
  box: Box;
}

const area = (box: Box) => Math.max(0, box.right - box.left) * Math.max(0, box.bottom - box.top);

function overlapArea(a: Box, b: Box): number {
  return area({
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  });
}

/** Slides a start along one axis so a span of `size` stays inside [min, max] (its start when it cannot). */
function within(start: number, size: number, min: number, max: number): number {
  return Math.max(min, Math.min(start, max - size));
}

/** The card on one side of the desk, `gap` away, centred on it and slid along that side to stay in the bounds. */
function boxOnSide(side: CardSide, desk: Box, card: { width: number; height: number }, bounds: Box, gap: number): Box {
  if (side === 'above' || side === 'below') {
    const left = within((desk.left + desk.right - card.width) / 2, card.width, bounds.left, bounds.right);
    const top = side === 'above' ? desk.top - gap - card.height : desk.bottom + gap;
    return { left, top, right: left + card.width, bottom: top + card.height };
  }
  const top = within((desk.top + desk.bottom - card.height) / 2, card.height, bounds.top, bounds.bottom);
  const left = side === 'right' ? desk.right + gap : desk.left - gap - card.width;
  return { left, top, right: left + card.width, bottom: top + card.height };
}

const isInside = (box: Box, bounds: Box) =>
  box.left >= bounds.left - 0.5 &&
  box.top >= bounds.top - 0.5 &&
  box.right <= bounds.right + 0.5 &&
  box.bottom <= bounds.bottom + 0.5;

/**
 * Where a desk's hover or focus card goes so that it never hides the desks around it: above, below, right, then
 * left of the desk, the first side where the card fits the bounds (the visible map) and covers no other desk.
 * When every side covers some desk, the side that covers the least of them; when no side fits the bounds, the
 * side that overflows them least. Every side keeps clear of the desk itself.
 */
export function placeDeskCard({
  desk,
  card,
  others,
  bounds,
  gap = 6,
}: {
  desk: Box;
  card: { width: number; height: number };
  /** The other desks' boxes (those near are enough). */
  others: readonly Box[];
  bounds: Box;
  gap?: number;
}): CardPlacement {
  let best: { placement: CardPlacement; overflow: number; covered: number } | null = null;
  for (const side of cardSides) {
    const box = boxOnSide(side, desk, card, bounds, gap);
    const overflow = isInside(box, bounds) ? 0 : area(box) - overlapArea(box, bounds);
    let covered = 0;
    for (const other of others) covered += overlapArea(box, other);
    if (overflow === 0 && covered === 0) return { side, box };
    if (!best || overflow < best.overflow || (overflow === best.overflow && covered < best.covered)) {
      best = { placement: { side, box }, overflow, covered };
    }
  }
  return best!.placement;
}
