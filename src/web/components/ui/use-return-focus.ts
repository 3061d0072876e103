import { type RefObject, useEffect, useState } from 'react';

/**
 * Perch opens most dialogs without a Radix trigger (from the sidebar, a desk tile, a menu), and Radix then
 * leaves focus on the page body when they close. This hands focus back to whatever had it when the dialog
 * first rendered (read during render, before the dialog moves focus inside), once the dialog is gone and
 * unless something else has taken focus meanwhile.
 */
export function useReturnFocus(contentRef: RefObject<HTMLElement | null>): void {
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(() => {
    const content = contentRef.current;
    return () => {
      // After Radix has finished its own unmount focus handling.
      setTimeout(() => {
        if (content?.isConnected || !opener?.isConnected) return;
        const focused = document.activeElement;
        if (focused && focused !== document.body) return;
        opener.focus();
      }, 0);
    };
  }, [contentRef, opener]);
}
