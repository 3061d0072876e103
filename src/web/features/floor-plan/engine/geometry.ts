import { canvasSize, clamp, clampPosition, editorLimits, normaliseRotation } from '#domain/floor-plan.ts';

/** A desk as the editor computes with it: numbers in canvas units, rotation in degrees. */
export interface DeskRect {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
}

/** What an undo restores: where a desk was and how it was turned. */
export interface DeskPlacement {
  id: string;
  x: number;
  y: number;
  rotation: number;
}

export interface Point {
  x: number;
  y: number;
}

export type Alignment = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';
export type Axis = 'horizontal' | 'vertical';

export function toPlacement(rect: DeskRect): DeskPlacement {
  return { id: rect.id, x: rect.x, y: rect.y, rotation: rect.rotation };
}

/** Positions are whole canvas units: centring and distributing would otherwise leave fractions. */
function withPosition(rect: DeskRect, x: number, y: number): DeskRect {
  const clamped = clampPosition(Math.round(x), Math.round(y), rect.width, rect.height);
  return { ...rect, x: clamped.x, y: clamped.y };
}

/** True when a pointer travelled far enough to count as a drag: more than the threshold on either axis. */
export function isBeyondThreshold(delta: Point, threshold: number = editorLimits.dragThreshold): boolean {
  return Math.abs(delta.x) > threshold || Math.abs(delta.y) > threshold;
}

/**
 * The delta a group of desks can travel while every desk stays on the canvas. The group keeps
 * its shape at the edges instead of each desk being squashed against the border on its own.
 */
export function clampGroupDelta(rects: readonly DeskRect[], delta: Point): Point {
  if (rects.length === 0) return { x: 0, y: 0 };
  let minX = Number.NEGATIVE_INFINITY;
  let maxX = Number.POSITIVE_INFINITY;
  let minY = Number.NEGATIVE_INFINITY;
  let maxY = Number.POSITIVE_INFINITY;
  for (const rect of rects) {
    minX = Math.max(minX, -rect.x);
    maxX = Math.min(maxX, canvasSize.width - rect.width - rect.x);
    minY = Math.max(minY, -rect.y);
    maxY = Math.min(maxY, canvasSize.height - rect.height - rect.y);
  }
  return { x: clamp(delta.x, minX, maxX), y: clamp(delta.y, minY, maxY) };
}

/** Moves every desk by the same (group-clamped) delta. */
export function moveDesks(rects: readonly DeskRect[], delta: Point): DeskRect[] {
  const allowed = clampGroupDelta(rects, delta);
  return rects.map((rect) => withPosition(rect, rect.x + allowed.x, rect.y + allowed.y));
}

/** Turns every desk by the given degrees (positive is clockwise), kept within 0 to 359. */
export function rotateDesks(rects: readonly DeskRect[], degrees: number): DeskRect[] {
  return rects.map((rect) => ({ ...rect, rotation: normaliseRotation(rect.rotation + degrees) }));
}

interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export function boundsOf(rects: readonly DeskRect[]): Bounds {
  return {
    left: Math.min(...rects.map((rect) => rect.x)),
    top: Math.min(...rects.map((rect) => rect.y)),
    right: Math.max(...rects.map((rect) => rect.x + rect.width)),
    bottom: Math.max(...rects.map((rect) => rect.y + rect.height)),
  };
}

/**
 * Lines desks up on one edge or centre line of the selection's bounding box (the desks' unrotated
 * boxes, as stored). Centre and middle use the box's centre, so the outermost desks set the line.
 */
export function alignDesks(rects: readonly DeskRect[], alignment: Alignment): DeskRect[] {
  if (rects.length === 0) return [];
  const bounds = boundsOf(rects);
  const centreX = (bounds.left + bounds.right) / 2;
  const centreY = (bounds.top + bounds.bottom) / 2;
  const place: Record<Alignment, (rect: DeskRect) => DeskRect> = {
    left: (rect) => withPosition(rect, bounds.left, rect.y),
    right: (rect) => withPosition(rect, bounds.right - rect.width, rect.y),
    center: (rect) => withPosition(rect, centreX - rect.width / 2, rect.y),
    top: (rect) => withPosition(rect, rect.x, bounds.top),
    bottom: (rect) => withPosition(rect, rect.x, bounds.bottom - rect.height),
    middle: (rect) => withPosition(rect, rect.x, centreY - rect.height / 2),
  };
  return rects.map(place[alignment]);
}

/**
 * Spaces desks with equal gaps along an axis. The first and last desks (by position) stay where
 * they are; the others move between them. Results come back in the order the desks were given.
 */
export function distributeDesks(rects: readonly DeskRect[], axis: Axis): DeskRect[] {
  if (rects.length < 3) return rects.map((rect) => ({ ...rect }));
  const start = (rect: DeskRect) => (axis === 'horizontal' ? rect.x : rect.y);
  const size = (rect: DeskRect) => (axis === 'horizontal' ? rect.width : rect.height);
  const ordered = [...rects].sort((a, b) => start(a) - start(b) || a.id.localeCompare(b.id));
  const first = ordered[0]!;
  const last = ordered[ordered.length - 1]!;
  const span = start(last) + size(last) - start(first);
  const occupied = ordered.reduce((sum, rect) => sum + size(rect), 0);
  const gap = (span - occupied) / (ordered.length - 1);
  const placed = new Map<string, DeskRect>();
  let cursor = start(first);
  for (const [index, rect] of ordered.entries()) {
    const isEnd = index === 0 || index === ordered.length - 1;
    const offset = isEnd ? start(rect) : cursor;
    placed.set(
      rect.id,
      isEnd
        ? { ...rect }
        : axis === 'horizontal'
          ? withPosition(rect, offset, rect.y)
          : withPosition(rect, rect.x, offset),
    );
    cursor = offset + size(rect) + gap;
  }
  return rects.map((rect) => placed.get(rect.id)!);
}

/** Moves each desk's top-left corner to the nearest grid point, then keeps it on the canvas. */
export function snapDesks(rects: readonly DeskRect[], grid: number = editorLimits.gridSize): DeskRect[] {
  return rects.map((rect) => withPosition(rect, Math.round(rect.x / grid) * grid, Math.round(rect.y / grid) * grid));
}

/** The placements of `after` that differ from `before` (or are new): what a command must show and save. */
export function changedPlacements(before: readonly DeskPlacement[], after: readonly DeskPlacement[]): DeskPlacement[] {
  const previous = new Map(before.map((placement) => [placement.id, placement]));
  return after.filter((placement) => {
    const old = previous.get(placement.id);
    return !old || old.x !== placement.x || old.y !== placement.y || old.rotation !== placement.rotation;
  });
}
