import { describe, expect, it } from 'vitest';
import { type ComboboxKeyState, comboboxKeyAction } from './combobox-keys.ts';

const closed: Omit<ComboboxKeyState, 'key'> = {
  isOpen: false,
  activeIndex: -1,
  count: 5,
  selectedIndex: -1,
  hasValue: false,
};
const open = { ...closed, isOpen: true, activeIndex: 2 };

describe('comboboxKeyAction', () => {
  it.each<[string, ComboboxKeyState, ReturnType<typeof comboboxKeyAction>]>([
    ['Down opens a closed list on its first option', { ...closed, key: 'ArrowDown' }, { type: 'open', activeIndex: 0 }],
    [
      'Down opens a closed list on the chosen option',
      { ...closed, key: 'ArrowDown', selectedIndex: 3 },
      { type: 'open', activeIndex: 3 },
    ],
    [
      'Alt+Down opens without an active option',
      { ...closed, key: 'ArrowDown', altKey: true },
      { type: 'open', activeIndex: -1 },
    ],
    ['Up opens a closed list on its last option', { ...closed, key: 'ArrowUp' }, { type: 'open', activeIndex: 4 }],
    ['Escape clears a closed field that has a value', { ...closed, key: 'Escape', hasValue: true }, { type: 'clear' }],
    ['Escape on an empty closed field is left to the dialog', { ...closed, key: 'Escape' }, null],
    ['Enter on a closed list submits the form as usual', { ...closed, key: 'Enter' }, null],
    ['Home on a closed list moves the caret', { ...closed, key: 'Home' }, null],
    ['Down moves to the next option', { ...open, key: 'ArrowDown' }, { type: 'move', activeIndex: 3 }],
    [
      'Down wraps from the last option',
      { ...open, key: 'ArrowDown', activeIndex: 4 },
      { type: 'move', activeIndex: 0 },
    ],
    ['Up moves to the previous option', { ...open, key: 'ArrowUp' }, { type: 'move', activeIndex: 1 }],
    ['Up wraps from the first option', { ...open, key: 'ArrowUp', activeIndex: 0 }, { type: 'move', activeIndex: 4 }],
    ['Alt+Up closes the list', { ...open, key: 'ArrowUp', altKey: true }, { type: 'close' }],
    ['Home goes to the first option', { ...open, key: 'Home' }, { type: 'move', activeIndex: 0 }],
    ['End goes to the last option', { ...open, key: 'End' }, { type: 'move', activeIndex: 4 }],
    ['Enter chooses the active option', { ...open, key: 'Enter' }, { type: 'select', index: 2 }],
    ['Enter with no active option only closes', { ...open, key: 'Enter', activeIndex: -1 }, { type: 'close' }],
    ['Escape closes an open list', { ...open, key: 'Escape', hasValue: true }, { type: 'close' }],
    [
      'Down in an empty list has nothing to move to',
      { ...open, key: 'ArrowDown', count: 0 },
      { type: 'move', activeIndex: -1 },
    ],
    [
      'End in an empty list has nothing to move to',
      { ...open, key: 'End', count: 0 },
      { type: 'move', activeIndex: -1 },
    ],
    ['a letter is typed into the field', { ...open, key: 'a' }, null],
  ])('%s', (_name, state, action) => {
    expect(comboboxKeyAction(state)).toEqual(action);
  });
});
