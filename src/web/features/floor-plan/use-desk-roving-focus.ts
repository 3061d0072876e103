import { type RefObject, useEffect, useEffectEvent, useMemo, useState } from 'react';
import type { DeskView } from '#domain/floor-plan.ts';
import { toDeskRect } from './desk-rect.ts';
import { boxOfDesk, directionOfKey, nextDeskInDirection, readingOrder } from './engine/spatial-navigation.ts';

/**
 * The map's desks as one Tab stop (issue 27): a roving tabindex. Tab reaches one desk (the last one focused, at first
 * the first in reading order); the arrow keys move to the nearest desk that way on the plan, Home and End to the
 * first and last desk in reading order; Enter and Space still press the desk. Focusing a desk scrolls it into view.
 * Off in edit mode, whose own keys move the selected desks with the arrows.
 */
export function useDeskRovingFocus({
  viewportRef,
  desks,
  isEnabled,
}: {
  viewportRef: RefObject<HTMLElement | null>;
  desks: readonly DeskView[];
  isEnabled: boolean;
}) {
  const ordered = useMemo(
    () => readingOrder(desks.map((desk) => ({ id: desk.id, box: boxOfDesk(toDeskRect(desk)) }))),
    [desks],
  );
  const deskIds = useMemo(() => new Set(desks.map((desk) => desk.id)), [desks]);
  const [chosenId, setChosenId] = useState<string | null>(null);
  // undefined: no roving (edit mode), every tile is a Tab stop as the editor expects; null: no desks.
  const tabStopDeskId: string | null | undefined = !isEnabled
    ? undefined
    : chosenId !== null && deskIds.has(chosenId)
      ? chosenId
      : (ordered[0]?.id ?? null);

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (!isEnabled || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
      return;
    }
    const tile = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-desk-id]') : null;
    const fromId = tile?.dataset.deskId;
    if (!fromId) return;
    const direction = directionOfKey[event.key];
    let nextId: string | null | undefined;
    if (direction) nextId = nextDeskInDirection(ordered, fromId, direction);
    else if (event.key === 'Home') nextId = ordered[0]?.id;
    else if (event.key === 'End') nextId = ordered.at(-1)?.id;
    else return;
    // Also at an edge: the arrow must not scroll the map instead.
    event.preventDefault();
    if (!nextId || nextId === fromId) return;
    const next = viewportRef.current?.querySelector<HTMLElement>(`[data-desk-id="${CSS.escape(nextId)}"]`);
    if (!next) return;
    setChosenId(nextId);
    next.focus();
  });
  const onFocusIn = useEffectEvent((event: FocusEvent) => {
    const tile = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-desk-id]') : null;
    if (isEnabled && tile?.dataset.deskId) setChosenId(tile.dataset.deskId);
  });

  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const keyDown = (event: KeyboardEvent) => onKeyDown(event);
    const focusIn = (event: FocusEvent) => onFocusIn(event);
    viewport.addEventListener('keydown', keyDown);
    viewport.addEventListener('focusin', focusIn);
    return () => {
      viewport.removeEventListener('keydown', keyDown);
      viewport.removeEventListener('focusin', focusIn);
    };
  }, [viewportRef]);

  return { tabStopDeskId, deskBoxes: ordered };
}

/**
 * Where the "Skip to the map" link takes focus: the map's Tab stop (a desk), else its first desk (edit mode), else
 * the map itself unless `needsDesk`. Answers whether it focused something.
 */
export function focusMap({ needsDesk = false }: { needsDesk?: boolean } = {}): boolean {
  const viewport = document.querySelector<HTMLElement>('[data-map-viewport]');
  if (!viewport) return false;
  const desk =
    viewport.querySelector<HTMLElement>('[data-desk-id][tabindex="0"]') ??
    viewport.querySelector<HTMLElement>('[data-desk-id]');
  if (!desk && needsDesk) return false;
  (desk ?? viewport).focus();
  return true;
}
