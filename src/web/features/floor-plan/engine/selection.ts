export type Selection = ReadonlySet<string>;

export const emptySelection: Selection = new Set();

/** A plain click selects one desk; Ctrl/Cmd+click adds it to the selection or takes it out. */
export function selectDesk(selection: Selection, deskId: string, isToggle: boolean): Selection {
  if (!isToggle) return selection.size === 1 && selection.has(deskId) ? selection : new Set([deskId]);
  const next = new Set(selection);
  if (next.has(deskId)) next.delete(deskId);
  else next.add(deskId);
  return next;
}

/** The desks a drag moves: the whole selection when the dragged desk is in it, else that desk alone. */
export function desksToDrag(selection: Selection, deskId: string): string[] {
  return selection.has(deskId) ? [...selection] : [deskId];
}

/** Forgets desks that no longer exist (deleted here or elsewhere). */
export function pruneSelection(selection: Selection, existingIds: ReadonlySet<string>): Selection {
  for (const id of selection) {
    if (!existingIds.has(id)) return new Set([...selection].filter((item) => existingIds.has(item)));
  }
  return selection;
}
