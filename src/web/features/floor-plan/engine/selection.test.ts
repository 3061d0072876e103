import { describe, expect, it } from 'vitest';
import { desksToDrag, emptySelection, pruneSelection, selectDesk } from './selection.ts';

describe('desk selection', () => {
  it('selects only the clicked desk on a plain click', () => {
    const selection = selectDesk(new Set(['a', 'b']), 'c', false);
    expect([...selection]).toEqual(['c']);
  });

  it('adds and removes with Ctrl/Cmd+click', () => {
    const added = selectDesk(new Set(['a']), 'b', true);
    expect([...added].sort()).toEqual(['a', 'b']);
    expect([...selectDesk(added, 'a', true)]).toEqual(['b']);
  });

  it('drags the whole selection when the dragged desk is selected, else that desk alone', () => {
    expect(desksToDrag(new Set(['a', 'b']), 'a').sort()).toEqual(['a', 'b']);
    expect(desksToDrag(new Set(['a', 'b']), 'c')).toEqual(['c']);
  });

  it('forgets desks that no longer exist and keeps the same set otherwise', () => {
    const selection = new Set(['a', 'b']);
    expect([...pruneSelection(selection, new Set(['a']))]).toEqual(['a']);
    expect(pruneSelection(selection, new Set(['a', 'b', 'c']))).toBe(selection);
    expect(pruneSelection(emptySelection, new Set())).toBe(emptySelection);
  });
});
