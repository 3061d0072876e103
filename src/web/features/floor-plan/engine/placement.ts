import { clampPosition, newDeskDefaults, nextDeskName } from '#domain/floor-plan.ts';
import type { DeskRect, Point } from './geometry.ts';

/** A new desk is centred on the click (offsets 60 and 40) and kept wholly on the canvas. */
export function newDeskPosition(point: Point): Point {
  return clampPosition(
    point.x - newDeskDefaults.offsetX,
    point.y - newDeskDefaults.offsetY,
    newDeskDefaults.width,
    newDeskDefaults.height,
  );
}

const cascadeStep = 20;

/**
 * Where a new desk goes: centred on the point, unless a desk already sits exactly there (adding
 * twice from the toolbar, or clicking the same spot); then it steps 20 units down and right.
 */
export function placeNewDesk(point: Point, existing: readonly Pick<DeskRect, 'x' | 'y'>[]): Point {
  const taken = new Set(existing.map((rect) => `${rect.x},${rect.y}`));
  let position = newDeskPosition(point);
  for (let step = 0; step < 50 && taken.has(`${position.x},${position.y}`); step += 1) {
    const next = clampPosition(
      position.x + cascadeStep,
      position.y + cascadeStep,
      newDeskDefaults.width,
      newDeskDefaults.height,
    );
    if (next.x === position.x && next.y === position.y) break; // in the corner: nowhere further to go
    position = next;
  }
  return position;
}

/**
 * The spec's name for a new desk, D plus the desk count plus 1. After deletions that name can
 * already be in use; the next free number is taken instead, so names stay unique (whatever their
 * case, as the server holds them: 'd05' takes D05).
 */
export function pickNewDeskName(existingNames: Iterable<string>, deskCount: number): string {
  const taken = new Set([...existingNames].map((name) => name.toLowerCase()));
  let count = deskCount;
  while (taken.has(nextDeskName(count).toLowerCase())) count += 1;
  return nextDeskName(count);
}
