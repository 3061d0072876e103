import { type RefObject, useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';

/** The history entry full-screen mode adds, so that the browser's Back button leaves it (issue 34). */
const historyMark = 'perchFullScreenMap';

function isOurEntry(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>)[historyMark] === true;
}

/**
 * Makes everything on the page outside `element` inert (no focus, no clicks, hidden from screen readers), as a modal
 * dialog does; the toasts stay, so that what they say is still heard. Answers how to undo it.
 */
function makeOthersInert(element: HTMLElement): () => void {
  const changed: HTMLElement[] = [];
  for (let node: HTMLElement | null = element; node && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement?.children ?? []) {
      if (sibling === node || !(sibling instanceof HTMLElement) || sibling.inert) continue;
      // The toasts' region (Radix Toast's viewport).
      if (sibling.matches('[role="region"]')) continue;
      sibling.inert = true;
      changed.push(sibling);
    }
  }
  return () => {
    for (const sibling of changed) sibling.inert = false;
  };
}

/**
 * The map's full-screen mode (issue 34: on a phone the plan gets the whole screen): one tap on the Full screen
 * button; the close button, Escape and the browser's Back button return. While on, the rest of the page is inert
 * and does not scroll, focus goes to the close button, and back to the Full screen button on leaving.
 */
export function useFullScreenMap({
  containerRef,
  closeRef,
  openerRef,
}: {
  containerRef: RefObject<HTMLElement | null>;
  closeRef: RefObject<HTMLElement | null>;
  openerRef: RefObject<HTMLElement | null>;
}) {
  const [isFullScreen, setIsFullScreen] = useState(false);
  const wasFullScreen = useRef(false);

  const open = useCallback(() => {
    if (!isOurEntry(window.history.state)) window.history.pushState({ [historyMark]: true }, '');
    setIsFullScreen(true);
  }, []);
  // Leaving goes back through the history entry it added, so that Back afterwards leaves the page as before.
  const close = useCallback(() => {
    if (isOurEntry(window.history.state)) window.history.back();
    else setIsFullScreen(false);
  }, []);

  useEffect(() => {
    const onPopState = (event: PopStateEvent) => {
      if (!isOurEntry(event.state)) setIsFullScreen(false);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    // A dialog opened over the map (Book Desk) takes its own Escape first and marks it handled.
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const focused = document.activeElement;
    if (focused && focused !== document.body && !containerRef.current?.contains(focused)) return;
    event.preventDefault();
    close();
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!isFullScreen || !container) {
      if (wasFullScreen.current) {
        wasFullScreen.current = false;
        openerRef.current?.focus({ preventScroll: true });
      }
      return;
    }
    wasFullScreen.current = true;
    const undoInert = makeOthersInert(container);
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    closeRef.current?.focus();
    const keyDown = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', keyDown);
    return () => {
      document.removeEventListener('keydown', keyDown);
      root.style.overflow = overflow;
      undoInert();
    };
  }, [isFullScreen, containerRef, closeRef, openerRef]);

  return { isFullScreen, open, close };
}
