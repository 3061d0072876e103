import { describe, expect, it } from 'vitest';
import { emptyHistory, type HistoryEntry, pushHistory, undoHistory, withoutEntry } from './history.ts';

const entry = (action: string, x = 0): HistoryEntry => ({
  action,
  desks: [{ id: 'a', x, y: 0, rotation: 0 }],
  timestamp: 1,
});

describe('undo history', () => {
  it('gives back the newest snapshot first', () => {
    const history = pushHistory(pushHistory(emptyHistory, entry('Move desk', 1)), entry('Rotate desk', 2));
    const undone = undoHistory(history);
    expect(undone?.entry.action).toBe('Rotate desk');
    expect(undone?.entry.desks).toEqual([{ id: 'a', x: 2, y: 0, rotation: 0 }]);
    expect(undoHistory(undone!.history)?.entry.action).toBe('Move desk');
  });

  it('keeps only the last 10 actions', () => {
    let history = emptyHistory;
    for (let index = 1; index <= 12; index += 1) history = pushHistory(history, entry(`Move ${index}`));
    expect(history).toHaveLength(10);
    expect(history[0]?.action).toBe('Move 3');
    expect(history.at(-1)?.action).toBe('Move 12');
  });

  it('has nothing to undo when empty', () => {
    expect(undoHistory(emptyHistory)).toBeNull();
  });

  it('ignores an action that touched no desk', () => {
    expect(pushHistory(emptyHistory, { action: 'Nothing', desks: [], timestamp: 1 })).toBe(emptyHistory);
  });

  it('drops an entry whose change failed to save', () => {
    const failed = entry('Move desk');
    const history = pushHistory(pushHistory(emptyHistory, entry('Older')), failed);
    expect(withoutEntry(history, failed).map((item) => item.action)).toEqual(['Older']);
  });
});
