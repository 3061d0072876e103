import { useEffect, useRef, useState } from 'react';

/**
 * A dialog whose list and forms take turns (Sites, Teams): the view shown, and `showList(focusId)`, which brings the
 * list back with the focus on the element that opened the form (its row's button), else on `fallbackFocusId` (the
 * Add button), as a keyboard or screen-reader user expects to land where they were.
 */
export function useListAndForms<View extends { type: string }>(fallbackFocusId: string) {
  const [view, setView] = useState<View | { type: 'list' }>({ type: 'list' });
  const returnFocusTo = useRef<string | null>(null);

  useEffect(() => {
    if (view.type !== 'list' || !returnFocusTo.current) return;
    const target = document.getElementById(returnFocusTo.current) ?? document.getElementById(fallbackFocusId);
    returnFocusTo.current = null;
    target?.focus();
  });

  const showList = (focusId: string) => {
    returnFocusTo.current = focusId;
    setView({ type: 'list' });
  };
  return { view, setView, showList };
}
