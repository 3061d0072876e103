// Desk properties of one desk or of a multi-selection (issue 15): which amenity tags are on, off or mixed across
// the selected desks, and each desk's tags once the dialog's choices are applied.

export type TagState = 'on' | 'off' | 'mixed';

/** Each tag of the organization's list (then any tag a desk has that the list no longer has) with its state. */
export function amenityStates(
  desks: readonly { amenities: readonly string[] }[],
  list: readonly string[],
): Map<string, TagState> {
  const counts = new Map<string, number>();
  for (const desk of desks) for (const tag of desk.amenities) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  const states = new Map<string, TagState>();
  for (const tag of [...list, ...[...counts.keys()].filter((tag) => !list.includes(tag))]) {
    const count = counts.get(tag) ?? 0;
    states.set(tag, count === 0 ? 'off' : count === desks.length ? 'on' : 'mixed');
  }
  return states;
}

/** A click on a tag: mixed and off turn it on for every desk, on turns it off. */
export function toggleTagState(state: TagState): TagState {
  return state === 'on' ? 'off' : 'on';
}

/** One desk's tags after the choices: 'on' tags added, 'off' ones removed, 'mixed' ones left as the desk had them. */
export function applyTagStates(own: readonly string[], states: ReadonlyMap<string, TagState>): string[] {
  const result = new Set(own);
  for (const [tag, state] of states) {
    if (state === 'on') result.add(tag);
    if (state === 'off') result.delete(tag);
  }
  const order = [...states.keys()];
  return [...result].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/** Whether two tag lists hold the same tags in the same order. */
export function sameTags(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((tag, index) => tag === b[index]);
}

/** Bookable across the selection: every desk the same, or mixed. */
export function commonBookable(desks: readonly { bookable: boolean }[]): boolean | 'mixed' {
  const first = desks[0]?.bookable ?? true;
  return desks.every((desk) => desk.bookable === first) ? first : 'mixed';
}
