import { editorLimits } from '#domain/floor-plan.ts';
import { isBeyondThreshold, type Point } from './geometry.ts';

export type PointerTarget = { kind: 'desk'; id: string } | { kind: 'canvas' };

/**
 * Pointer handling as explicit states. idle: nothing pressed. pointing: pressed, not yet moved
 * past the threshold (it may still become a click). dragging: a desk is being moved.
 * ignoring: a press on the canvas that moved away; it ends without adding a desk.
 */
export type PointerState =
  | { phase: 'idle' }
  | { phase: 'pointing'; pointerId: number; target: PointerTarget; origin: Point; isToggle: boolean }
  | { phase: 'dragging'; pointerId: number; deskId: string; origin: Point; delta: Point }
  | { phase: 'ignoring'; pointerId: number };

export type PointerInput =
  | { type: 'down'; pointerId: number; target: PointerTarget; point: Point; isToggle: boolean }
  | { type: 'move'; pointerId: number; point: Point }
  | { type: 'up'; pointerId: number; point: Point }
  | { type: 'cancel'; pointerId: number };

/** What the editor should do after a transition. */
export type PointerEffect =
  | { type: 'none' }
  | { type: 'drag-start'; deskId: string; delta: Point }
  | { type: 'drag-move'; deskId: string; delta: Point }
  | { type: 'drag-commit'; deskId: string; delta: Point }
  | { type: 'drag-cancel'; deskId: string }
  | { type: 'click-desk'; deskId: string; isToggle: boolean }
  | { type: 'click-canvas'; point: Point };

export const idlePointer: PointerState = { phase: 'idle' };

const none: PointerEffect = { type: 'none' };

function deltaOf(origin: Point, point: Point): Point {
  return { x: point.x - origin.x, y: point.y - origin.y };
}

export function transitionPointer(
  state: PointerState,
  input: PointerInput,
  threshold: number = editorLimits.dragThreshold,
): { state: PointerState; effect: PointerEffect } {
  if (input.type === 'down') {
    // A second pointer while one is busy is ignored; a fresh press starts over from idle.
    if (state.phase !== 'idle') return { state, effect: none };
    return {
      state: {
        phase: 'pointing',
        pointerId: input.pointerId,
        target: input.target,
        origin: input.point,
        isToggle: input.isToggle,
      },
      effect: none,
    };
  }
  if (state.phase === 'idle' || state.pointerId !== input.pointerId) return { state, effect: none };

  if (input.type === 'cancel') {
    const effect: PointerEffect = state.phase === 'dragging' ? { type: 'drag-cancel', deskId: state.deskId } : none;
    return { state: idlePointer, effect };
  }

  switch (state.phase) {
    case 'ignoring':
      return { state: input.type === 'up' ? idlePointer : state, effect: none };
    case 'pointing': {
      const delta = deltaOf(state.origin, input.point);
      if (input.type === 'up') {
        const effect: PointerEffect =
          state.target.kind === 'desk'
            ? { type: 'click-desk', deskId: state.target.id, isToggle: state.isToggle }
            : { type: 'click-canvas', point: state.origin };
        return { state: idlePointer, effect };
      }
      if (!isBeyondThreshold(delta, threshold)) return { state, effect: none };
      if (state.target.kind === 'canvas')
        return { state: { phase: 'ignoring', pointerId: state.pointerId }, effect: none };
      return {
        state: { phase: 'dragging', pointerId: state.pointerId, deskId: state.target.id, origin: state.origin, delta },
        effect: { type: 'drag-start', deskId: state.target.id, delta },
      };
    }
    case 'dragging': {
      const delta = deltaOf(state.origin, input.point);
      if (input.type === 'move') {
        return { state: { ...state, delta }, effect: { type: 'drag-move', deskId: state.deskId, delta } };
      }
      // Let go: saved only when it ends more than the threshold away from where it started.
      const effect: PointerEffect = isBeyondThreshold(delta, threshold)
        ? { type: 'drag-commit', deskId: state.deskId, delta }
        : { type: 'drag-cancel', deskId: state.deskId };
      return { state: idlePointer, effect };
    }
  }
}
