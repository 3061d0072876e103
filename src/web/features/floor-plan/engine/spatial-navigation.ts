import type { DeskRect } from './geometry.ts';

/** An axis-aligned box on the canvas (or on screen): what a desk covers once it is turned. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export type Direction = 'left' | 'right' | 'up' | 'down';

/** The arrow keys the map moves between desks with. */
export const directionOfKey: Readonly<Record<string, Direction>> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

/** The box a desk covers on the canvas: a tile turns around its centre (desk-rect.ts's transform). */
export function boxOfDesk(rect: Pick<DeskRect, 'x' | 'y' | 'width' | 'height' | 'rotation'>): Box {
  const radians = (rect.rotation * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  const width = rect.width * cos + rect.height * sin;
  const height = rect.width * sin + rect.height * cos;
  const centreX = rect.x + rect.width / 2;
  const centreY = rect.y + rect.height / 2;
  return {
    left: centreX - width / 2,
    top: centreY - height / 2,
    right: centreX + width / 2,
    bottom: centreY + height / 2,
  };
}

const centreX = (box: Box) => (box.left + box.right) / 2;
const centreY = (box: Box) => (box.top + box.bottom) / 2;
/** How far apart two spans are on one axis; 0 when they overlap. */
const gapBetween = (startA: number, endA: number, startB: number, endB: number) =>
  Math.max(0, startB - endA, startA - endB);

/** A desk off the line of travel counts its sideways gap this many times (as the CSS spatial navigation draft does). */
const sidewaysWeight = 2;

/** Centres closer than this on the axis of travel are side by side, not one past the other. */
const sameLineTolerance = 1;

/**
 * The desk an arrow key moves to from `fromId`, among the desks whose centre lies past the current desk's in that
 * direction: the nearest desk in line (its span across the way overlaps the current desk's), as the eye follows a
 * row or a column; when none is in line, the nearest by the gap along the way plus twice the gap sideways. Ties go
 * to the nearer centre, then to the earlier desk in `desks` (give them in reading order). Null at an edge, where no
 * desk lies that way.
 */
export function nextDeskInDirection(
  desks: ReadonlyArray<{ id: string; box: Box }>,
  fromId: string,
  direction: Direction,
): string | null {
  const from = desks.find((desk) => desk.id === fromId)?.box;
  if (!from) return null;
  const isHorizontal = direction === 'left' || direction === 'right';
  const sign = direction === 'right' || direction === 'down' ? 1 : -1;
  let best: { id: string; isInLine: boolean; score: number; distance: number } | null = null;
  for (const desk of desks) {
    if (desk.id === fromId) continue;
    const box = desk.box;
    const along = isHorizontal ? centreX(box) - centreX(from) : centreY(box) - centreY(from);
    if (along * sign <= sameLineTolerance) continue;
    const ahead = isHorizontal
      ? gapBetween(from.left, from.right, box.left, box.right)
      : gapBetween(from.top, from.bottom, box.top, box.bottom);
    const sideways = isHorizontal
      ? gapBetween(from.top, from.bottom, box.top, box.bottom)
      : gapBetween(from.left, from.right, box.left, box.right);
    const candidate = {
      id: desk.id,
      isInLine: sideways === 0,
      score: ahead + sidewaysWeight * sideways,
      distance: Math.hypot(centreX(box) - centreX(from), centreY(box) - centreY(from)),
    };
    if (!best || isBetter(candidate, best)) best = candidate;
  }
  return best?.id ?? null;
}

function isBetter(
  candidate: { isInLine: boolean; score: number; distance: number },
  best: { isInLine: boolean; score: number; distance: number },
): boolean {
  if (candidate.isInLine !== best.isInLine) return candidate.isInLine;
  if (candidate.score !== best.score) return candidate.score < best.score;
  return candidate.distance < best.distance;
}

/**
 * Desks as one reads a plan: in rows from the top, each row left to right. A row starts at its topmost desk and
 * takes every next desk whose centre lies above the row's lowest edge so far, so an uneven row stays one row.
 */
export function readingOrder<T extends { id: string; box: Box }>(desks: readonly T[]): T[] {
  const byTop = [...desks].sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left);
  const ordered: T[] = [];
  let index = 0;
  while (index < byTop.length) {
    let rowBottom = byTop[index]!.box.bottom;
    const row: T[] = [];
    while (index < byTop.length && (row.length === 0 || centreY(byTop[index]!.box) < rowBottom)) {
      rowBottom = Math.max(rowBottom, byTop[index]!.box.bottom);
      row.push(byTop[index]!);
      index += 1;
    }
    ordered.push(...row.sort((a, b) => a.box.left - b.box.left || a.box.top - b.box.top));
  }
  return ordered;
}
