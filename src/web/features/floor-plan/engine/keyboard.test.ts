import { describe, expect, it } from 'vitest';
import { commandForKey, type KeyPress } from './keyboard.ts';

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...extra,
});

describe('edit-mode keys', () => {
  it('undoes with Ctrl+Z and Cmd+Z, with or without a selection', () => {
    expect(commandForKey(press('z', { ctrlKey: true }), false)).toEqual({ type: 'undo' });
    expect(commandForKey(press('z', { metaKey: true }), true)).toEqual({ type: 'undo' });
    expect(commandForKey(press('z', { ctrlKey: true, shiftKey: true }), true)).toBeNull();
  });

  it('moves the selection 1 unit with arrows and 10 with Shift', () => {
    expect(commandForKey(press('ArrowLeft'), true)).toEqual({ type: 'nudge', delta: { x: -1, y: 0 } });
    expect(commandForKey(press('ArrowDown', { shiftKey: true }), true)).toEqual({
      type: 'nudge',
      delta: { x: 0, y: 10 },
    });
  });

  it('rotates clockwise with r and counter-clockwise with R', () => {
    expect(commandForKey(press('r'), true)).toEqual({ type: 'rotate', degrees: 15 });
    expect(commandForKey(press('R', { shiftKey: true }), true)).toEqual({ type: 'rotate', degrees: -15 });
  });

  it('asks to delete with Delete and clears with Escape', () => {
    expect(commandForKey(press('Delete'), true)).toEqual({ type: 'delete' });
    expect(commandForKey(press('Escape'), true)).toEqual({ type: 'clear-selection' });
  });

  it('does nothing to desks when none is selected', () => {
    for (const key of ['ArrowUp', 'r', 'Delete', 'Escape']) expect(commandForKey(press(key), false)).toBeNull();
  });

  it('leaves browser shortcuts alone', () => {
    expect(commandForKey(press('r', { ctrlKey: true }), true)).toBeNull();
    expect(commandForKey(press('ArrowLeft', { altKey: true }), true)).toBeNull();
  });
});
