import { editorLimits } from '#domain/floor-plan.ts';
import type { DeskPlacement } from './geometry.ts';

/** Spec section 3, undo entry: the action's name, the affected desks' positions and rotations, a timestamp. */
export interface HistoryEntry {
  action: string;
  desks: readonly DeskPlacement[];
  timestamp: number;
}

export type History = readonly HistoryEntry[];

export const emptyHistory: History = [];

/** Records what the desks looked like before an action; only the newest entries (10) are kept. */
export function pushHistory(history: History, entry: HistoryEntry, depth: number = editorLimits.undoDepth): History {
  if (entry.desks.length === 0) return history;
  return [...history, entry].slice(-depth);
}

/** Takes the newest entry off: the snapshot to restore, and the history without it. */
export function undoHistory(history: History): { entry: HistoryEntry; history: History } | null {
  const entry = history.at(-1);
  return entry ? { entry, history: history.slice(0, -1) } : null;
}

/** Drops a given entry (a change that failed to save must not be offered for undo). */
export function withoutEntry(history: History, entry: HistoryEntry): History {
  return history.filter((item) => item !== entry);
}
