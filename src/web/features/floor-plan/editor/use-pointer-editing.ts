import { type RefObject, useEffect, useEffectEvent } from 'react';
import { tileTransform } from '../desk-rect.ts';
import { clampGroupDelta, type DeskRect, type Point } from '../engine/geometry.ts';
import {
  idlePointer,
  type PointerEffect,
  type PointerInput,
  type PointerState,
  type PointerTarget,
  transitionPointer,
} from '../engine/pointer.ts';

interface ActiveDrag {
  rects: DeskRect[];
  nodes: HTMLElement[];
  frame: number;
}

/**
 * Wires pointer events on the canvas surface to the pointer state machine. A drag moves the
 * dragged tiles' DOM nodes directly (one transform each per animation frame), so the other
 * desks never re-render; React hears of it once, when the move is committed.
 */
export function usePointerEditing({
  surfaceRef,
  scale,
  onDragStart,
  onDragCommit,
  onClickDesk,
  onClickCanvas,
}: {
  surfaceRef: RefObject<HTMLDivElement | null>;
  /** Canvas units to screen pixels (zoom times the fit). */
  scale: number;
  /** The desks a drag of this desk moves (it selects them too). */
  onDragStart: (deskId: string) => DeskRect[];
  onDragCommit: (rects: DeskRect[], delta: Point) => void;
  onClickDesk: (deskId: string, isToggle: boolean) => void;
  onClickCanvas: (point: Point) => void;
}) {
  const startDrag = useEffectEvent(onDragStart);
  const commitDrag = useEffectEvent(onDragCommit);
  const clickDesk = useEffectEvent(onClickDesk);
  const clickCanvas = useEffectEvent(onClickCanvas);
  const currentScale = useEffectEvent(() => scale);

  useEffect(() => {
    const surface = surfaceRef.current;
    if (!surface) return;
    let state: PointerState = idlePointer;
    let drag: ActiveDrag | null = null;
    let origin = { left: 0, top: 0, scale: 1 };

    // Whole canvas units: positions are stored as whole pixels of the 1920 x 1080 canvas, at any zoom.
    const toCanvasPoint = (event: PointerEvent): Point => ({
      x: Math.round((event.clientX - origin.left) / origin.scale),
      y: Math.round((event.clientY - origin.top) / origin.scale),
    });

    const place = (active: ActiveDrag, delta: Point) => {
      const allowed = clampGroupDelta(active.rects, delta);
      active.rects.forEach((rect, index) => {
        const node = active.nodes[index];
        if (node) node.style.transform = tileTransform(rect.x + allowed.x, rect.y + allowed.y, rect.rotation);
      });
    };

    const endDrag = (restore: boolean) => {
      if (!drag) return;
      cancelAnimationFrame(drag.frame);
      for (const [index, node] of drag.nodes.entries()) {
        delete node.dataset.dragging;
        const rect = drag.rects[index];
        if (restore && rect) node.style.transform = tileTransform(rect.x, rect.y, rect.rotation);
      }
      const finished = drag;
      drag = null;
      return finished;
    };

    const perform = (effect: PointerEffect) => {
      switch (effect.type) {
        case 'drag-start': {
          const rects = startDrag(effect.deskId);
          const nodes = rects.map((rect) =>
            surface.querySelector<HTMLElement>(`[data-desk-id="${CSS.escape(rect.id)}"]`),
          );
          drag = { rects, nodes: nodes.filter((node): node is HTMLElement => node !== null), frame: 0 };
          for (const node of drag.nodes) node.dataset.dragging = 'true';
          place(drag, effect.delta);
          return;
        }
        case 'drag-move': {
          const active = drag;
          if (!active) return;
          cancelAnimationFrame(active.frame);
          active.frame = requestAnimationFrame(() => place(active, effect.delta));
          return;
        }
        case 'drag-commit': {
          const finished = endDrag(false);
          if (!finished) return;
          place(finished, effect.delta);
          commitDrag(finished.rects, clampGroupDelta(finished.rects, effect.delta));
          return;
        }
        case 'drag-cancel':
          endDrag(true);
          return;
        case 'click-desk':
          clickDesk(effect.deskId, effect.isToggle);
          return;
        case 'click-canvas':
          clickCanvas(effect.point);
          return;
        case 'none':
          return;
      }
    };

    const dispatch = (input: PointerInput) => {
      const result = transitionPointer(state, input);
      state = result.state;
      perform(result.effect);
    };

    const onPointerDown = (event: PointerEvent) => {
      if (event.button !== 0 || !event.isPrimary) return;
      const tile = (event.target as Element).closest<HTMLElement>('[data-desk-id]');
      const target: PointerTarget = tile?.dataset.deskId
        ? { kind: 'desk', id: tile.dataset.deskId }
        : { kind: 'canvas' };
      const box = surface.getBoundingClientRect();
      origin = { left: box.left, top: box.top, scale: currentScale() };
      dispatch({
        type: 'down',
        pointerId: event.pointerId,
        target,
        point: toCanvasPoint(event),
        isToggle: event.ctrlKey || event.metaKey,
      });
      // Keep receiving moves if the pointer leaves the surface mid-drag; touch on the floor still scrolls.
      if (tile) surface.setPointerCapture(event.pointerId);
    };
    const onPointerMove = (event: PointerEvent) => {
      if (state.phase === 'idle') return;
      dispatch({ type: 'move', pointerId: event.pointerId, point: toCanvasPoint(event) });
    };
    const onPointerUp = (event: PointerEvent) =>
      dispatch({ type: 'up', pointerId: event.pointerId, point: toCanvasPoint(event) });
    const onPointerCancel = (event: PointerEvent) => dispatch({ type: 'cancel', pointerId: event.pointerId });

    surface.addEventListener('pointerdown', onPointerDown);
    surface.addEventListener('pointermove', onPointerMove);
    surface.addEventListener('pointerup', onPointerUp);
    surface.addEventListener('pointercancel', onPointerCancel);
    return () => {
      endDrag(true);
      surface.removeEventListener('pointerdown', onPointerDown);
      surface.removeEventListener('pointermove', onPointerMove);
      surface.removeEventListener('pointerup', onPointerUp);
      surface.removeEventListener('pointercancel', onPointerCancel);
    };
  }, [surfaceRef]);
}
