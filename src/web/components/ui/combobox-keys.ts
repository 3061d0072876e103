/**
 * What a key does in a combobox (ARIA 1.2 editable combobox with a list popup), as a pure function so that the
 * whole keyboard is tested as a table. `activeIndex` is the option aria-activedescendant points at, -1 for none.
 */
export type ComboboxKeyAction =
  | { type: 'open'; activeIndex: number }
  | { type: 'move'; activeIndex: number }
  | { type: 'select'; index: number }
  | { type: 'close' }
  | { type: 'clear' };

export interface ComboboxKeyState {
  key: string;
  altKey?: boolean;
  isOpen: boolean;
  activeIndex: number;
  /** Options shown in the list. */
  count: number;
  /** The chosen option's place in the list, -1 when it is not shown or nothing is chosen. */
  selectedIndex: number;
  /** Whether there is anything to clear: a choice or typed text. */
  hasValue: boolean;
}

/** The key's action, or null when the input should do what it always does (move the caret, submit the form...). */
export function comboboxKeyAction(state: ComboboxKeyState): ComboboxKeyAction | null {
  const { key, isOpen, activeIndex, count, selectedIndex } = state;
  const last = count - 1;
  if (!isOpen) {
    if (key === 'ArrowDown') {
      // Alt+Down opens without moving (APG); else the chosen option, or the first one, becomes active.
      return { type: 'open', activeIndex: state.altKey ? -1 : selectedIndex >= 0 ? selectedIndex : Math.min(0, last) };
    }
    if (key === 'ArrowUp') return { type: 'open', activeIndex: selectedIndex >= 0 ? selectedIndex : last };
    if (key === 'Escape') return state.hasValue ? { type: 'clear' } : null;
    return null;
  }
  switch (key) {
    case 'ArrowDown':
      if (state.altKey) return null;
      return { type: 'move', activeIndex: count === 0 ? -1 : activeIndex >= last ? 0 : activeIndex + 1 };
    case 'ArrowUp':
      if (state.altKey) return { type: 'close' };
      return { type: 'move', activeIndex: count === 0 ? -1 : activeIndex <= 0 ? last : activeIndex - 1 };
    case 'Home':
      return { type: 'move', activeIndex: count === 0 ? -1 : 0 };
    case 'End':
      return { type: 'move', activeIndex: last };
    case 'Enter':
      return activeIndex >= 0 && activeIndex < count ? { type: 'select', index: activeIndex } : { type: 'close' };
    case 'Escape':
      return { type: 'close' };
    default:
      return null;
  }
}
