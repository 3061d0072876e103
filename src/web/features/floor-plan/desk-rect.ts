import type { DeskView } from '#domain/floor-plan.ts';
import type { DeskRect } from './engine/geometry.ts';

/** Geometry arrives as numeric strings (spec section 3); the editor computes with numbers. */
export function toDeskRect(desk: DeskView): DeskRect {
  return {
    id: desk.id,
    x: Number(desk.positionX) || 0,
    y: Number(desk.positionY) || 0,
    width: Number(desk.width) || 1,
    height: Number(desk.height) || 1,
    rotation: Number(desk.rotation) || 0,
  };
}

/** One transform places and turns a tile: the compositor moves it without a layout pass. */
export function tileTransform(x: number, y: number, rotation: number): string {
  return rotation ? `translate(${x}px, ${y}px) rotate(${rotation}deg)` : `translate(${x}px, ${y}px)`;
}
