import { editorLimits } from '#domain/floor-plan.ts';
import type { Point } from './geometry.ts';

export type EditorCommand =
  | { type: 'undo' }
  | { type: 'nudge'; delta: Point }
  | { type: 'rotate'; degrees: number }
  | { type: 'delete' }
  | { type: 'clear-selection' };

export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

const arrows: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/**
 * The edit-mode shortcuts. Ctrl+Z / Cmd+Z undoes; with desks selected, arrows move 1 unit
 * (Shift: 10), r turns 15° clockwise and R (Shift+R) 15° counter-clockwise, Delete asks to delete,
 * Escape clears the selection.
 */
export function commandForKey(press: KeyPress, hasSelection: boolean): EditorCommand | null {
  const isCommand = press.ctrlKey || press.metaKey;
  if (isCommand && !press.shiftKey && !press.altKey && press.key.toLowerCase() === 'z') return { type: 'undo' };
  if (!hasSelection || isCommand || press.altKey) return null;
  const arrow = arrows[press.key];
  if (arrow) {
    const step = press.shiftKey ? 10 : 1;
    return { type: 'nudge', delta: { x: arrow.x * step, y: arrow.y * step } };
  }
  if (press.key === 'r') return { type: 'rotate', degrees: editorLimits.rotationStep };
  if (press.key === 'R') return { type: 'rotate', degrees: -editorLimits.rotationStep };
  if (press.key === 'Delete' || press.key === 'Backspace') return { type: 'delete' };
  if (press.key === 'Escape') return { type: 'clear-selection' };
  return null;
}
